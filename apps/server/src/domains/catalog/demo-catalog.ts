import { sql } from 'drizzle-orm'
import type { Db } from '../../db'
import { DEFAULT_SYNONYM_GROUPS, refreshSearchDocuments } from './search'
import { seedSlides } from './seed/carousel'
import { seedCatalogs } from './seed/catalogs'
import { renderBanner, renderProductImage } from './seed/images'
import { seedProducts } from './seed/products'
import type { SeedProduct } from './seed/types'
import {
  carouselSlides,
  catalogs,
  characteristics,
  media,
  productCharacteristics,
  productComments,
  productImages,
  products,
  searchSynonyms,
  stores,
  subcategories,
} from './tables'

export interface DemoStore {
  id: number
  name: string
}

/** Pictures per product in the demo gallery. */
const VIEWS = [0, 1, 2] as const
const BANNERS = [0, 1, 2, 3] as const
/** Characteristics shown first in the filter panel, in this order; others follow alphabetically. */
const CHARACTERISTIC_ORDER = [
  'Marca',
  'Tipo de producto',
  'Zona',
  'Tipo de piel',
  'Preocupación',
  'Ingrediente activo',
  'FPS',
  'Textura',
  'Edad mínima',
  'Apto en embarazo',
  'Perfume',
  'Tamaño',
]

export const productMediaKey = (reference: string, view: number) =>
  `producto-${reference.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${view + 1}.webp`
export const bannerMediaKey = (index: number) => `banner-${index + 1}.webp`

export async function isCatalogEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(stores)
  return (row?.count ?? 0) === 0
}

/** Runs tasks with at most `limit` in flight (sharp renders on libuv's thread pool). */
async function mapLimited<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const index = next++
      results[index] = await task(items[index] as T)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}

async function renderAllMedia(): Promise<{ key: string; bytes: Buffer }[]> {
  const productJobs = seedProducts.flatMap((product) => VIEWS.map((view) => ({ product, view })))
  const productFiles = await mapLimited(productJobs, 4, async ({ product, view }) => ({
    key: productMediaKey(product.reference, view),
    bytes: await renderProductImage(product, view),
  }))
  const bannerFiles = await mapLimited(BANNERS, 4, async (index) => ({
    key: bannerMediaKey(index),
    bytes: await renderBanner(index),
  }))
  return [...bannerFiles, ...productFiles]
}

const STORE_CONTACT = {
  legalName: 'Piel Dermocosmética S.A.S.',
  nit: '901.458.372-6',
  address: 'Calle 18 # 27-45, local 102, Centro',
  city: 'Pasto, Nariño',
  phone: '(602) 731 4580',
  whatsapp: '3157214580',
  email: 'hola@piel.com.co',
  openingHours: 'Lunes a sábado de 8:00 a. m. a 7:00 p. m.',
  facebookUrl: 'https://www.facebook.com/pieldermocosmetica',
  instagramUrl: 'https://www.instagram.com/pieldermocosmetica',
  tiktokUrl: null,
}

/**
 * Fills an empty database with the demo store, its catalogues, products, characteristics,
 * comments and generated pictures (`pictures: false` leaves them out, for benchmarks). Pictures are drawn first; the rows are written in one
 * transaction, so a failure leaves the database as it was.
 */
