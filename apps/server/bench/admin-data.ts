/**
 * The dataset of `bench:admin` (issue 17): the demo catalogue grown to 20,000 products and a year of
 * 100,000 orders from 5,000 people, written in bulk straight into the tables (multi-row inserts for
 * what is generated in JavaScript, `insert … select … from generate_series` for the orders), with the
 * columns the application itself would have written: orders priced from their products' prices of the
 * order's tier, totals that add up, a state history that follows the state machine, search documents
 * refreshed by the catalogue's own `refreshSearchDocuments`. Deterministic: the same seed gives the
 * same rows, so two runs measure the same data.
 */
import { ORDER_STATUS, PAYMENT_METHODS } from '@piel/contracts'
import { asc, eq, type SQL, sql } from 'drizzle-orm'
import { seedDemoCatalog } from '../seed'
import type { Db } from '../src/db'
import { persons } from '../src/domains/accounts/tables'
import { findDepartment, findMunicipality } from '../src/domains/addresses/places'
import { addresses } from '../src/domains/addresses/tables'
import { mediaUrl } from '../src/domains/catalog/media'
import { refreshSearchDocuments } from '../src/domains/catalog/search'
import {
  catalogs,
  characteristics,
  media,
  productCharacteristics,
  productImages,
  products,
  subcategories,
} from '../src/domains/catalog/tables'
import { EXPIRED_NOTE } from '../src/domains/orders/status'

export interface DatasetSize {
  products: number
  orders: number
  people: number
}

export interface DatasetFigures extends DatasetSize {
  catalogs: number
  subcategories: number
  brands: number
  orderLines: number
  historyRows: number
  corporateClients: number
  /** Seconds each step took, in order. */
  steps: { name: string; seconds: number }[]
}

/** A small deterministic generator (mulberry32): the same seed, the same dataset. */
function generator(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
  const below = (n: number) => Math.floor(next() * n)
  const pick = <T>(list: readonly T[]): T => list[below(list.length)] as T
  return { next, below, pick }
}

/** Catalogues added to the demo's seven, so that the shop has ten. */
const EXTRA_CATALOGS = [
  {
    name: 'Maquillaje dermatológico',
    backgroundColor: '#F7E9E1',
    icon: 'brush',
    subcategories: ['Bases', 'Correctores', 'Polvos'],
  },
  {
    name: 'Cuidado capilar',
    backgroundColor: '#EAF1E4',
    icon: 'hair',
    subcategories: ['Champús', 'Anticaída', 'Cuero cabelludo sensible'],
  },
  {
    name: 'Bebés y maternidad',
    backgroundColor: '#E8F0FB',
    icon: 'baby',
    subcategories: ['Cambio de pañal', 'Baño del bebé', 'Embarazo'],
  },
]

