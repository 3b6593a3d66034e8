import type { orderLines, orderStatusHistory, orders } from './tables'

/** An order's rows as the database keeps them, and an order read whole: what the wire and the mails are made from. */
export type OrderRow = typeof orders.$inferSelect
export type OrderLineRow = typeof orderLines.$inferSelect
export type StatusEntryRow = typeof orderStatusHistory.$inferSelect

export interface OrderView {
  order: OrderRow
  storeName: string
  lines: OrderLineRow[]
  history: StatusEntryRow[]
}
