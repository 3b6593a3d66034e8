import {
  type AdminReview,
  type AdminReviewPage,
  type AdminReviewQuery,
  REVIEW_STATE_NAMES,
  type ReviewDecision,
  type ReviewState,
} from '@piel/contracts'
import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../../db'
import { containsPattern } from '../../../shared/like'
import { offsetOf, pageInfo } from '../../../shared/paging'
import { recordAudit } from '../../audit'
import { reviewPhotoUrl } from '../media'
import { type ProductReviewRow, reviewNotFound } from '../reviews'
import { productComments, products } from '../tables'

/**
 * The back office's moderation of reviews (issue 35, decision 025, `admin/opiniones…`): the list filtered by state,
 * product and rating, and what the store does with each review: publish it, hide it, answer it under the review
 * (written, changed or removed). Every change is recorded in the audit log (`opinion`) in its own transaction. The
 * comments the shop seeded are listed and moderated the same way.
 */

const AUDIT_ENTITY = 'opinion'

const reviewColumns = {
  review: productComments,
  productName: products.name,
  productReference: products.reference,
}

type ReviewWithProduct = { review: ProductReviewRow; productName: string; productReference: string }

const toAdminReview = ({ review, productName, productReference }: ReviewWithProduct): AdminReview => ({
  id: review.id,
  idProducto: review.productId,
  nombreProducto: productName,
  referenciaProducto: productReference,
  idOrden: review.orderId,
  compraVerificada: review.orderId !== null,
  autor: review.authorName,
  calificacion: review.rating,
  titulo: review.title,
  comentario: review.text,
  fecha: review.ratedOn,
  recibida: review.createdAt.toISOString(),
  estado: review.status as ReviewState,
  nombreEstado: REVIEW_STATE_NAMES[review.status as ReviewState],
  respuestaTienda: review.storeReply,
  fechaRespuesta: review.repliedAt?.toISOString() ?? null,
  fotoUrl: reviewPhotoUrl(review.photoKey),
})

function reviewFilter(query: AdminReviewQuery): SQL | undefined {
  const pattern = query.buscar ? containsPattern(query.buscar) : null
  return and(
    query.estado === 'todas' ? undefined : eq(productComments.status, query.estado),
    query.producto === undefined ? undefined : eq(productComments.productId, query.producto),
    query.calificacion === undefined ? undefined : eq(productComments.rating, query.calificacion),
    pattern === null
      ? undefined
      : or(
          ilike(products.name, pattern),
          ilike(products.reference, pattern),
          ilike(productComments.authorName, pattern),
          ilike(productComments.title, pattern),
          ilike(productComments.text, pattern),
        ),
  )
}

/**
 * `GET admin/opiniones`: a page of the store's reviews, the newest first (and, among every state, those waiting for
 * the store before the others), with how many match and how many wait in all (the navigation's badge).
 */
export async function listReviews(db: Db, storeId: number, query: AdminReviewQuery): Promise<AdminReviewPage> {
  const where = and(eq(products.storeId, storeId), reviewFilter(query))
  const newest = [desc(productComments.createdAt), desc(productComments.id)]
  const order = query.estado === 'todas' ? [desc(sql`${productComments.status} = 'pendiente'`), ...newest] : newest
  const [rows, [matching], [pending]] = await Promise.all([
    db
      .select(reviewColumns)
      .from(productComments)
      .innerJoin(products, eq(products.id, productComments.productId))
      .where(where)
      .orderBy(...order)
      .limit(query.tamanio)
      .offset(offsetOf(query)),
    db
      .select({ n: count() })
      .from(productComments)
      .innerJoin(products, eq(products.id, productComments.productId))
      .where(where),
    db
      .select({ n: count() })
      .from(productComments)
      .innerJoin(products, eq(products.id, productComments.productId))
      .where(and(eq(products.storeId, storeId), eq(productComments.status, 'pendiente'))),
  ])
  return {
    opiniones: rows.map(toAdminReview),
    pendientes: pending?.n ?? 0,
    ...pageInfo(query, matching?.n ?? 0),
  }
}

/** One review of the store's products, with its product, locked for a change when `tx` is a transaction. */
async function reviewOf(tx: Db, storeId: number, id: number, lock: boolean): Promise<ReviewWithProduct> {
  const select = tx
    .select(reviewColumns)
    .from(productComments)
    .innerJoin(products, eq(products.id, productComments.productId))
    .where(and(eq(productComments.id, id), eq(products.storeId, storeId)))
  const [row] = lock ? await select.for('update', { of: productComments }) : await select
  if (!row) throw reviewNotFound()
  return row
}

export async function getReview(db: Db, storeId: number, id: number): Promise<AdminReview> {
  return toAdminReview(await reviewOf(db, storeId, id, false))
}

/** What a change did: the review as it is now, and whether the shop's pages show something else because of it. */
export interface ReviewChange {
  review: AdminReview
  /** The product's page changed (its stars, its count or a reply shown there): the catalogue's cache forgets. */
  shownChanged: boolean
}

const auditView = (review: ProductReviewRow) => ({
  estado: review.status,
  respuestaTienda: review.storeReply,
})

/**
 * `POST admin/opiniones/{id}/estado`: publishes or hides a review. Publishing adds its stars to the product's (the
 * database's trigger), hiding takes them away; asking for the state it already has changes nothing.
 */
export async function decideReview(
  db: Db,
  storeId: number,
  id: number,
  decision: ReviewDecision,
  by: number | null,
): Promise<ReviewChange> {
  return db.transaction(async (tx) => {
    const current = await reviewOf(tx, storeId, id, true)
    if (current.review.status === decision) return { review: toAdminReview(current), shownChanged: false }
    const [review] = await tx
      .update(productComments)
      .set({ status: decision })
      .where(eq(productComments.id, id))
      .returning()
    if (!review) throw reviewNotFound()
    await recordAudit(tx, {
      by,
      entity: AUDIT_ENTITY,
      entityId: id,
      action: decision === 'publicada' ? 'publicar' : 'ocultar',
      before: auditView(current.review),
      after: auditView(review),
    })
    // A pending review hidden was never shown; anything else changes the product's page.
    const shownChanged = current.review.status === 'publicada' || decision === 'publicada'
    return { review: toAdminReview({ ...current, review }), shownChanged }
  })
}

/**
 * `PUT admin/opiniones/{id}/respuesta` (`reply` text) and `DELETE …/respuesta` (`reply` null): the store's public
 * answer under the review, written, changed or removed. The same text again changes nothing.
 */
export async function setReviewReply(
  db: Db,
  storeId: number,
  id: number,
  reply: string | null,
  by: number | null,
): Promise<ReviewChange> {
  return db.transaction(async (tx) => {
    const current = await reviewOf(tx, storeId, id, true)
    const before = current.review
    if (before.storeReply === reply) return { review: toAdminReview(current), shownChanged: false }
    const [review] = await tx
      .update(productComments)
      .set({ storeReply: reply, repliedAt: reply === null ? null : new Date() })
      .where(eq(productComments.id, id))
      .returning()
    if (!review) throw reviewNotFound()
    await recordAudit(tx, {
      by,
      entity: AUDIT_ENTITY,
      entityId: id,
      action: reply === null ? 'quitar_respuesta' : before.storeReply === null ? 'responder' : 'editar_respuesta',
      before: auditView(before),
      after: auditView(review),
    })
    return { review: toAdminReview({ ...current, review }), shownChanged: review.status === 'publicada' }
  })
}