/** The words a product's name starts with, by catalogue. */
const KINDS: Record<string, readonly string[]> = {
  'Protección solar': [
    'Protector solar',
    'Fluido solar',
    'Bloqueador',
    'Gel-crema solar',
    'Spray solar',
    'Fotoprotector',
  ],
  'Limpieza facial': ['Gel limpiador', 'Espuma limpiadora', 'Agua micelar', 'Exfoliante', 'Leche limpiadora'],
  Hidratación: ['Crema hidratante', 'Gel hidratante', 'Sérum hidratante', 'Mascarilla', 'Emulsión'],
  Tratamiento: ['Sérum', 'Tratamiento', 'Despigmentante', 'Crema antiedad', 'Concentrado', 'Ampollas'],
  'Contorno de ojos': ['Contorno de ojos', 'Gel contorno', 'Crema de ojos', 'Parches de ojos'],
  'Reparadoras y piel sensible': [
    'Crema reparadora',
    'Bálsamo reparador',
    'Agua termal',
    'Crema calmante',
    'Emoliente',
  ],
  'Cuidado corporal': ['Loción corporal', 'Crema corporal', 'Gel de ducha', 'Crema de manos', 'Crema de pies'],
  'Maquillaje dermatológico': ['Base fluida', 'Corrector', 'Polvo compacto', 'BB cream', 'CC cream'],
  'Cuidado capilar': ['Champú', 'Acondicionador', 'Loción anticaída', 'Mascarilla capilar'],
  'Bebés y maternidad': ['Crema del pañal', 'Gel-champú', 'Crema antiestrías', 'Leche hidratante', 'Aceite de masaje'],
}
const LINES = [
  'Hydra',
  'Derma',
  'Sensi',
  'Aqua',
  'Pure',
  'Clear',
  'Balance',
  'Lumi',
  'Nutri',
  'Repair',
  'Calm',
  'Vital',
  'Bio',
  'Oil Control',
  'Ultra',
  'Cica',
  'Pigment',
  'Age',
  'Soft',
  'Intense',
]
const VARIANTS = [
  '',
  '',
  'FPS 50+',
  'FPS 30',
  'con color',
  'piel grasa',
  'piel seca',
  'piel sensible',
  'sin perfume',
  'toque seco',
  'intensivo',
  'calmante',
  'matificante',
  'con niacinamida',
  'con ácido hialurónico',
  'con vitamina C',
  'con urea 10 %',
  'con retinol',
  'con centella asiática',
]
const SIZES = ['15 ml', '30 ml', '40 ml', '50 ml', '75 ml', '100 ml', '150 ml', '200 ml', '250 ml', '400 ml', '50 g']
const SKINS = ['Seca', 'Grasa', 'Mixta', 'Normal', 'Sensible', 'Todo tipo de piel']
const BENEFITS = [
  'Hidrata durante 24 horas sin dejar sensación grasa',
  'Calma la piel irritada y refuerza su barrera',
  'Unifica el tono y atenúa las manchas',
  'Controla el brillo y afina los poros',
  'Protege de los rayos UVA y UVB',
  'Limpia en profundidad sin resecar',
  'Reduce las líneas de expresión',
  'Apto para piel sensible, sin perfume',
]
/** The demo's fourteen brands come with its products; these make sixty in all. */
const MORE_BRANDS = [
  'Sebamed',
  'Mustela',
  'Ducray',
  'A-Derma',
  'Klorane',
  'Filorga',
  'Martiderm',
  'Endocare',
  'NeoStrata',
  'SkinCeuticals',
  'Babaria',
  'Lierac',
  'Nuxe',
  'Caudalie',
  'Galénic',
  'Noreva',
  'Topicrem',
  'Dermaglós',
  'Umbrella',
  'Lubriderm',
  'Aveeno',
  'Dermalia',
  'Andina Derm',
  'Botánica del Sur',
  'Piel Sana',
  'Kera Lab',
  'Lumière',
  'Selva Viva',
  'Dermika',
  'Nativa',
  'Cuida Lab',
  'Aqualis',
  'Solaris',
  'Nórdica',
  'Dermacol',
  'Terra Derm',
  'Vitalia',
  'Purifica',
  'Alma Natural',
  'Cutis',
  'Epidermis Lab',
  'Dermo Andes',
  'Medipiel',
  'Bioskin',
  'Clínica Derm',
  'Floralis',
]