export async function seedDemoCatalog(
  db: Db,
  store: DemoStore,
  { pictures = true }: { pictures?: boolean } = {},
): Promise<{ products: number; images: number }> {
  const files = pictures ? await renderAllMedia() : []
  await db.transaction(async (tx) => {
    await tx.insert(stores).values({ id: store.id, name: store.name, ...STORE_CONTACT })
    if (files.length > 0) {
      await tx
        .insert(media)
        .values(files.map((file) => ({ key: file.key, contentType: 'image/webp', bytes: file.bytes })))
        .onConflictDoNothing()
      await tx.insert(carouselSlides).values(
        seedSlides.map((slide, position) => ({
          storeId: store.id,
          mediaKey: bannerMediaKey(position),
          eyebrow: slide.eyebrow,
          title: slide.title,
          text: slide.text,
          ctaLabel: slide.ctaLabel,
          link: slide.link(store.id),
          position,
        })),
      )
    }

    const subcategoryIds = new Map<string, number>()
    for (const [position, catalog] of seedCatalogs.entries()) {
      const [row] = await tx
        .insert(catalogs)
        .values({
          storeId: store.id,
          name: catalog.name,
          backgroundColor: catalog.backgroundColor,
          icon: catalog.icon,
          position,
        })
        .returning({ id: catalogs.id })
      if (!row) throw new Error(`catalog ${catalog.key} not stored`)
      const subs = await tx
        .insert(subcategories)
        .values(
          catalog.subcategories.map((sub, subPosition) => ({
            catalogId: row.id,
            name: sub.name,
            position: subPosition,
          })),
        )
        .returning({ id: subcategories.id, name: subcategories.name })
      for (const sub of catalog.subcategories) {
        const stored = subs.find((candidate) => candidate.name === sub.name)
        if (stored) subcategoryIds.set(`${catalog.key}/${sub.key}`, stored.id)
      }
    }

    const names = [...new Set(seedProducts.flatMap((product) => Object.keys(product.characteristics)))].sort((a, b) => {
      const rank = (name: string) => (CHARACTERISTIC_ORDER.includes(name) ? CHARACTERISTIC_ORDER.indexOf(name) : 100)
      return rank(a) - rank(b) || a.localeCompare(b, 'es')
    })
    const characteristicRows = await tx
      .insert(characteristics)
      .values(names.map((name, position) => ({ name, position })))
      .returning({ id: characteristics.id, name: characteristics.name })
    const characteristicIds = new Map(characteristicRows.map((row) => [row.name, row.id]))

    const productRows = await tx
      .insert(products)
      .values(seedProducts.map((product) => toProductRow(product, store.id, subcategoryIds)))
      .returning({ id: products.id, reference: products.reference })
    const productIds = new Map(productRows.map((row) => [row.reference, row.id]))
    const idOf = (product: SeedProduct) => {
      const id = productIds.get(product.reference)
      if (id === undefined) throw new Error(`product ${product.reference} not stored`)
      return id
    }

    if (pictures) {
      await tx.insert(productImages).values(
        seedProducts.flatMap((product) =>
          VIEWS.map((view) => ({
            productId: idOf(product),
            position: view,
            mediaKey: productMediaKey(product.reference, view),
          })),
        ),
      )
    }
    await tx.insert(productCharacteristics).values(
      seedProducts.flatMap((product) =>
        Object.entries(product.characteristics).flatMap(([name, values]) =>
          [...new Set(values)].map((value) => ({
            productId: idOf(product),
            characteristicId: characteristicIds.get(name) ?? 0,
            value,
          })),
        ),
      ),
    )
    const comments = seedProducts.flatMap((product) =>
      product.comments.map((comment) => ({
        productId: idOf(product),
        authorName: comment.author,
        text: comment.text,
        rating: comment.rating,
        ratedOn: comment.date,
      })),
    )
    if (comments.length > 0) await tx.insert(productComments).values(comments)
    await tx
      .insert(searchSynonyms)
      .values(
        Object.entries(DEFAULT_SYNONYM_GROUPS).flatMap(([groupName, phrases]) =>
          phrases.map((phrase) => ({ groupName, phrase })),
        ),
      )
      .onConflictDoNothing()
    await refreshSearchDocuments(tx)
  })
  return { products: seedProducts.length, images: files.length }
}

function toProductRow(product: SeedProduct, storeId: number, subcategoryIds: Map<string, number>) {
  return {
    storeId,
    subcategoryId: subcategoryIds.get(`${product.catalogKey}/${product.subcategoryKey}`) ?? null,
    reference: product.reference,
    name: product.name,
    detail: product.detail,
    brand: product.brand,
    price: product.price,
    discount: product.discount,
    iva: product.iva,
    corporatePrice: product.corporatePrice,
    corporateDiscount: product.corporateDiscount,
    corporateIva: product.corporateIva,
    stock: product.stock,
    unitsSold: product.sold,
    invimaRegistration: product.invima,
  }
}

/** Empties every catalogue table (and whatever references them) so the demo can be seeded again. */
export async function clearCatalog(db: Db): Promise<void> {
  await db.execute(
    sql`truncate table ${carouselSlides}, ${productComments}, ${productCharacteristics}, ${productImages}, ${products}, ${characteristics}, ${subcategories}, ${catalogs}, ${media}, ${stores} restart identity cascade`,
  )
}
