import {
  type BuyerReview,
  ORDER_STATUS,
  type OrderReviewCreated,
  type OrderReviewInput,
  type OrderReviews,
  REVIEW_STATE_NAMES_FOR_BUYER,
  REVIEW_TEXTS,
  type ReviewState,
  reviewAuthorName,
} from '@piel/contracts'
import { and, asc, eq } from 'drizzle-orm'
import type { Db } from '../../db'
import { AppError } from '../../shared/errors'
import type { IncomingFile } from '../../shared/image-intake'
import { assertQuotas, type RateRule } from '../../shared/rate-limit'
import { getPerson } from '../accounts'
import {
  addOrderReview,
  assertReviewPhotoChangeable,
  listOrderReviews,
  PLACEHOLDER_IMAGE,
  type ProductReviewRow,
  reviewPhoto,
  reviewPhotoUrl,
  setOrderReviewPhoto,
} from '../catalog'
import { orderNotFound } from './status'
import { orderLines, orders } from './tables'

/**
 * Reviews from buyers (issue 35, decision 025): the buyer of a delivered order rates each of its products once, from
 * the order's page (`orden/{id}/Opiniones`). Whose order it is and whether it was delivered are the orders' to say;
 * the review itself is the catalogue's (`product_comments`), which keeps it pending until the back office publishes it.
 */

const HOUR_MS = 60 * 60 * 1000
const DAY_MS = 24 * HOUR_MS

/**
 * How many reviews one person sends (counted in `rate_counters`, as the other shopper writes): far more than the
 * products of their delivered orders, so a buyer rating a large order never meets them, and a script does.
 */
export const REVIEW_QUOTAS = {
  perPersonPerHour: { limit: 30, windowMs: HOUR_MS },
  perPersonPerDay: { limit: 100, windowMs: DAY_MS },
  perAddressPerHour: { limit: 60, windowMs: HOUR_MS },
} as const satisfies Record<string, RateRule>

const QUOTA_CODE = 'demasiadas_opiniones'
const QUOTA_MESSAGES = {
  hour: 'Enviaste muchas opiniones en la última hora. Intenta de nuevo más tarde.',
  day: 'Enviaste muchas opiniones hoy. Intenta de nuevo mañana.',
  address: 'Se enviaron demasiadas opiniones desde esta conexión en la última hora. Intenta de nuevo más tarde.',
} as const

/** The order, when it is the person's; anybody else's is as absent as an order that does not exist (404). */
async function ownOrder(db: Db, orderId: number, personId: number) {
  const [order] = await db
    .select({ id: orders.id, statusId: orders.statusId })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.personId, personId)))
  if (!order) throw orderNotFound()
  return order
}

const linesOf = (db: Db, orderId: number) =>
  db
    .select({ productId: orderLines.productId, name: orderLines.name, image: orderLines.image })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.position))

export const toBuyerReview = (review: ProductReviewRow): BuyerReview => ({
  id: review.id,
  calificacion: review.rating,
  titulo: review.title ?? '',
  comentario: review.text,
  fecha: review.ratedOn,
  estado: review.status as ReviewState,
  nombreEstado: REVIEW_STATE_NAMES_FOR_BUYER[review.status as ReviewState],
  respuestaTienda: review.storeReply,
  fechaRespuesta: review.repliedAt?.toISOString() ?? null,
  fotoUrl: reviewPhotoUrl(review.photoKey),
})

/**
 * The quotas of a shopper's review writes: `opinion` for the reviews sent, `foto-opinion` for the photos attached or
 * removed (counted apart, with the same limits, so retrying a failed photo never costs a review).
 */