const FIRST_NAMES = [
  'Ana María',
  'Juan Carlos',
  'Luisa Fernanda',
  'Andrés Felipe',
  'María José',
  'Carlos Andrés',
  'Valentina',
  'Santiago',
  'Daniela',
  'Sebastián',
  'Camila',
  'Alejandro',
  'Laura',
  'Diego',
  'Natalia',
  'Felipe',
  'Paula Andrea',
  'Jorge',
  'Sofía',
  'Mateo',
  'Isabella',
  'David',
  'Carolina',
  'Julián',
  'Diana',
  'Esteban',
  'Marcela',
  'Óscar',
  'Lina',
  'Camilo',
  'Gabriela',
  'Nicolás',
  'Manuela',
  'Ricardo',
  'Angélica',
  'Héctor',
  'Juliana',
  'Mauricio',
  'Catalina',
  'Fernando',
]
const LAST_NAMES = [
  'Rosero',
  'Paz',
  'Gómez',
  'Rodríguez',
  'Martínez',
  'López',
  'García',
  'Hernández',
  'Muñoz',
  'Díaz',
  'Moreno',
  'Álvarez',
  'Romero',
  'Ramírez',
  'Torres',
  'Castro',
  'Ortiz',
  'Benavides',
  'Guerrero',
  'Erazo',
  'Burbano',
  'Delgado',
  'Narváez',
  'Zambrano',
  'Ordóñez',
  'Cabrera',
  'Insuasty',
  'Villota',
  'Mora',
  'Rojas',
  'Vargas',
  'Jiménez',
  'Suárez',
  'Chamorro',
  'Pantoja',
  'Bravo',
  'Realpe',
  'Solarte',
  'Enríquez',
  'Arteaga',
]
const MAIL_DOMAINS = ['gmail.com', 'hotmail.com', 'outlook.com', 'yahoo.com', 'udenar.edu.co', 'une.net.co']
const STREETS = ['Calle', 'Carrera', 'Avenida', 'Transversal', 'Diagonal']
const NEIGHBORHOODS = [
  'Centro',
  'La Aurora',
  'Las Cuadras',
  'Palermo',
  'San Ignacio',
  'Chapinero',
  'El Poblado',
  'Granada',
]
/** Where the shop delivers most (DANE codes); Pasto first, the shop is there. */
const MUNICIPALITIES = [
  '52001',
  '52001',
  '52001',
  '11001',
  '05001',
  '76001',
  '08001',
  '68001',
  '52356',
  '19001',
  '66001',
  '17001',
  '13001',
  '52835',
]

const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '')

const brandCode = (brand: string) => plain(brand).slice(0, 3).toUpperCase().padEnd(3, 'X')

const BATCH = 1_000

/** The rows of a raw statement's answer (`db.execute`). */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

async function insertInBatches<T>(rows: readonly T[], write: (batch: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += BATCH) await write(rows.slice(start, start + BATCH))
}

/** Runs `step`, timing it into `steps`. */
async function timed<T>(steps: DatasetFigures['steps'], name: string, step: () => Promise<T>): Promise<T> {
  const started = performance.now()
  const result = await step()
  steps.push({ name, seconds: (performance.now() - started) / 1000 })
  return result
}

/** Ten catalogues: the demo's seven (with its 95 products, characteristics and synonyms) and three more. */
async function seedCatalogs(db: Db, storeId: number) {
  await seedDemoCatalog(db, { id: storeId, name: 'Piel Dermocosmética' }, { pictures: false })
  const [last] = await db
    .select({ position: sql<number>`max(${catalogs.position})::int` })
    .from(catalogs)
    .where(eq(catalogs.storeId, storeId))
  for (const [index, extra] of EXTRA_CATALOGS.entries()) {
    const [row] = await db
      .insert(catalogs)
      .values({
        storeId,
        name: extra.name,
        backgroundColor: extra.backgroundColor,
        icon: extra.icon,
        position: (last?.position ?? 0) + 1 + index,
      })
      .returning({ id: catalogs.id })
    if (!row) throw new Error(`catalog ${extra.name} not stored`)
    await db
      .insert(subcategories)
      .values(extra.subcategories.map((name, position) => ({ catalogId: row.id, name, position })))
  }
  return db
    .select({ id: subcategories.id, catalogName: catalogs.name })
    .from(subcategories)
    .innerJoin(catalogs, eq(catalogs.id, subcategories.catalogId))
    .where(eq(catalogs.storeId, storeId))
    .orderBy(asc(subcategories.id))
}

