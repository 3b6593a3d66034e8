import { deliveryDaysText, formatCop, isPaidOrderStatus, ORDER_STATUS } from '@piel/contracts'
import type { MailMessage } from '../../shared/deps'
import type { PersonRow } from '../accounts'
import type { StoreRow } from '../catalog'
import { type MailBlock, renderMail } from '../mail'
import { withdrawalTerm } from './calendar'
import { statusName } from './status'
import type { OrderView } from './view'

/** Dates in e-mails are in Colombia's time, whatever the server's own time zone. */
const colombianDateTime = new Intl.DateTimeFormat('es-CO', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'America/Bogota',
})

const siteLink = (publicUrl: string, path: string) => `${publicUrl.replace(/\/+$/, '')}${path}`

/** When the promised delivery days start counting: the payment, or the store's confirmation of a corporate order. */
export type DeliveryCountedFrom = 'payment' | 'confirmation'

/**
 * The detail of an order that its e-mails share (placed, paid, cancelled or expired): each product with its quantity
 * and line total, the totals with the IVA they include and the shipping ("Gratis" when free), the delivery address
 * and who receives it, the shopper's note, and the promised delivery days when the order has them and
 * `deliveryFrom` says from when they count (none for an order that will not be delivered). Everything a person typed
 * (the address, the receiver, the note) is escaped by the layout (`renderMail`).
 */
export function orderDetailBlocks(
  { order, lines }: Pick<OrderView, 'order' | 'lines'>,
  { deliveryFrom }: { deliveryFrom: DeliveryCountedFrom | null },
): MailBlock[] {
  const place = [order.street, order.addressReference, order.neighborhood ? `barrio ${order.neighborhood}` : null]
    .filter((part): part is string => Boolean(part?.trim()))
    .join(', ')
  const days =
    deliveryFrom && order.deliveryDaysMin !== null && order.deliveryDaysMax !== null
      ? `Llega en ${deliveryDaysText(order.deliveryDaysMin, order.deliveryDaysMax)} ${deliveryFrom === 'payment' ? 'desde el pago' : 'desde que confirmemos la orden'}.`
      : null
  return [
    'Tu orden (precios con IVA incluido):',
    {
      lines: lines.map(
        (line) =>
          `${line.quantity} × ${line.name}: ${formatCop(line.lineTotal)}${line.quantity > 1 ? ` (${formatCop(line.unitPrice)} c/u)` : ''}`,
      ),
    },
    {
      lines: [
        `Subtotal: ${formatCop(order.subtotal)}`,
        ...(order.codeDiscount > 0
          ? [`Descuento (código ${order.discountCode}): -${formatCop(order.codeDiscount)}`]
          : []),
        `IVA incluido: ${formatCop(order.ivaTotal)}`,
        `Envío: ${order.shipping === 0 ? 'Gratis' : formatCop(order.shipping)}`,
        `Total: ${formatCop(order.total)}`,
      ],
    },
    {
      lines: [
        `Dirección de entrega: ${place}, ${order.municipalityName}, ${order.departmentName}.`,
        `Recibe: ${order.receiverName}, ${order.receiverPhone}.`,
        ...(order.observation ? [`Tu nota: ${order.observation}`] : []),
      ],
    },
    ...(days ? [days] : []),
  ]
}

/**
 * "Recibimos tu orden N.º X" (issue 35), sent once when `orden/CrearOrden` stores an order: its detail, and how to
 * pay it (the payment page's link) before its reservation ends (`expiresAt`, in Colombia's time). For an authorised
 * corporate client, who does not pay online (spec 001 §1, §4: their payment page only says this e-mail was sent),
 * it says instead that the store will send the invoice. It is the order's acknowledgement of receipt (Ley 1480
 * art. 50): lines, totals with the IVA they include, delivery address, and the seller's legal name and NIT.
 */
