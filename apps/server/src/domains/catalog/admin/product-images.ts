import { randomBytes } from 'node:crypto'
import { MAX_PHOTO_PIXELS, MAX_PRODUCT_IMAGES, PRODUCT_IMAGE_SIZE } from '@piel/contracts'
import { and, asc, eq, inArray, notExists, sql } from 'drizzle-orm'
import sharp from 'sharp'
import type { Db } from '../../../db'
import { AppError } from '../../../shared/errors'
import { type IncomingFile, inspectPhoto } from '../../../shared/image-intake'
import { recordAudit } from '../../audit'
import { media, productImages, products } from '../tables'
import { productNotFound } from './inventory'

/**
 * A product's pictures from the back office (issue 17). An uploaded file goes through the same intake as a face
 * photo (its real format, within 10 MB and 40 megapixels, decoded whole), then is turned upright, fitted in a
 * white 640-px square and stored as WebP without any metadata (EXIF, GPS), as the seeded pictures are; the shop's narrower
 * variants are made from it on demand. The first picture (position 0) is the product's main one.
 */

const WEBP = { quality: 82, effort: 5 } as const

/** The upload as the shop stores it: upright, in a 640-px square, WebP, no metadata. */
export async function productPicture(file: IncomingFile): Promise<Buffer> {
  await inspectPhoto(file)
  try {
    return await sharp(file.bytes, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error' })
      .rotate()
      // Square as the seeded ones: the shop draws every product picture in a square box.
      .resize({ width: PRODUCT_IMAGE_SIZE, height: PRODUCT_IMAGE_SIZE, fit: 'contain', background: '#ffffff' })
      .webp(WEBP)
      .toBuffer()
  } catch {
    throw new AppError(400, 'imagen_danada', 'La imagen está dañada o incompleta.')
  }
}

const imageKeys = async (tx: Db, productId: number) =>
  (
    await tx
      .select({ key: productImages.mediaKey })
      .from(productImages)
      .where(eq(productImages.productId, productId))
      .orderBy(asc(productImages.position))
  ).map((row) => row.key)

/** Locks the product's row while its pictures change, so two uploads at once never take the same position. */
async function lockProduct(tx: Db, productId: number) {
  const [row] = await tx
    .select({ id: products.id })
    .from(products)
    .where(eq(products.id, productId))
    .for('no key update')
  if (!row) throw productNotFound()
}

/** `POST admin/productos/{id}/imagenes`: adds the picture after the others (the first one becomes the main one). */
export async function addProductImage(db: Db, productId: number, bytes: Buffer, by: number | null) {
  return db.transaction(async (tx) => {
    await lockProduct(tx, productId)
    const keys = await imageKeys(tx, productId)
    if (keys.length >= MAX_PRODUCT_IMAGES) {
      throw new AppError(409, 'demasiadas_imagenes', `Un producto tiene máximo ${MAX_PRODUCT_IMAGES} imágenes.`)
    }
    const key = `producto-${productId}-${randomBytes(6).toString('hex')}.webp`
    await tx.insert(media).values({ key, contentType: 'image/webp', bytes })
    await tx.insert(productImages).values({ productId, position: keys.length, mediaKey: key })
    await tx.update(products).set({ updatedAt: new Date() }).where(eq(products.id, productId))
    await recordAudit(tx, {
      by,
      entity: 'producto',
      entityId: productId,
      action: 'agregar_imagen',
      before: { imagenes: keys },
      after: { imagenes: [...keys, key] },
    })
    return [...keys, key]
  })
}

/**
 * `PUT admin/productos/{id}/imagenes`: the pictures kept, in their new order; those left out are removed (and
 * their files, unless another product shows them). Only the product's own pictures may be named.
 */
export async function setProductImages(db: Db, productId: number, order: readonly string[], by: number | null) {
  return db.transaction(async (tx) => {
    await lockProduct(tx, productId)
    const keys = await imageKeys(tx, productId)
    const unknown = order.filter((key) => !keys.includes(key))
    if (unknown.length > 0) {
      throw new AppError(400, 'datos_invalidos', 'Una de las imágenes no es de este producto.', {
        claves: 'imagen desconocida',
      })
    }
    if (order.length === keys.length && order.every((key, i) => keys[i] === key)) return keys
    await tx.delete(productImages).where(eq(productImages.productId, productId))
    if (order.length > 0) {
      await tx.insert(productImages).values(order.map((mediaKey, position) => ({ productId, position, mediaKey })))
    }
    const removed = keys.filter((key) => !order.includes(key))
    if (removed.length > 0) {
      await tx
        .delete(media)
        .where(
          and(
            inArray(media.key, removed),
            notExists(tx.select({ one: sql`1` }).from(productImages).where(eq(productImages.mediaKey, media.key))),
          ),
        )
    }
    await tx.update(products).set({ updatedAt: new Date() }).where(eq(products.id, productId))
    await recordAudit(tx, {
      by,
      entity: 'producto',
      entityId: productId,
      action: removed.length > 0 ? 'quitar_imagen' : 'ordenar_imagenes',
      before: { imagenes: keys },
      after: { imagenes: [...order] },
    })
    return [...order]
  })
}