/** The products the demo lacks to reach `total`, with their characteristics and a main picture for most. */
async function growProducts(db: Db, storeId: number, total: number, random: ReturnType<typeof generator>) {
  const subs = await seedCatalogs(db, storeId)
  const demoBrands = (await db.selectDistinct({ brand: products.brand }).from(products)).map((row) => row.brand)
  const brands = [...demoBrands, ...MORE_BRANDS]
  const [existing] = await db.select({ count: sql<number>`count(*)::int` }).from(products)
  const missing = total - (existing?.count ?? 0)
  const day = 86_400_000
  const now = Date.now()
  const drafts = Array.from({ length: missing }, (_, index) => {
    const sub = random.pick(subs)
    const kind = random.pick(KINDS[sub.catalogName] ?? ['Crema', 'Gel', 'Loción'])
    // A few brands sell much more than the rest: the demo's first, then a long tail.
    const brand = brands[Math.floor(brands.length * random.next() ** 1.7)] as string
    const name = [kind, random.pick(LINES), random.pick(VARIANTS), random.pick(SIZES)].filter(Boolean).join(' ')
    const price = 9_900 + random.below(240) * 1_000
    const threshold = random.pick([5, 5, 5, 3, 10])
    const stockRoll = random.next()
    const stock =
      stockRoll < 0.08 ? 0 : stockRoll < 0.18 ? 1 + random.below(threshold - 1) : threshold + random.below(400)
    const created = now - random.below(730) * day - random.below(day)
    const skins = [random.pick(SKINS), random.pick(SKINS)]
    return {
      row: {
        storeId,
        subcategoryId: sub.id,
        reference: `${brandCode(brand)}-${String(index + 1).padStart(5, '0')}`,
        name,
        detail: `${kind} de ${brand} para piel ${skins[0]?.toLowerCase()}. ${random.pick(BENEFITS)}.`,
        brand,
        price,
        discount: random.next() < 0.2 ? random.pick([10, 15, 20, 30]) : 0,
        iva: 19,
        corporatePrice: Math.round((price * 0.88) / 100) * 100,
        corporateDiscount: random.next() < 0.1 ? 5 : 0,
        corporateIva: 19,
        stock,
        lowStockThreshold: threshold,
        unitsSold: Math.floor(3_000 * random.next() ** 3),
        invimaRegistration: `NSOC${10_000 + random.below(89_999)}-${20 + random.below(6)}CO`,
        active: random.next() >= 0.08,
        createdAt: new Date(created),
        updatedAt: new Date(created + random.below(Math.max(1, now - created))),
      },
      kind,
      brand,
      skins: [...new Set(skins)],
    }
  })
  const ids: number[] = []
  await insertInBatches(drafts, async (batch) => {
    const inserted = await db
      .insert(products)
      .values(batch.map((draft) => draft.row))
      .returning({ id: products.id })
    ids.push(...inserted.map((row) => row.id))
  })
  const known = new Map(
    (await db.select({ id: characteristics.id, name: characteristics.name }).from(characteristics)).map((row) => [
      row.name,
      row.id,
    ]),
  )
  const links = drafts.flatMap((draft, index) => {
    const productId = ids[index] as number
    const values: [string, string][] = [
      ['Marca', draft.brand],
      ['Tipo de producto', draft.kind],
      ...draft.skins.map((skin): [string, string] => ['Tipo de piel', skin]),
    ]
    return values.flatMap(([name, value]) => {
      const characteristicId = known.get(name)
      return characteristicId === undefined ? [] : [{ productId, characteristicId, value }]
    })
  })
  await insertInBatches(links, (batch) => db.insert(productCharacteristics).values(batch))
  // One small picture shared by most products: the list joins each product's main picture.
  await db.insert(media).values({ key: 'bench-producto.webp', contentType: 'image/webp', bytes: Buffer.from('RIFF') })
  await db.execute(sql`
    insert into ${productImages} (product_id, position, media_key)
    select id, 0, 'bench-producto.webp' from ${products} where id % 10 <> 0`)
  return { subcategories: subs.length, brands: brands.length }
}