function assertReviewQuotas(db: Db, counter: 'opinion' | 'foto-opinion', personId: number, ip: string) {
  return assertQuotas(db, [
    {
      key: `${counter}-hora-persona:${personId}`,
      rule: REVIEW_QUOTAS.perPersonPerHour,
      code: QUOTA_CODE,
      message: QUOTA_MESSAGES.hour,
    },
    {
      key: `${counter}-dia-persona:${personId}`,
      rule: REVIEW_QUOTAS.perPersonPerDay,
      code: QUOTA_CODE,
      message: QUOTA_MESSAGES.day,
    },
    {
      key: `${counter}-hora-ip:${ip}`,
      rule: REVIEW_QUOTAS.perAddressPerHour,
      code: QUOTA_CODE,
      message: QUOTA_MESSAGES.address,
    },
  ])
}

const notDelivered = () => new AppError(409, 'orden_no_entregada', REVIEW_TEXTS.notDelivered)

/** `GET orden/{id}/Opiniones`: the order's products, which of them can be rated now, and the buyer's reviews. */
export async function getOrderReviews(db: Db, orderId: number, personId: number): Promise<OrderReviews> {
  const order = await ownOrder(db, orderId, personId)
  const [lines, reviews] = await Promise.all([linesOf(db, orderId), listOrderReviews(db, orderId)])
  const delivered = order.statusId === ORDER_STATUS.delivered
  const byProduct = new Map(reviews.map((review) => [review.productId, review]))
  return {
    idOrden: orderId,
    entregada: delivered,
    razon: delivered ? null : REVIEW_TEXTS.notDelivered,
    productos: lines.map((line) => {
      const review = byProduct.get(line.productId)
      return {
        idProducto: line.productId,
        nombre: line.name,
        imagen: line.image ?? PLACEHOLDER_IMAGE,
        puedeCalificar: delivered && review === undefined,
        opinion: review ? toBuyerReview(review) : null,
      }
    }),
  }
}

/**
 * `POST orden/{id}/Opiniones`: the buyer's review of one product of their delivered order, stored pending. A product
 * already rated in this order (also by a request sent at the same moment) is a 409; nothing is stored then.
 */
export async function reviewOrderProduct(
  db: Db,
  { orderId, personId, ip }: { orderId: number; personId: number; ip: string },
  input: OrderReviewInput,
): Promise<OrderReviewCreated> {
  await assertReviewQuotas(db, 'opinion', personId, ip)
  const order = await ownOrder(db, orderId, personId)
  if (order.statusId !== ORDER_STATUS.delivered) throw notDelivered()
  const lines = await linesOf(db, orderId)
  if (!lines.some((line) => line.productId === input.idProducto)) {
    throw new AppError(404, 'producto_no_en_orden', REVIEW_TEXTS.productNotInOrder, {
      idProducto: REVIEW_TEXTS.productNotInOrder,
    })
  }
  const person = await getPerson(db, personId)
  const review = await addOrderReview(db, {
    orderId,
    productId: input.idProducto,
    authorName: reviewAuthorName(person.firstNames, person.lastNames),
    rating: input.calificacion,
    title: input.titulo,
    text: input.comentario,
  })
  return { mensaje: REVIEW_TEXTS.thanks, idProducto: review.productId, opinion: toBuyerReview(review) }
}

export interface ReviewPhotoRequest {
  orderId: number
  productId: number
  personId: number
  ip: string
}

/**
 * `PUT orden/{id}/Opiniones/{idProducto}/foto` (`readFile` gives the upload) and its `DELETE` (`readFile` null): the
 * photo of the session's own review of that product in that order, while the review is pending. Another person's
 * order, or a product without a review in it, is a 404; a review already published or hidden is a 409. Ownership
 * and the review's state are checked before the upload is read and decoded.
 */
export async function changeReviewPhoto(
  db: Db,
  { orderId, productId, personId, ip }: ReviewPhotoRequest,
  readFile: (() => Promise<IncomingFile>) | null,
): Promise<BuyerReview> {
  await assertReviewQuotas(db, 'foto-opinion', personId, ip)
  await ownOrder(db, orderId, personId)
  await assertReviewPhotoChangeable(db, orderId, productId)
  const bytes = readFile === null ? null : await reviewPhoto(await readFile())
  return toBuyerReview(await setOrderReviewPhoto(db, { orderId, productId }, bytes))
}
