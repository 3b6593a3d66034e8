import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db'
import { mediaUrl } from './media'
import { normalizeText } from './search'
import { characteristics, productCharacteristics, productImages, products } from './tables'

/**
 * A store's active products as the skin advisor matches them: the characteristics that say what a
 * product is for (`Tipo de producto`, `Zona`, `Preocupación`, `Ingrediente activo`, `Tipo de piel`,
 * `Textura`, `FPS`) and for whom (`Edad mínima`, `Apto en embarazo`, `Perfume`: the skin profile's
 * restrictions are matched on these), its stock, units sold and main image. Read per request (a store's catalogue is
 * a few hundred products; the match itself takes milliseconds).
 */
export interface ProductForAdvice {
  id: number
  name: string
  brand: string
  stock: number
  unitsSold: number
  imageUrl: string
  characteristics: Record<string, string[]>
}

const ADVICE_CHARACTERISTICS = [
  'Tipo de producto',
  'Zona',
  'Preocupación',
  'Ingrediente activo',
  'Tipo de piel',
  'Textura',
  'FPS',
  'Edad mínima',
  'Apto en embarazo',
  'Perfume',
]

export async function listProductsForAdvice(db: Db, storeId: number): Promise<ProductForAdvice[]> {
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      brand: products.brand,
      stock: products.stock,
      unitsSold: products.unitsSold,
    })
    .from(products)
    .where(and(eq(products.storeId, storeId), eq(products.active, true)))
    .orderBy(asc(products.id))
  if (rows.length === 0) return []
  const ids = rows.map((row) => row.id)
  const [values, images] = await Promise.all([
    db
      .select({
        productId: productCharacteristics.productId,
        name: characteristics.name,
        value: productCharacteristics.value,
      })
      .from(productCharacteristics)
      .innerJoin(characteristics, eq(characteristics.id, productCharacteristics.characteristicId))
      .where(
        and(inArray(productCharacteristics.productId, ids), inArray(characteristics.name, ADVICE_CHARACTERISTICS)),
      ),
    db
      .select({ productId: productImages.productId, key: productImages.mediaKey })
      .from(productImages)
      .where(and(inArray(productImages.productId, ids), eq(productImages.position, 0))),
  ])
  const byProduct = new Map<number, Record<string, string[]>>()
  for (const { productId, name, value } of values) {
    const entry = byProduct.get(productId) ?? {}
    entry[name] = [...(entry[name] ?? []), value]
    byProduct.set(productId, entry)
  }
  const imageOf = new Map(images.map((image) => [image.productId, image.key]))
  return rows.map((row) => ({
    ...row,
    imageUrl: mediaUrl(imageOf.get(row.id) ?? null),
    characteristics: byProduct.get(row.id) ?? {},
  }))
}

/** `POST /nombre-productos`: the names of the store's active products, for the chat's name extraction. */
export async function listProductNames(db: Db, storeId: number): Promise<string[]> {
  const rows = await db
    .select({ name: products.name })
    .from(products)
    .where(and(eq(products.storeId, storeId), eq(products.active, true)))
    .orderBy(asc(products.name))
  return rows.map((row) => row.name)
}

/**
 * `GET /productos_urls`: each asked name → the main image of the store's active product of that
 * name (compared as the search compares terms: case and accents ignored), or the placeholder image when there is none.
 */
export async function imageUrlsByName(
  db: Db,
  storeId: number,
  names: readonly string[],
): Promise<Record<string, string>> {
  const rows = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(and(eq(products.storeId, storeId), eq(products.active, true)))
  const idByKey = new Map(rows.map((row) => [normalizeText(row.name), row.id]))
  const ids = [...new Set(names.flatMap((name) => idByKey.get(normalizeText(name)) ?? []))]
  const images =
    ids.length === 0
      ? []
      : await db
          .select({ productId: productImages.productId, key: productImages.mediaKey })
          .from(productImages)
          .where(and(inArray(productImages.productId, ids), eq(productImages.position, 0)))
  const keyOf = new Map(images.map((image) => [image.productId, image.key]))
  const out: Record<string, string> = {}
  for (const name of names) {
    const id = idByKey.get(normalizeText(name))
    out[name] = mediaUrl(id === undefined ? null : (keyOf.get(id) ?? null))
  }
  return out
}