/** People, a few of them corporate clients, each with one or two delivery addresses. */
async function seedPeople(db: Db, count: number, random: ReturnType<typeof generator>) {
  const day = 86_400_000
  const now = Date.now()
  const people = Array.from({ length: count }, (_, index) => {
    const first = random.pick(FIRST_NAMES)
    const last = `${random.pick(LAST_NAMES)} ${random.pick(LAST_NAMES)}`
    const corporateRoll = random.next()
    const corporate = corporateRoll < 0.04
    return {
      email: `${plain(first.split(' ')[0] ?? first)}.${plain(last.split(' ')[0] ?? last)}${index + 1}@${random.pick(MAIL_DOMAINS)}`,
      firstNames: first,
      lastNames: last,
      birthDate: `${1960 + random.below(45)}-${String(1 + random.below(12)).padStart(2, '0')}-${String(1 + random.below(28)).padStart(2, '0')}`,
      genderId: random.below(2),
      documentType: 'CC',
      documentNumber: String(10_000_000 + index * 137 + random.below(100)),
      phone: `+573${String(100_000_000 + random.below(899_999_999)).slice(0, 9)}`,
      isCorporateClient: corporate,
      nit: corporate ? `900${String(100_000 + random.below(899_999))}-${random.below(10)}` : null,
      isAuthorizedCorporate: corporate && corporateRoll < 0.03,
      registeredAt: new Date(now - 30 * day - random.below(700) * day),
    }
  })
  const ids: number[] = []
  await insertInBatches(people, async (batch) => {
    const inserted = await db.insert(persons).values(batch).returning({ id: persons.id })
    ids.push(...inserted.map((row) => row.id))
  })
  const rows = people.flatMap((person, index) => {
    const personId = ids[index] as number
    const count = random.next() < 0.2 ? 2 : 1
    return Array.from({ length: count }, (_, n) => {
      const municipalityCode = random.pick(MUNICIPALITIES)
      const receiverName =
        n === 0 && random.next() < 0.8
          ? `${person.firstNames} ${person.lastNames}`
          : `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`
      return {
        personId,
        street: `${random.pick(STREETS)} ${1 + random.below(120)} # ${1 + random.below(90)}-${1 + random.below(99)}`,
        reference: random.next() < 0.3 ? 'Apartamento 302' : null,
        receiverName,
        phone: `3${String(100_000_000 + random.below(899_999_999)).slice(0, 9)}`,
        neighborhood: random.pick(NEIGHBORHOODS),
        isMain: n === 0,
        departmentCode: municipalityCode.slice(0, 2),
        municipalityCode,
      }
    })
  })
  await insertInBatches(rows, (batch) => db.insert(addresses).values(batch))
  return people.filter((person) => person.isCorporateClient).length
}

/** An integer written into a statement as a literal. */
const int = (value: number) => sql.raw(String(Math.trunc(value)))
const literals = <K extends string>(values: Record<K, number>) =>
  Object.fromEntries(Object.entries<number>(values).map(([key, value]) => [key, int(value)])) as Record<K, SQL>

/** Uniform in [0, 1) from `g` and a salt, in SQL: the orders' dice. */
const dice = (salt: number) => sql.raw(`((hashint4(g * 16 + ${salt})::bigint + 2147483648) / 4294967296.0)`)

/**
 * A year of orders as `place_order` and the state machine would have left them: lines priced from the
 * product in the order's tier (`unit_price`, `list_price`, `line_iva` as pricing.ts computes them), totals
 * summed from the lines plus shipping, the address copied, `expires_at` a day after the order, the
 * payment method of those that tried to pay, and one history row per state the order went through.
 * Old orders are delivered or cancelled; the last days hold every open state.
 */