export function orderPlacedMail(
  storeName: string,
  publicUrl: string,
  person: Pick<PersonRow, 'email' | 'firstNames'>,
  seller: Pick<StoreRow, 'legalName' | 'nit'>,
  view: Pick<OrderView, 'order' | 'lines'>,
): MailMessage {
  const { order } = view
  const corporate = order.statusId === ORDER_STATUS.awaitingInvoice
  const title = `Recibimos tu orden N.º ${order.id}`
  const { text, html } = renderMail(storeName, {
    title,
    blocks: [
      `Hola, ${person.firstNames}:`,
      `¡Gracias por tu compra! Recibimos tu orden N.º ${order.id} en ${storeName} el ${colombianDateTime.format(order.createdAt)} (hora de Colombia).`,
      ...orderDetailBlocks(view, { deliveryFrom: corporate ? 'confirmation' : 'payment' }),
      ...(corporate
        ? [
            'Como cliente corporativo no pagas en línea: te enviaremos la factura de esta orden y, cuando la confirmemos, empezamos a prepararla. Tus productos quedan reservados mientras tanto.',
            `Puedes ver tu orden aquí: ${siteLink(publicUrl, `/OrderDetail/${order.id}`)}`,
          ]
        : [
            order.expiresAt
              ? `Tus productos quedan reservados hasta el ${colombianDateTime.format(order.expiresAt)} (hora de Colombia). Paga antes de esa hora, con tarjeta, PSE, Nequi o en efectivo, aquí: ${siteLink(publicUrl, `/PayMethod/${order.id}`)}`
              : `Paga tu orden aquí, con tarjeta, PSE, Nequi o en efectivo: ${siteLink(publicUrl, `/PayMethod/${order.id}`)}`,
            'Si el pago no llega a tiempo, la orden se cancela sola y los productos vuelven a la tienda.',
          ]),
      `Vendedor: ${seller.legalName}, NIT ${seller.nit}.`,
    ],
  })
  return { to: person.email, subject: `${title} - ${storeName}`, text, html }
}

/** Why an order was cancelled without its shopper asking: it expired unpaid, or the store cancelled it. */
export type CancellationCause = 'expired' | 'store'

/**
 * "Tu orden N.º X venció" / "fue cancelada" (issue 35): an unpaid order whose reservation ended, or an order the store
 * cancelled from the back office (not the shopper's own cancellation, which has `shopperCancellationMail`). Its
 * detail, that the products went back to the shop, and, when the order had been paid (`from` a paid state), that
 * the store will give the money back: nothing refunds it on its own (Wompi has no refund API, decision 009), so the
 * mail says the store will write to arrange it, as the reversal mail does. A corporate order awaiting its invoice
 * is told no invoice will come.
 */
