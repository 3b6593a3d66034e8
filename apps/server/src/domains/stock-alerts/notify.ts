import { and, asc, inArray, isNull } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../../config'
import type { Db } from '../../db'
import type { StockObserver } from '../../shared/deps'
import { getPeople } from '../accounts'
import { getProductsForPricing, priceFor } from '../catalog'
import type { OutboxMailer } from '../mail'
import { restockMail } from './mail'
import { stockAlerts } from './tables'

/**
 * Sending the alerts (issue 35). An alert is due when its product is for sale (product and store active) and has
 * stock, whatever raised it from 0: the back office's receipt or count, a product put back on sale, the CSV import,
 * an order cancelled or expired, a withdrawal's units returned. Every one of those tells the catalogue's stock
 * observer (`stockChanged`), which `watchRestocks` hooks; a periodic run (plugins/jobs.ts) catches anything else.
 *
 * Each alert is claimed (`notified_at` set where it is still null) in the same transaction that writes its e-mail to
 * the outbox: two restocks at once, or two server processes, send it once; a failure leaves it waiting, unsent.
 */

export interface RestockContext {
  db: Db
  mailer: OutboxMailer
  config: Pick<Config, 'STORE_NAME' | 'PUBLIC_URL'>
  log: FastifyBaseLogger
}

/** Alerts claimed per transaction. */
const BATCH = 200

/** Sends every alert that is due; answers how many were sent. */
export async function sendDueStockAlerts(ctx: RestockContext, now = new Date()): Promise<number> {
  const { db, mailer, config } = ctx
  const waiting = await db
    .selectDistinct({ productId: stockAlerts.productId })
    .from(stockAlerts)
    .where(isNull(stockAlerts.notifiedAt))
  if (waiting.length === 0) return 0
  let sent = 0
  for (;;) {
    const deliveries = await db.transaction(async (tx) => {
      const ready = (
        await getProductsForPricing(
          tx,
          waiting.map((row) => row.productId),
        )
      ).filter((product) => product.stock > 0)
      if (ready.length === 0) return []
      const products = new Map(ready.map((product) => [product.id, product]))
      const due = tx
        .select({ id: stockAlerts.id })
        .from(stockAlerts)
        .where(and(isNull(stockAlerts.notifiedAt), inArray(stockAlerts.productId, [...products.keys()])))
        .orderBy(asc(stockAlerts.id))
        .limit(BATCH)
        .for('update', { skipLocked: true })
      const claimed = await tx
        .update(stockAlerts)
        .set({ notifiedAt: now })
        .where(and(inArray(stockAlerts.id, due), isNull(stockAlerts.notifiedAt)))
        .returning()
      if (claimed.length === 0) return []
      const personIds = [...new Set(claimed.flatMap((alert) => (alert.personId === null ? [] : [alert.personId])))]
      const people = new Map((await getPeople(tx, personIds)).map((person) => [person.id, person]))
      const queued: (() => void)[] = []
      for (const alert of claimed.sort((a, b) => a.id - b.id)) {
        const product = products.get(alert.productId)
        if (!product) continue
        const person = alert.personId === null ? undefined : people.get(alert.personId)
        const prices = priceFor(product, person?.isAuthorizedCorporate ? 'corporate' : 'normal')
        const message = restockMail(config.STORE_NAME, config.PUBLIC_URL, { alert, product, prices, person })
        queued.push(await mailer.queue(tx, message))
      }
      return queued
    })
    for (const deliver of deliveries) deliver()
    sent += deliveries.length
    if (deliveries.length < BATCH) return sent
  }
}

/** Looks for due alerts in the background whenever stock may have come back. */
export interface RestockWatcher {
  /** Stock changed (or an alert was asked for): look, now or right after the look under way. */
  check(): void
  /** Resolves once no look is under way or due. */
  idle(): Promise<void>
  /** Stops looking; waits for the look under way. */
  close(): Promise<void>
}

/**
 * One look at a time: a change while a look runs asks for one more afterwards (any number of changes, one more
 * look), so a burst of orders costs two looks, and a change is never missed. A failure is logged; the next change or
 * the periodic run tries again.
 */
export function createRestockWatcher(ctx: RestockContext): RestockWatcher {
  let running: Promise<void> | null = null
  let again = false
  let closed = false
  const look = async () => {
    do {
      again = false
      try {
        const sent = await sendDueStockAlerts(ctx)
        if (sent > 0) ctx.log.info({ sent }, 'back-in-stock alerts sent')
      } catch (error) {
        ctx.log.error({ err: error }, 'back-in-stock alerts failed')
      }
    } while (again && !closed)
  }
  return {
    check() {
      if (closed) return
      if (running) {
        again = true
        return
      }
      running = look().finally(() => {
        running = null
      })
    },
    async idle() {
      while (running) await running
    },
    async close() {
      closed = true
      while (running) await running
    },
  }
}

/** The catalogue's stock observer, telling `watcher` too: every path that changes stock already tells the observer. */
export function watchRestocks<T extends StockObserver>(observer: T, watcher: RestockWatcher): T {
  return {
    ...observer,
    stockChanged() {
      observer.stockChanged()
      watcher.check()
    },
  }
}
