import { MAX_STOCK, type StockMovement } from '@piel/contracts'
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

/** A product's stock now and its movements, newest first, a page at a time. */
export async function listStockMovements(db: Db, productId: number, page: PageRequest, emailsOf?: EmailsOf) {
  const [product] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, productId))
  if (!product) throw productNotFound()
  const where = eq(stockMovements.productId, productId)
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(stockMovements)
      .where(where)
      .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
      .limit(page.tamanio)
      .offset(offsetOf(page)),
    db.select({ total: sql<number>`count(*)::int` }).from(stockMovements).where(where),
  ])
  const people = rows.flatMap((row) => (row.personId === null ? [] : [row.personId]))
  const emails = emailsOf && people.length > 0 ? await emailsOf([...new Set(people)]) : new Map<number, string>()
  const movimientos = rows.map((row) =>
    toWireMovement(row, row.personId === null ? null : (emails.get(row.personId) ?? null)),
  )
  return { existencia: product.stock, movimientos, ...pageInfo(page, count?.total ?? 0) }
}
