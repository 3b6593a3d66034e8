import { type AdminStockAlert, maskEmail, type StockAlertByToken } from '@piel/contracts'
import type { StockAlertRow } from './service'

const stateOf = (alert: Pick<StockAlertRow, 'notifiedAt'>) => (alert.notifiedAt ? 'avisado' : 'esperando')

export const toWireAdminAlert = (alert: StockAlertRow): AdminStockAlert => ({
  id: alert.id,
  correo: alert.email,
  conCuenta: alert.personId !== null,
  estado: stateOf(alert),
  pedidoEl: alert.createdAt.toISOString(),
  avisadoEl: alert.notifiedAt?.toISOString() ?? null,
})

/** What a withdrawal link's page shows: the product and, in part, the e-mail (the link may have been forwarded). */
export const toWireAlertByToken = (alert: StockAlertRow, productName: string): StockAlertByToken => ({
  idProducto: alert.productId,
  producto: productName,
  correo: maskEmail(alert.email),
  estado: stateOf(alert),
  pedidoEl: alert.createdAt.toISOString(),
  avisadoEl: alert.notifiedAt?.toISOString() ?? null,
})
