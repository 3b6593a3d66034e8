import { sql } from 'drizzle-orm'
import type { Db } from '../src/db'
import { DEFAULT_SYNONYM_GROUPS, refreshSearchDocuments } from '../src/domains/catalog/search'
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
} from '../src/domains/catalog/tables'
import { seedSlides } from './carousel'
import { seedCatalogs } from './catalogs'
import { bannerMediaKey, type DemoPicture, PRODUCT_VIEWS, productMediaKey } from './pictures'
import { seedProducts } from './products'
import type { SeedProduct } from './types'

export interface DemoStore {
  id: number
  name: string
}

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

export async function isCatalogEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(stores)
  return (row?.count ?? 0) === 0
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
 * comments and pictures: those the build drew (`readDemoPictures`), freshly drawn ones
 * (`drawing/`, for the browser tests), or none (`false`, for benchmarks and tests of the data;
 * the carousel is left empty then). The rows are written in one transaction, so a failure leaves
 * the database as it was.
 */
export async function seedDemoCatalog(
  db: Db,
  store: DemoStore,
  { pictures }: { pictures: readonly DemoPicture[] | false },
): Promise<{ products: number; images: number }> {
  const files = pictures || []
  await db.transaction(async (tx) => {
    await tx.insert(stores).values({ id: store.id, name: store.name, ...STORE_CONTACT })
    if (pictures) {
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
          PRODUCT_VIEWS.map((view) => ({
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
