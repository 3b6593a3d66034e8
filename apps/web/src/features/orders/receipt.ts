import type { Order } from '@piel/contracts'

/** The IVA a receipt shows for one rate: what the lines at that rate cost (after a code), their base and their IVA. */
export interface IvaRow {
  rate: number
  base: number
  iva: number
  total: number
}

/**
 * The IVA breakdown of an order's products by rate (a receipt's "Discriminación del IVA"): each line's total after its
 * part of the discount code, and the IVA the server computed on it (`ivaLinea`), so the figures add up to the order's
 * own. Shipping is shown apart.
 */
export function ivaBreakdown(lines: Order['productos']): IvaRow[] {
  const byRate = new Map<number, IvaRow>()
  for (const line of lines) {
    const total = line.valorTotal - line.descuentoCodigo
    const row = byRate.get(line.iva) ?? { rate: line.iva, base: 0, iva: 0, total: 0 }
    row.total += total
    row.iva += line.ivaLinea
    row.base += total - line.ivaLinea
    byRate.set(line.iva, row)
  }
  return [...byRate.values()].sort((a, b) => b.rate - a.rate)
}

/** When the order was paid: its first paid state's time, else null. */
export function paidAt(order: Pick<Order, 'estadosOrden'>, paidStatus: number): string | null {
  return order.estadosOrden.find((entry) => entry.idEstadoOrden === paidStatus)?.fecha ?? null
}
