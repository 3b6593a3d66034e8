import { MAX_STOCK, type StockMovement, type StockMovementEntry } from '@piel/contracts'
import { desc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../../db'
import { AppError } from '../../../shared/errors'
import { offsetOf, type PageRequest, pageInfo } from '../../../shared/paging'
import { recordAudit } from '../../audit'
import { products, stockMovements } from '../tables'

export type StockMovementKind = 'recepcion' | 'correccion'

export const productNotFound = () => new AppError(404, 'no_encontrado', 'El producto no existe.')

/** The e-mails of the people who made movements (the accounts domain's, handed in by the app). */
export type EmailsOf = (personIds: readonly number[]) => Promise<Map<number, string>>

/** Units an order moved: taken when placed, given back by its cancellation or by a withdrawal. */
export interface OrderMovement {
  kind: 'orden' | 'cancelacion' | 'retracto'
  orderId: number
  delta: number
  at: Date
}

/**
 * A product's order movements, newest first: the first `limit`, and how many there are (the orders domain's, handed
 * in by the app: the catalogue is below the orders and does not read them).
 */
export type OrderMovementsOf = (
  productId: number,
  limit: number,
) => Promise<{ movements: OrderMovement[]; total: number }>

const toWireMovement = (row: typeof stockMovements.$inferSelect, who: string | null): StockMovement => ({
  id: row.id,
  tipo: row.kind as StockMovementKind,
  cantidad: row.delta,
  antes: row.before,
  despues: row.after,
  nota: row.note,
  idPersona: row.personId,
  quien: who,
  fecha: row.createdAt.toISOString(),
})

/**
 * Units received or a count corrected from the back office (issue 17): `delta` is applied to the stock as it
 * is under the product row's lock (`for no key update`, the lock `reserve_stock` takes for an order), so an
 * order and a correction at the same moment queue one after the other and neither is lost; a correction that
 * would leave fewer than 0 units is refused (409) and changes nothing. The movement and its audit entry are
 * written in the same transaction.
 */
export async function moveStock(
  db: Db,
  productId: number,
  movement: { kind: StockMovementKind; delta: number; note: string | null; by: number | null },
  emailsOf?: EmailsOf,
): Promise<StockMovement> {
  const stored = await db.transaction(async (tx) => {
    const [product] = await tx
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, productId))
      .for('no key update')
    if (!product) throw productNotFound()
    const before = product.stock
    const after = before + movement.delta
    if (after < 0) {
      throw new AppError(
        409,
        'sin_stock',
        `Hay ${before} ${before === 1 ? 'unidad' : 'unidades'}: la corrección dejaría el inventario en negativo.`,
      )
    }
    if (after > MAX_STOCK) {
      throw new AppError(
        409,
        'existencia_excesiva',
        `La existencia de un producto no puede pasar de ${MAX_STOCK.toLocaleString('es-CO')} unidades.`,
      )
    }
    await tx.update(products).set({ stock: after, updatedAt: new Date() }).where(eq(products.id, productId))
    const [row] = await tx
      .insert(stockMovements)
      .values({
        productId,
        kind: movement.kind,
        delta: movement.delta,
        before,
        after,
        note: movement.note,
        personId: movement.by,
      })
      .returning()
    await recordAudit(tx, {
      by: movement.by,
      entity: 'producto',
      entityId: productId,
      action: movement.kind === 'recepcion' ? 'recibir_inventario' : 'corregir_inventario',
      before: { existencia: before },
      after: { existencia: after, nota: movement.note },
    })
    if (!row) throw new Error('stock movement not stored')
    return row
  })
  // Read after the transaction: the e-mail comes from another connection (PGlite has one, held by the transaction).
  const who = movement.by === null || !emailsOf ? null : ((await emailsOf([movement.by])).get(movement.by) ?? null)
  return toWireMovement(stored, who)
}

/**
 * A product's stock now and its movements, newest first, a page at a time: the back office's own, and with
 * `orderMovementsOf` those of the orders (the units each took, gave back when cancelled or returned by a withdrawal).
 * Both are read up to the page's end and merged by time.
 */
export async function listStockMovements(
  db: Db,
  productId: number,
  page: PageRequest,
  emailsOf?: EmailsOf,
  orderMovementsOf?: OrderMovementsOf,
) {
  const [product] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, productId))
  if (!product) throw productNotFound()
  const where = eq(stockMovements.productId, productId)
  const upTo = offsetOf(page) + page.tamanio
  const [rows, [count], fromOrders] = await Promise.all([
    db
      .select()
      .from(stockMovements)
      .where(where)
      .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
      .limit(upTo),
    db.select({ total: sql<number>`count(*)::int` }).from(stockMovements).where(where),
    orderMovementsOf ? orderMovementsOf(productId, upTo) : { movements: [], total: 0 },
  ])
  const merged: ({ own: typeof stockMovements.$inferSelect } | { order: OrderMovement })[] = []
  for (let own = 0, order = 0; own < rows.length || order < fromOrders.movements.length; ) {
    const mine = rows[own]
    const theirs = fromOrders.movements[order]
    if (mine && (!theirs || mine.createdAt.getTime() >= theirs.at.getTime())) {
      merged.push({ own: mine })
      own++
    } else if (theirs) {
      merged.push({ order: theirs })
      order++
    }
  }
  const shown = merged.slice(offsetOf(page), upTo)
  const people = shown.flatMap((entry) => ('own' in entry && entry.own.personId !== null ? [entry.own.personId] : []))
  const emails = emailsOf && people.length > 0 ? await emailsOf([...new Set(people)]) : new Map<number, string>()
  const movimientos = shown.map((entry): StockMovementEntry => {
    if ('order' in entry) return toWireOrderMovement(entry.order)
    const row = entry.own
    return { ...toWireMovement(row, row.personId === null ? null : (emails.get(row.personId) ?? null)), idOrden: null }
  })
  return {
    existencia: product.stock,
    movimientos,
    ...pageInfo(page, (count?.total ?? 0) + fromOrders.total),
  }
}

const toWireOrderMovement = (movement: OrderMovement): StockMovementEntry => ({
  id: null,
  tipo: movement.kind,
  cantidad: movement.delta,
  antes: null,
  despues: null,
  nota: null,
  idPersona: null,
  quien: null,
  fecha: movement.at.toISOString(),
  idOrden: movement.orderId,
})
