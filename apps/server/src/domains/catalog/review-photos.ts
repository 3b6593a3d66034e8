import { randomBytes } from 'node:crypto'
import { MAX_PHOTO_PIXELS, REVIEW_PHOTO_MAX_SIDE, REVIEW_TEXTS, type ReviewState } from '@piel/contracts'
import { and, eq } from 'drizzle-orm'
import sharp from 'sharp'
import type { Db } from '../../db'
import { AppError } from '../../shared/errors'
import { type IncomingFile, inspectPhoto } from '../../shared/image-intake'
import { type ProductReviewRow, reviewNotFound } from './reviews'
import { media, productComments } from './tables'

/**
 * A buyer's photo with their review (issue 35, decision 025): one optional picture, taken through the photo intake
 * (its real format, within 10 MB and 40 megapixels, decoded whole), turned upright, its longest side brought down to
 * 1600 px and stored as WebP without any metadata (EXIF, GPS) in `media`. It can be changed or removed only while
 * the review is pending; the product's page shows it only once the store publishes the review.
 */

const WEBP = { quality: 82, effort: 5 } as const

/** The upload as the shop stores it: upright, at most 1600 px on its longest side, WebP, no metadata. */
export async function reviewPhoto(file: IncomingFile): Promise<Buffer> {
  await inspectPhoto(file)
  try {
    return await sharp(file.bytes, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error' })
      .rotate()
      .resize({
        width: REVIEW_PHOTO_MAX_SIDE,
        height: REVIEW_PHOTO_MAX_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp(WEBP)
      .toBuffer()
  } catch {
    throw new AppError(400, 'imagen_danada', 'La imagen está dañada o incompleta.')
  }
}

const photoLocked = () => new AppError(409, 'opinion_revisada', REVIEW_TEXTS.photoLocked)

/** The review of `productId` in order `orderId`, or the 404 of a review that does not exist. */
async function orderReview(tx: Db, orderId: number, productId: number, lock: boolean) {
  const select = tx
    .select()
    .from(productComments)
    .where(and(eq(productComments.orderId, orderId), eq(productComments.productId, productId)))
  const [row] = lock ? await select.for('update') : await select
  if (!row) throw reviewNotFound()
  return row
}

/**
 * Whether the review of that product in that order may take a photo now (it exists and is still pending): checked
 * before the upload is decoded, so a refused one costs nothing. The change itself checks again under a lock.
 */
export async function assertReviewPhotoChangeable(db: Db, orderId: number, productId: number): Promise<void> {
  const row = await orderReview(db, orderId, productId, false)
  if (row.status !== ('pendiente' satisfies ReviewState)) throw photoLocked()
}

/**
 * Attaches (`bytes`) or removes (null) the photo of a pending review of an order, in one transaction: the new picture
 * is stored, the review names it, and the picture it named before is deleted. A review already published or hidden
 * is a 409 and nothing changes.
 */
export async function setOrderReviewPhoto(
  db: Db,
  { orderId, productId }: { orderId: number; productId: number },
  bytes: Buffer | null,
): Promise<ProductReviewRow> {
  return db.transaction(async (tx) => {
    const current = await orderReview(tx, orderId, productId, true)
    if (current.status !== ('pendiente' satisfies ReviewState)) throw photoLocked()
    if (bytes === null && current.photoKey === null) return current
    let key: string | null = null
    if (bytes !== null) {
      key = `opinion-${current.id}-${randomBytes(12).toString('hex')}.webp`
      await tx.insert(media).values({ key, contentType: 'image/webp', bytes })
    }
    const [review] = await tx
      .update(productComments)
      .set({ photoKey: key })
      .where(eq(productComments.id, current.id))
      .returning()
    if (!review) throw reviewNotFound()
    if (current.photoKey !== null) await tx.delete(media).where(eq(media.key, current.photoKey))
    return review
  })
}