async function seedOrders(db: Db, storeId: number, count: number, shipping: number) {
  const { pendingPayment, paid, inPreparation, packed, onTheWay, delivered, cancelled, paymentRejected } = ORDER_STATUS
  const places = [...new Set(MUNICIPALITIES)].map((code) => {
    const municipality = findMunicipality(code)
    return {
      code,
      municipality: municipality?.name ?? code,
      department: findDepartment(code.slice(0, 2))?.name ?? code.slice(0, 2),
    }
  })
  const placeRows = sql.join(
    places.map((place) => sql`(${place.code}, ${place.municipality}, ${place.department})`),
    sql`, `,
  )
  const { widget, card, pse, nequi, cash } = PAYMENT_METHODS
  // Numbers written into the statements as literals: a parameter in a CASE would make its column text.
  const state = literals(ORDER_STATUS)
  const method = literals({ widget: widget.id, card: card.id, pse: pse.id, nequi: nequi.id, cash: cash.id })
  const secondsPerOrder = Math.floor((365 * 86_400) / count)
  await db.execute(sql`drop table if exists bench_places, bench_people, bench_products, bench_plan, bench_lines`)
  await db.execute(sql`create temp table bench_places (code text primary key, municipality text, department text)`)
  await db.execute(sql`insert into bench_places values ${placeRows}`)
  await db.execute(sql`
    create temp table bench_people as
    select (row_number() over (order by p.id) - 1)::int as idx, p.id as person_id,
      p.is_authorized_corporate as corporate, a.id as address_id, a.street, a.reference, a.neighborhood,
      a.receiver_name, a.phone, a.municipality_code, pl.municipality, pl.department
    from ${persons} p
    join lateral (select * from ${addresses} where person_id = p.id order by id limit 1) a on true
    join bench_places pl on pl.code = a.municipality_code
    where not p.is_admin`)
  await db.execute(sql`alter table bench_people add primary key (idx)`)
  await db.execute(sql`
    create temp table bench_products as
    select (row_number() over (order by p.id) - 1)::int as idx, p.id, p.reference, p.name,
      p.price, p.discount, p.iva, p.corporate_price, p.corporate_discount, p.corporate_iva,
      ${mediaUrl('bench-producto.webp')} as picture, (i.product_id is not null) as has_picture
    from ${products} p left join ${productImages} i on i.product_id = p.id and i.position = 0`)
  await db.execute(sql`alter table bench_products add primary key (idx)`)
  const [sizes] = rowsOf<{ people: number; products: number }>(
    await db.execute(
      sql`select (select count(*) from bench_people)::int as people, (select count(*) from bench_products)::int as products`,
    ),
  )
  const peopleCount = sizes?.people ?? 0
  const productCount = sizes?.products ?? 0

  // Each order's person (a few buy often), time (evenly spread over the year, in id order), state and payment.
  await db.execute(sql`
    create temp table bench_plan as
    with base as (
      select g as id,
        now() - make_interval(secs => (${int(count)} - g) * ${int(secondsPerOrder)} + abs(hashint4(g * 16 + 1)) % ${int(secondsPerOrder)}) as created_at,
        floor(power(${dice(2)}, 1.6) * ${int(peopleCount)})::int as person_idx,
        ${dice(3)} as u_state, ${dice(4)} as u_pay, ${dice(5)} as u_tier,
        case when ${dice(6)} < 0.45 then 1 when ${dice(6)} < 0.8 then 2 else 3 end as line_count
      from generate_series(1, ${int(count)}) as g
    ),
    aged as (
      select b.*, extract(epoch from now() - b.created_at) / 86400 as age_days from base b
    ),
    stated as (
      select a.*,
        case
          when a.age_days < 1 then case
            when a.u_state < 0.30 then ${state.pendingPayment} when a.u_state < 0.35 then ${state.paymentRejected}
            when a.u_state < 0.65 then ${state.paid} when a.u_state < 0.85 then ${state.inPreparation}
            when a.u_state < 0.90 then ${state.packed} else ${state.cancelled} end
          when a.age_days < 3 then case
            when a.u_state < 0.10 then ${state.paid} when a.u_state < 0.25 then ${state.inPreparation}
            when a.u_state < 0.40 then ${state.packed} when a.u_state < 0.75 then ${state.onTheWay}
            when a.u_state < 0.88 then ${state.delivered} else ${state.cancelled} end
          when a.age_days < 7 then case
            when a.u_state < 0.25 then ${state.onTheWay} when a.u_state < 0.90 then ${state.delivered} else ${state.cancelled} end
          else case when a.u_state < 0.88 then ${state.delivered} else ${state.cancelled} end
        end as status_id
      from aged a
    )
    select s.*, pp.person_id, pp.address_id, pp.street, pp.reference, pp.neighborhood, pp.receiver_name, pp.phone,
      pp.municipality_code, pp.municipality, pp.department,
      case when pp.corporate and s.u_tier < 0.85 then 'corporate' else 'normal' end as price_tier,
      -- Cancelled: most of them never paid and expired; the rest were paid, then cancelled by the shop.
      (s.status_id = ${state.cancelled} and s.u_tier >= 0.3) as expired,
      case
        when s.status_id = ${state.pendingPayment} and s.u_pay < 0.4 then null
        when s.status_id = ${state.cancelled} and s.u_tier >= 0.3 and s.u_pay < 0.6 then null
        when s.u_pay < 0.45 then ${method.widget} when s.u_pay < 0.65 then ${method.card} when s.u_pay < 0.80 then ${method.pse}
        when s.u_pay < 0.92 then ${method.nequi} else ${method.cash}
      end as payment_type
    from stated s join bench_people pp on pp.idx = s.person_idx`)
  await db.execute(sql`alter table bench_plan add primary key (id)`)

  // The lines: distinct products per order (a few sell much more), priced in the order's tier.
  await db.execute(sql`
    create temp table bench_lines as
    with picked as (
      select p.id as order_id, p.price_tier, k.position,
        (floor(power(((hashint4(p.id * 8)::bigint + 2147483648) / 4294967296.0), 1.8) * ${int(productCount)})::int
          + k.position * 7919) % ${int(productCount)} as product_idx,
        case when abs(hashint4(p.id * 8 + k.position + 4)) % 10 < 7 then 1 else 2 + abs(hashint4(p.id * 8 + 5)) % 2 end as quantity
      from bench_plan p cross join lateral generate_series(0, p.line_count - 1) as k(position)
    ),
    priced as (
      select x.order_id, pr.id as product_id, x.position, pr.reference, pr.name,
        case when pr.has_picture then pr.picture else ${mediaUrl(null)} end as image,
        case when x.price_tier = 'corporate' then pr.corporate_price else pr.price end as unit_price,
        case when x.price_tier = 'corporate' then pr.corporate_discount else pr.discount end as discount,
        case when x.price_tier = 'corporate' then pr.corporate_iva else pr.iva end as iva,
        x.quantity
      from picked x join bench_products pr on pr.idx = x.product_idx
    )
    select order_id, product_id, position, reference, name, image, unit_price,
      case when discount > 0 then round(unit_price * (100 + discount) / 100.0)::int else unit_price end as list_price,
      discount, iva, quantity, unit_price * quantity as line_total,
      case when iva <= 0 or unit_price * quantity = 0 then 0
        else (2 * unit_price * quantity * iva + 100 + iva) / (2 * (100 + iva)) end as line_iva
    from priced`)

  // The history: every state the order went through, with plausible times after the order.
  const paths = sql.raw(`case
      when p.status_id = ${pendingPayment} then array[${pendingPayment}]
      when p.status_id = ${paymentRejected} then array[${pendingPayment}, ${paymentRejected}]
      when p.status_id = ${paid} then array[${pendingPayment}, ${paid}]
      when p.status_id = ${inPreparation} then array[${pendingPayment}, ${paid}, ${inPreparation}]
      when p.status_id = ${packed} then array[${pendingPayment}, ${paid}, ${inPreparation}, ${packed}]
      when p.status_id = ${onTheWay} then array[${pendingPayment}, ${paid}, ${inPreparation}, ${packed}, ${onTheWay}]
      when p.status_id = ${delivered} then array[${pendingPayment}, ${paid}, ${inPreparation}, ${packed}, ${onTheWay}, ${delivered}]
      when p.expired then array[${pendingPayment}, ${cancelled}]
      else array[${pendingPayment}, ${paid}, ${cancelled}]
    end`)
  // Hours after the order at which each step of a path happened (the expiry a day later).
  const stepHours = sql.raw(`case
      when p.expired and s.step = 2 then 24
      else (array[0, 0.2, 5, 20, 30, 80])[s.step] end`)
  const methodName = sql.raw(`case p.payment_type
      when ${widget.id} then '${widget.name} (' || (array['tarjeta', 'PSE', 'Nequi', 'Bancolombia'])[1 + abs(hashint4(p.id)) % 4] || ')'
      when ${card.id} then '${card.name}' when ${pse.id} then '${pse.name}'
      when ${nequi.id} then '${nequi.name}' when ${cash.id} then '${cash.name}' end`)

  await db.execute(sql`
    insert into orders (id, person_id, store_id, address_id, street, address_reference, neighborhood, receiver_name,
      receiver_phone, municipality_code, municipality_name, department_name, observation, price_tier, item_count,
      subtotal, iva_total, shipping, total, delivery_type, payment_type, payment_type_name, payment_pending, status_id,
      idempotency_key, expires_at, created_at, updated_at)
    overriding system value
    select p.id, p.person_id, ${int(storeId)}, p.address_id, p.street, p.reference, p.neighborhood, p.receiver_name,
      p.phone, p.municipality_code, p.municipality, p.department,
      case when p.u_pay > 0.97 then 'Dejar en portería' end, p.price_tier, t.item_count,
      t.subtotal, t.iva_total, ${int(shipping)}, t.subtotal + ${int(shipping)}, 'Envio', p.payment_type, ${methodName},
      coalesce(p.status_id = ${state.pendingPayment} and p.payment_type in (${method.pse}, ${method.nequi}, ${method.cash}), false),
      p.status_id, md5('bench-' || p.id), p.created_at + interval '24 hours', p.created_at,
      p.created_at + make_interval(secs => 3600 * case p.status_id
        when ${state.pendingPayment} then 0 when ${state.paymentRejected} then 0.2 when ${state.paid} then 0.2 when ${state.inPreparation} then 5
        when ${state.packed} then 20 when ${state.onTheWay} then 30 when ${state.delivered} then 80
        else case when p.expired then 24 else 5 end end)
    from bench_plan p
    join (
      select order_id, sum(quantity)::int as item_count, sum(line_total)::int as subtotal, sum(line_iva)::int as iva_total
      from bench_lines group by order_id
    ) t on t.order_id = p.id
    order by p.id`)
  await db.execute(sql`
    insert into order_lines (order_id, product_id, position, reference, name, image, unit_price, list_price, discount,
      iva, quantity, line_total, line_iva)
    select order_id, product_id, position, reference, name, image, unit_price, list_price, discount, iva, quantity,
      line_total, line_iva
    from bench_lines order by order_id, position`)
  await db.execute(sql`
    insert into order_status_history (order_id, status_id, note, at)
    select p.id, s.status_id,
      case when p.expired and s.step = 2 then ${EXPIRED_NOTE} end,
      p.created_at + make_interval(secs => (${stepHours}) * 3600)
    from bench_plan p cross join lateral unnest(${paths}) with ordinality as s(status_id, step)
    order by p.id, s.step`)
  await db.execute(sql`select setval(pg_get_serial_sequence('orders', 'id'), (select max(id) from orders))`)
  const [counts] = rowsOf<{ lines: number; history: number }>(
    await db.execute(
      sql`select (select count(*) from bench_lines)::int as lines, (select count(*) from order_status_history)::int as history`,
    ),
  )
  await db.execute(sql`drop table bench_places, bench_people, bench_products, bench_plan, bench_lines`)
  return { orderLines: counts?.lines ?? 0, historyRows: counts?.history ?? 0 }
}

/** Fills an empty, migrated database with the dataset; returns its figures and how long each step took. */
export async function seedAdminDataset(
  db: Db,
  { storeId, shipping, size, seed = 17 }: { storeId: number; shipping: number; size: DatasetSize; seed?: number },
): Promise<DatasetFigures> {
  const random = generator(seed)
  const steps: DatasetFigures['steps'] = []
  const catalogFigures = await timed(steps, 'productos', () => growProducts(db, storeId, size.products, random))
  await timed(steps, 'documentos de búsqueda', () => refreshSearchDocuments(db))
  const corporateClients = await timed(steps, 'personas y direcciones', () => seedPeople(db, size.people, random))
  const orderFigures = await timed(steps, 'órdenes, líneas e historial', () =>
    seedOrders(db, storeId, size.orders, shipping),
  )
  const [catalogCount] = await db.select({ count: sql<number>`count(*)::int` }).from(catalogs)
  return {
    ...size,
    catalogs: catalogCount?.count ?? 0,
    ...catalogFigures,
    ...orderFigures,
    corporateClients,
    steps,
  }
}
