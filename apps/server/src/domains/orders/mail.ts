import { formatCop, ORDER_STATUS } from '@piel/contracts'
import type { MailMessage } from '../../shared/deps'
import type { PersonRow } from '../accounts'
import type { StoreRow } from '../catalog'
import { renderMail } from '../mail'
import { statusName } from './status'
import type { OrderView } from './view'

/** Dates in e-mails are in Colombia's time, whatever the server's own time zone. */
const colombianDateTime = new Intl.DateTimeFormat('es-CO', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'America/Bogota',
})

/**
 * Purchase confirmation for an authorised corporate client (spec 001 §1, §4: their payment page
 * only says this e-mail was sent). It is the order's acknowledgement of receipt (Ley 1480 art. 50):
 * lines, totals with the IVA they include, delivery address, and the seller's legal name and NIT.
 */
export function purchaseConfirmationMail(
  storeName: string,
  person: Pick<PersonRow, 'email' | 'firstNames'>,
  store: Pick<StoreRow, 'legalName' | 'nit'>,
  { order, lines }: OrderView,
): MailMessage {
  const { text, html } = renderMail(storeName, {
    title: `Confirmación de tu compra N.º ${order.id}`,
    blocks: [
      `Hola, ${person.firstNames}:`,
      `Recibimos tu orden N.º ${order.id} en ${storeName} el ${colombianDateTime.format(order.createdAt)} (hora de Colombia). Estos son los productos y los valores (precios con IVA incluido):`,
      ...lines.map(
        (line) =>
          `${line.quantity} × ${line.name} (ref. ${line.reference}): ${formatCop(line.unitPrice)} c/u = ${formatCop(line.lineTotal)}`,
      ),
      [
        `Subtotal: ${formatCop(order.subtotal)}`,
        `IVA incluido: ${formatCop(order.ivaTotal)}`,
        `Envío: ${formatCop(order.shipping)}`,
        `Total: ${formatCop(order.total)}`,
      ].join(' · '),
      `Entrega en: ${order.street}${order.addressReference ? ` (${order.addressReference})` : ''}, ${order.municipalityName}, ${order.departmentName}. Recibe: ${order.receiverName}, ${order.receiverPhone}.`,
      `Estado: ${statusName(order.statusId)}.`,
      ...(order.statusId === ORDER_STATUS.awaitingInvoice
        ? [
            'Como cliente corporativo no pagas en línea: te enviaremos la factura de esta orden y, cuando la confirmemos, empezamos a prepararla. Tus productos quedan reservados mientras tanto.',
          ]
        : []),
      `Vendedor: ${store.legalName}, NIT ${store.nit}.`,
    ],
  })
  return { to: person.email, subject: `Confirmación de compra N.º ${order.id} - ${storeName}`, text, html }
}

/** Tells the shopper that their order changed state, with the link to its tracking page. */
export function statusChangeMail(
  storeName: string,
  publicUrl: string,
  person: Pick<PersonRow, 'email' | 'firstNames'>,
  orderId: number,
  statusId: number,
): MailMessage {
  const link = `${publicUrl.replace(/\/+$/, '')}/TracingStepper/${orderId}`
  const state = statusName(statusId)
  const { text, html } = renderMail(storeName, {
    title: `Tu orden N.º ${orderId}: ${state}`,
    blocks: [
      `Hola, ${person.firstNames}:`,
      `Tu orden N.º ${orderId} cambió de estado. Estado actual: ${state}.`,
      `Puedes seguirla aquí: ${link}`,
    ],
  })
  return { to: person.email, subject: `Orden N.º ${orderId}: ${state} - ${storeName}`, text, html }
}
