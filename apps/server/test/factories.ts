import { eq } from 'drizzle-orm'
import type { Db } from '../src/db'
import { refreshSearchDocuments } from '../src/domains/catalog/search'
import {
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

/** Test data made by each test for itself (no global seed). */
export async function createStore(db: Db, overrides: Partial<typeof stores.$inferInsert> = {}) {
  const [store] = await db
    .insert(stores)
    .values({
      id: 10018,
      name: 'Piel Dermocosmética',
      legalName: 'Piel Dermocosmética S.A.S.',
      nit: '901.458.372-6',
      address: 'Calle 18 # 27-45',
      city: 'Pasto, Nariño',
      phone: '(602) 731 4580',
      whatsapp: '3157214580',
      email: 'hola@piel.com.co',
      openingHours: 'Lunes a sábado',
      ...overrides,
    })
    .returning()
  if (!store) throw new Error('store not created')
  return store
}

export async function createCatalog(db: Db, storeId: number, name: string, subcategoryNames: string[]) {
  const [catalog] = await db
    .insert(catalogs)
    .values({ storeId, name, backgroundColor: '#FDE8E4', icon: 'sun' })
    .returning()
  if (!catalog) throw new Error('catalog not created')
  const subs = await db
    .insert(subcategories)
    .values(subcategoryNames.map((subName, position) => ({ catalogId: catalog.id, name: subName, position })))
    .returning()
  return { ...catalog, subcategories: subs }
}

let referenceCounter = 0

export interface ProductSpec extends Partial<typeof products.$inferInsert> {
  characteristics?: Record<string, string[]>
  comments?: { author: string; date: string; text: string; rating: number }[]
  images?: number
}

export async function createProduct(db: Db, spec: ProductSpec = {}) {
  const { characteristics: chars = {}, comments = [], images = 1, ...columns } = spec
  referenceCounter += 1
  const [product] = await db
    .insert(products)
    .values({
      storeId: 10018,
      reference: `REF-${referenceCounter}`,
      name: `Producto ${referenceCounter}`,
      detail: 'Descripción del producto.',
      brand: 'Marca',
      price: 50_000,
      corporatePrice: 45_000,
      stock: 10,
      ...columns,
    })
    .returning()
  if (!product) throw new Error('product not created')
  for (const [name, values] of Object.entries(chars)) {
    await db.insert(characteristics).values({ name }).onConflictDoNothing()
    const [characteristic] = await db.select().from(characteristics).where(eqName(name))
    if (!characteristic) throw new Error('characteristic not created')
    await db
      .insert(productCharacteristics)
      .values(values.map((value) => ({ productId: product.id, characteristicId: characteristic.id, value })))
  }
  for (let position = 0; position < images; position++) {
    const key = `prueba-${product.id}-${position}.webp`
    await db.insert(media).values({ key, contentType: 'image/webp', bytes: Buffer.from('RIFF0000WEBP') })
    await db.insert(productImages).values({ productId: product.id, position, mediaKey: key })
  }
  if (comments.length > 0) {
    await db.insert(productComments).values(
      comments.map((comment) => ({
        productId: product.id,
        authorName: comment.author,
        text: comment.text,
        rating: comment.rating,
        ratedOn: comment.date,
      })),
    )
  }
  await refreshSearchDocuments(db, [product.id])
  return product
}

export async function addSynonyms(db: Db, groups: Record<string, string[]>) {
  await db
    .insert(searchSynonyms)
    .values(Object.entries(groups).flatMap(([groupName, phrases]) => phrases.map((phrase) => ({ groupName, phrase }))))
}

const eqName = (name: string) => eq(characteristics.name, name)