export function orderCancelledMail(
  storeName: string,
  publicUrl: string,
  person: Pick<PersonRow, 'email' | 'firstNames'>,
  view: Pick<OrderView, 'order' | 'lines'>,
  { cause, from }: { cause: CancellationCause; from: number },
): MailMessage {
  const { order } = view
  const title = cause === 'expired' ? `Tu orden N.º ${order.id} venció` : `Tu orden N.º ${order.id} fue cancelada`
  const what =
    cause === 'expired'
      ? `Tu orden N.º ${order.id} venció: no recibimos su pago antes de que terminara la reserva, así que la cancelamos y los productos volvieron a la tienda.`
      : `Cancelamos tu orden N.º ${order.id} y los productos volvieron a la tienda.`
  const after = isPaidOrderStatus(from)
    ? `Como ya la habías pagado, te devolveremos ${formatCop(order.total)}: te escribiremos en los próximos días hábiles para acordar la devolución. Si tienes preguntas, escríbenos desde ${siteLink(publicUrl, '/contacts')}`
    : from === ORDER_STATUS.awaitingInvoice
      ? 'Ya no te enviaremos la factura de esta orden y no tienes nada que pagar.'
      : `No se hizo ningún cobro. Si aún quieres los productos, puedes hacer una orden nueva: ${siteLink(publicUrl, '/Catalogs')}`
  const { text, html } = renderMail(storeName, {
    title,
    blocks: [
      `Hola, ${person.firstNames}:`,
      what,
      ...orderDetailBlocks(view, { deliveryFrom: null }),
      after,
      `Puedes ver tu orden aquí: ${siteLink(publicUrl, `/OrderDetail/${order.id}`)}`,
    ],
  })
  return { to: person.email, subject: `${title} - ${storeName}`, text, html }
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

/** A day (`YYYY-MM-DD`) as shoppers read it: "lunes, 7 de diciembre de 2026". */
const longDay = (day: string) =>
  new Intl.DateTimeFormat('es-CO', { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`))

/**
 * "Tu orden N.º X va en camino" (issue 35): sent when the store moves an order to "En camino" with the carrier and
 * its tracking number (both typed in the back office, escaped by the layout), what travels, where to, the delivery
 * days the zone promised, and the tracking page.
 */
export function orderShippedMail(
  storeName: string,
  publicUrl: string,
  person: Pick<PersonRow, 'email' | 'firstNames'>,
  { order, lines }: Pick<OrderView, 'order' | 'lines'>,
): MailMessage {
  const title = `Tu orden N.º ${order.id} va en camino`
  const days =
    order.deliveryDaysMin !== null && order.deliveryDaysMax !== null
      ? `Llega en ${deliveryDaysText(order.deliveryDaysMin, order.deliveryDaysMax)} desde el pago.`
      : null
  const { text, html } = renderMail(storeName, {
    title,
    blocks: [
      `Hola, ${person.firstNames}:`,
      `Entregamos tu orden N.º ${order.id} a la transportadora. Va en camino a ${order.street}, ${order.municipalityName}, ${order.departmentName}; recibe ${order.receiverName}.`,
      {
        lines: [
          `Transportadora: ${order.carrier ?? 'por confirmar'}`,
          `Número de guía: ${order.trackingNumber ?? 'por confirmar'}`,
        ],
      },
      ...(days ? [days] : []),
      { lines: lines.map((line) => `${line.quantity} × ${line.name}`) },
      `Sigue tu orden aquí: ${siteLink(publicUrl, `/TracingStepper/${order.id}`)}`,
      'Con el número de guía también puedes consultarla en la página de la transportadora.',
    ],
  })
  return { to: person.email, subject: `${title} - ${storeName}`, text, html }
}

/**
 * "Tu orden N.º X fue entregada" (issue 35): when the store marks it delivered. Until when the shopper may withdraw
 * from the purchase (derecho de retracto, Ley 1480 art. 47: five business days after the delivery, Colombia's
 * calendar) and where, and the link to rate each product (the order page's «Califica tus productos», `#calificar`).
 */
export function orderDeliveredMail(
  storeName: string,
  publicUrl: string,
  person: Pick<PersonRow, 'email' | 'firstNames'>,
  { order, lines }: Pick<OrderView, 'order' | 'lines'>,
  deliveredAt: Date,
): MailMessage {
  const title = `Tu orden N.º ${order.id} fue entregada`
  const { lastDay } = withdrawalTerm(deliveredAt)
  const { text, html } = renderMail(storeName, {
    title,
    blocks: [
      `Hola, ${person.firstNames}:`,
      `Tu orden N.º ${order.id} fue entregada el ${colombianDateTime.format(deliveredAt)} (hora de Colombia). ¡Gracias por comprar en ${storeName}!`,
      { lines: lines.map((line) => `${line.quantity} × ${line.name}`) },
      `¿Qué te parecieron? Califica tus productos y ayuda a otras personas a elegir: ${siteLink(publicUrl, `/OrderDetail/${order.id}#calificar`)}`,
      `Si cambias de opinión, tienes derecho de retracto hasta el ${longDay(lastDay)} (cinco días hábiles desde la entrega, Ley 1480 de 2011, art. 47). Puedes pedirlo desde la página de tu orden; los productos deben volver sin usar y en su empaque.`,
    ],
  })
  return { to: person.email, subject: `${title} - ${storeName}`, text, html }
}

/**
 * Confirms to the shopper that they cancelled their order (issue 35): what it had, that its products went back to the
 * shop and that it cannot be paid (or invoiced) any more, with the link to its page. Everything is escaped by the
 * layout (`renderMail`), the shopper's own name included.
 */
export function shopperCancellationMail(
  storeName: string,
  publicUrl: string,
  person: Pick<PersonRow, 'email' | 'firstNames'>,
  { order, lines }: OrderView,
  { corporate }: { corporate: boolean },
): MailMessage {
  const link = `${publicUrl.replace(/\/+$/, '')}/OrderDetail/${order.id}`
  const title = `Orden N.º ${order.id} cancelada`
  const { text, html } = renderMail(storeName, {
    title,
    blocks: [
      `Hola, ${person.firstNames}:`,
      `Cancelaste tu orden N.º ${order.id} en ${storeName} el ${colombianDateTime.format(order.updatedAt)} (hora de Colombia). Tenía estos productos:`,
      ...lines.map((line) => `${line.quantity} × ${line.name} (ref. ${line.reference})`),
      `Total de la orden: ${formatCop(order.total)}.`,
      corporate
        ? 'Los productos volvieron a la tienda y ya no te enviaremos la factura de esta orden.'
        : 'Los productos volvieron a la tienda y esta orden ya no se puede pagar.',
      `Puedes verla aquí: ${link}`,
      'Si no fuiste tú, escríbenos por WhatsApp.',
    ],
  })
  return { to: person.email, subject: `${title} - ${storeName}`, text, html }
}
