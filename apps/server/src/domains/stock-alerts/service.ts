import { randomBytes } from 'node:crypto'
import {
  EmailSchema,
  STOCK_ALERT_ACCOUNT_TEXT,
  STOCK_ALERT_CONSENT_TEXT,
  STOCK_ALERT_KEEP_DAYS,
  STOCK_ALERT_MESSAGES,
  STOCK_ALERT_WAITING_DAYS,
  type StockAlertRequest,
} from '@piel/contracts'
import { and, asc, count, desc, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm'
import type { Db } from '../../db'
import { AppError, badRequest, notFound } from '../../shared/errors'
import type { PageRequest } from '../../shared/paging'
import { offsetOf } from '../../shared/paging'
import { getPerson } from '../accounts'
import { recordAudit } from '../audit'
import { getProductLabels, getProductsForPricing } from '../catalog'
import { stockAlerts } from './tables'

/**
 * Back-in-stock alerts (issue 35): a request on a sold-out product, its state for the session, its withdrawal (by the
 * session or by the e-mail's token), the back office's list, and forgetting old ones. Sending them is `notify.ts`.
 */

export type StockAlertRow = typeof stockAlerts.$inferSelect

const PRODUCT_GONE = 'El producto no existe o ya no está disponible.'
const DAY_MS = 24 * 60 * 60 * 1000

/** The same e-mail whatever its case: the unique index is on `lower(email)`. */
const sameEmail = (email: string) => sql`lower(${stockAlerts.email}) = lower(${email})`

/** A withdrawal link's secret: 24 random bytes, 32 characters of base64url. */
export const newAlertToken = () => randomBytes(24).toString('base64url')

/** Who asks: the session's person (their account's e-mail), or nobody (the body's e-mail and consent). */
export type AlertRequester = { personId: number } | null

export interface AlertRequested {
  email: string
  /** false when the same product and e-mail already had an alert waiting (the request is idempotent). */
  created: boolean
}

/**
 * The e-mail and consent of an anonymous request: `correo` a valid e-mail and `aceptaTratamiento` exactly true, or a
 * 400 naming each field that is wrong.
 */
function anonymousRequest(body: StockAlertRequest): { email: string } {
  const fields: Record<string, string> = {}
  const typed = body?.correo?.trim() ?? ''
  const email = EmailSchema.safeParse(typed)
  if (typed === '') fields.correo = STOCK_ALERT_MESSAGES.emailRequired
  else if (!email.success) fields.correo = STOCK_ALERT_MESSAGES.emailInvalid
  if (body?.aceptaTratamiento !== true) fields.aceptaTratamiento = STOCK_ALERT_MESSAGES.consentRequired
  const [first] = Object.values(fields)
  if (first !== undefined || !email.success) throw badRequest(first ?? STOCK_ALERT_MESSAGES.emailInvalid, fields)
  return { email: email.data }
}

/** Where the alert of a request goes, after checking what the request must carry (400 otherwise). */
export async function alertAddressOf(db: Db, requester: AlertRequester, body: StockAlertRequest) {
  if (requester) {
    const person = await getPerson(db, requester.personId)
    return { personId: person.id, email: person.email.toLowerCase(), consentText: STOCK_ALERT_ACCOUNT_TEXT }
  }
  return { personId: null, ...anonymousRequest(body), consentText: STOCK_ALERT_CONSENT_TEXT }
}

/**
 * Stores the request for a product that is for sale and sold out: 404 for an unknown product or one not for sale,
 * 409 `producto_disponible` when it has stock. Asking again while the alert waits changes nothing (same answer).
 */
export async function requestStockAlert(
  db: Db,
  productId: number,
  address: { personId: number | null; email: string; consentText: string },
  now = new Date(),
): Promise<AlertRequested> {
  const [product] = await getProductsForPricing(db, [productId])
  if (!product) throw notFound(PRODUCT_GONE)
  if (product.stock > 0) throw new AppError(409, 'producto_disponible', STOCK_ALERT_MESSAGES.available)
  const inserted = await db
    .insert(stockAlerts)
    .values({
      productId,
      personId: address.personId,
      email: address.email,
      consentAt: now,
      consentText: address.consentText,
      token: newAlertToken(),
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: stockAlerts.id })
  return { email: address.email, created: inserted.length > 0 }
}

/** The alert waiting for the session's person (by their account's e-mail) on a product, if any. */
export async function waitingAlertOf(db: Db, productId: number, personId: number) {
  const person = await getPerson(db, personId)
  const [alert] = await db
    .select({ createdAt: stockAlerts.createdAt })
    .from(stockAlerts)
    .where(and(eq(stockAlerts.productId, productId), sameEmail(person.email), isNull(stockAlerts.notifiedAt)))
  return { email: person.email, createdAt: alert?.createdAt ?? null }
}

/** The session's person no longer wants the alert of a product (nothing waiting: nothing to do). */
export async function cancelStockAlert(db: Db, productId: number, personId: number): Promise<void> {
  const person = await getPerson(db, personId)
  await db
    .delete(stockAlerts)
    .where(and(eq(stockAlerts.productId, productId), sameEmail(person.email), isNull(stockAlerts.notifiedAt)))
}

/** The alert of a withdrawal link, with its product's name (for sale or not); 404 when it is gone. */
export async function alertByToken(db: Db, token: string) {
  const [alert] = await db.select().from(stockAlerts).where(eq(stockAlerts.token, token))
  if (!alert) throw notFound(STOCK_ALERT_MESSAGES.unknown)
  const label = (await getProductLabels(db, [alert.productId])).get(alert.productId)
  return { alert, productName: label?.name ?? `Producto ${alert.productId}` }
}

/**
 * The withdrawal link: the alert is deleted, e-mail and consent with it, whether it still waited (no e-mail will come)
 * or was already sent (the shop forgets the address). 404 when it is already gone.
 */
export async function withdrawByToken(db: Db, token: string): Promise<void> {
  const deleted = await db.delete(stockAlerts).where(eq(stockAlerts.token, token)).returning({ id: stockAlerts.id })
  if (deleted.length === 0) throw notFound(STOCK_ALERT_MESSAGES.unknown)
}

/** A product's alerts for the back office: waiting ones first (oldest first), then sent ones (newest first). */
export async function listProductAlerts(db: Db, productId: number, page: PageRequest) {
  const labels = await getProductLabels(db, [productId])
  if (!labels.has(productId)) throw notFound('El producto no existe.')
  const ofProduct = eq(stockAlerts.productId, productId)
  const [alerts, [counts]] = await Promise.all([
    db
      .select()
      .from(stockAlerts)
      .where(ofProduct)
      .orderBy(
        sql`${stockAlerts.notifiedAt} is not null`,
        asc(sql`case when ${stockAlerts.notifiedAt} is null then ${stockAlerts.createdAt} end`),
        desc(stockAlerts.notifiedAt),
        asc(stockAlerts.id),
      )
      .limit(page.tamanio)
      .offset(offsetOf(page)),
    db
      .select({
        waiting: sql<number>`(count(*) filter (where ${stockAlerts.notifiedAt} is null))::int`,
        all: count(),
      })
      .from(stockAlerts)
      .where(ofProduct),
  ])
  const waiting = counts?.waiting ?? 0
  return { alerts, waiting, notified: (counts?.all ?? 0) - waiting }
}

/**
 * The back office deletes an alert (a shopper asked, by another channel, that the shop forget their e-mail). Audited
 * in the product's history without the e-mail, which is what was asked to be forgotten.
 */
export async function deleteProductAlert(db: Db, productId: number, alertId: number, by: number | null) {
  await db.transaction(async (tx) => {
    const [alert] = await tx
      .delete(stockAlerts)
      .where(and(eq(stockAlerts.id, alertId), eq(stockAlerts.productId, productId)))
      .returning()
    if (!alert) throw notFound(STOCK_ALERT_MESSAGES.notFound)
    await recordAudit(tx, {
      by,
      entity: 'producto',
      entityId: productId,
      action: 'eliminar_aviso',
      before: {
        idAviso: alert.id,
        estado: alert.notifiedAt ? 'avisado' : 'esperando',
        pedidoEl: alert.createdAt.toISOString(),
      },
      after: null,
    })
  })
}

/**
 * Forgets what is no longer needed: requests still waiting after `STOCK_ALERT_WAITING_DAYS` (the product did not
 * come back) and alerts sent more than `STOCK_ALERT_KEEP_DAYS` ago. Answers how many went.
 */
export async function purgeStockAlerts(db: Db, now = new Date()): Promise<number> {
  const waitedSince = new Date(now.getTime() - STOCK_ALERT_WAITING_DAYS * DAY_MS)
  const sentBefore = new Date(now.getTime() - STOCK_ALERT_KEEP_DAYS * DAY_MS)
  const [stale, old] = await Promise.all([
    db
      .delete(stockAlerts)
      .where(and(isNull(stockAlerts.notifiedAt), lt(stockAlerts.createdAt, waitedSince)))
      .returning({ id: stockAlerts.id }),
    db
      .delete(stockAlerts)
      .where(and(isNotNull(stockAlerts.notifiedAt), lt(stockAlerts.notifiedAt, sentBefore)))
      .returning({ id: stockAlerts.id }),
  ])
  return stale.length + old.length
}
