import { REVIEW_TEXTS, type ReviewState } from '@piel/contracts'
import { and, asc, desc, eq } from 'drizzle-orm'
import type { Db } from '../../db'
import { AppError, isUniqueViolation } from '../../shared/errors'
import { productComments } from './tables'

/**
 * The reviews of products (issue 35, decision 025), as the catalogue keeps them in `product_comments` beside the
 * comments it seeded: a buyer's review arrives `pendiente`, the back office (`admin/reviews.ts`) publishes or hides
 * it, and only published ones are shown (`listPublishedComments`) and counted in the stars (the database's trigger,
 * `sql/count_product_reviews.sql`). The orders domain decides who may review what (a delivered order of the
 * session's person) and stores the review here.
 */

export type ProductReviewRow = typeof productComments.$inferSelect

/** Today in Colombia, AAAA-MM-DD: the day a review is dated. */
export const colombianDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(at)

export const reviewNotFound = () => new AppError(404, 'no_encontrado', REVIEW_TEXTS.notFound)

/** A buyer's review of one product of an order, as the orders domain hands it in (already checked). */
export interface OrderReviewDraft {
  orderId: number
  productId: number
  authorName: string
  rating: number
  title: string
  text: string
}

/**
 * Stores a buyer's review, waiting for the back office. Once per product and order: the database's unique index
 * decides between two sent at once, and the second is a 409 (nothing of it is stored).
 */
export async function addOrderReview(db: Db, draft: OrderReviewDraft, now = new Date()): Promise<ProductReviewRow> {
  try {
    const [row] = await db
      .insert(productComments)
      .values({ ...draft, status: 'pendiente', ratedOn: colombianDay(now), createdAt: now })
      .returning()
    if (!row) throw new Error('the review was not stored')
    return row
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, 'opinion_existente', REVIEW_TEXTS.alreadyReviewed)
    throw error
  }
}

/** The reviews written about the products of one order, whatever their state. */
export function listOrderReviews(db: Db, orderId: number): Promise<ProductReviewRow[]> {
  return db.select().from(productComments).where(eq(productComments.orderId, orderId)).orderBy(asc(productComments.id))
}

/** A product's published comments and reviews, the newest first, as its page shows them. */
export function listPublishedComments(db: Db, productId: number) {
  return db
    .select({
      id: productComments.id,
      author: productComments.authorName,
      date: productComments.ratedOn,
      title: productComments.title,
      text: productComments.text,
      rating: productComments.rating,
      orderId: productComments.orderId,
      reply: productComments.storeReply,
      repliedAt: productComments.repliedAt,
      photoKey: productComments.photoKey,
    })
    .from(productComments)
    .where(and(eq(productComments.productId, productId), eq(productComments.status, 'publicada' satisfies ReviewState)))
    .orderBy(desc(productComments.ratedOn), desc(productComments.createdAt), desc(productComments.id))
}
export type PublishedComment = Awaited<ReturnType<typeof listPublishedComments>>[number]
