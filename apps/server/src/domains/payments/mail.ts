import { CENTS_PER_PESO, formatCop } from '@piel/contracts'
import type { MailMessage } from '../../shared/deps'
import type { PersonRow } from '../accounts'
import { renderMail } from '../mail'
import { type OrderView, orderDetailBlocks } from '../orders'
import type { PaymentRow } from './attempts'

/** Dates in e-mails are in Colombia's time, whatever the server's own time zone. */
const colombianDateTime = new Intl.DateTimeFormat('es-CO', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'America/Bogota',
})

type Person = Pick<PersonRow, 'email' | 'firstNames'>
interface MailContext {
  storeName: string
  publicUrl: string
}

const link = (publicUrl: string, path: string) => `${publicUrl.replace(/\/+$/, '')}${path}`
const amountOf = (payment: PaymentRow) => formatCop(payment.amountInCents / CENTS_PER_PESO)

/**
 * The payment of an order was approved (sent once per order), with the order's detail as its other e-mails show it
 * (`orderDetailBlocks`: products, totals, delivery address, and the delivery days counted from now).
 */
export function paymentApprovedMail(
  { storeName, publicUrl }: MailContext,
  person: Person,
  payment: PaymentRow,
  view: Pick<OrderView, 'order' | 'lines'>,
) {
  const { text, html } = renderMail(storeName, {
    title: `Recibimos el pago de tu orden N.º ${payment.orderId}`,
    blocks: [
      `Hola, ${person.firstNames}:`,
      `Tu pago de ${amountOf(payment)} (referencia ${payment.reference}) fue aprobado. ¡Gracias! Ya estamos preparando tu orden N.º ${payment.orderId}.`,
      ...orderDetailBlocks(view, { deliveryFrom: 'payment' }),
      `Puedes seguirla aquí: ${link(publicUrl, `/TracingStepper/${payment.orderId}`)}`,
    ],
  })
  return {
    to: person.email,
    subject: `Pago aprobado - orden N.º ${payment.orderId} - ${storeName}`,
    text,
    html,
  } satisfies MailMessage
}

/** A payment attempt was declined; the order can be paid again while it is reserved. */
export function paymentDeclinedMail(
  { storeName, publicUrl }: MailContext,
  person: Person,
  payment: PaymentRow,
  reservedUntil: Date | null,
) {
  const { text, html } = renderMail(storeName, {
    title: `No se pudo procesar el pago de tu orden N.º ${payment.orderId}`,
    blocks: [
      `Hola, ${person.firstNames}:`,
      `El pago de ${amountOf(payment)} (referencia ${payment.reference}) no fue aprobado${payment.statusMessage ? `: ${payment.statusMessage}` : '.'}`,
      reservedUntil
        ? `Tus productos siguen reservados hasta el ${colombianDateTime.format(reservedUntil)} (hora de Colombia). Puedes intentarlo de nuevo, con el mismo u otro medio de pago: ${link(publicUrl, `/PayMethod/${payment.orderId}`)}`
        : `Puedes revisar tu orden aquí: ${link(publicUrl, `/OrderDetail/${payment.orderId}`)}`,
    ],
  })
  return {
    to: person.email,
    subject: `Pago no aprobado - orden N.º ${payment.orderId} - ${storeName}`,
    text,
    html,
  } satisfies MailMessage
}

/** The steps to pay in cash at a Bancolombia correspondent (also shown on the confirmation page). */
export function cashInstructions(
  payment: Pick<PaymentRow, 'cashAgreementCode' | 'cashPaymentReference' | 'amountInCents' | 'expiresAt'>,
) {
  return [
    'Acércate a cualquier Corresponsal Bancario Bancolombia (tiendas, droguerías y supermercados con el aviso).',
    `Di que vas a pagar un convenio y da el número de convenio ${payment.cashAgreementCode ?? ''}.`,
    `Da la referencia de pago ${payment.cashPaymentReference ?? ''} y paga ${formatCop(payment.amountInCents / CENTS_PER_PESO)} en efectivo.`,
    payment.expiresAt
      ? `Paga antes del ${colombianDateTime.format(payment.expiresAt)} (hora de Colombia); después la orden se cancela y los productos vuelven al inventario.`
      : 'Paga cuanto antes: la orden se reserva por tiempo limitado.',
    'Guarda el comprobante. Te escribiremos cuando recibamos el pago.',
  ]
}

/** The cash payment's reference and instructions, as soon as Wompi gives them. */
export function cashInstructionsMail({ storeName, publicUrl }: MailContext, person: Person, payment: PaymentRow) {
  const { text, html } = renderMail(storeName, {
    title: `Paga tu orden N.º ${payment.orderId} en efectivo`,
    blocks: [
      `Hola, ${person.firstNames}:`,
      `Número de convenio: ${payment.cashAgreementCode ?? ''} · Referencia de pago: ${payment.cashPaymentReference ?? ''} · Valor: ${amountOf(payment)}`,
      ...cashInstructions(payment),
      `Estado de tu pago: ${link(publicUrl, `/PaymentConfirmationPSE/${payment.orderId}`)}`,
    ],
  })
  return {
    to: person.email,
    subject: `Instrucciones de pago en efectivo - orden N.º ${payment.orderId} - ${storeName}`,
    text,
    html,
  } satisfies MailMessage
}

/**
 * Money the shop gives back: a second payment of an order already paid, or a payment of an order
 * cancelled before it arrived. `voided`: the card charge was annulled at Wompi; otherwise the store
 * refunds it by other means and writes to arrange it.
 */
export function reversalMail(
  { storeName, publicUrl }: MailContext,
  person: Person,
  reversal: { orderId: number; amountInCents: number; reason: string },
  voided: boolean,
) {
  const amount = formatCop(reversal.amountInCents / CENTS_PER_PESO)
  const what =
    reversal.reason === 'duplicado'
      ? `Recibimos dos pagos para tu orden N.º ${reversal.orderId}. La orden ya estaba pagada, así que el segundo pago, de ${amount}, no se cobra.`
      : `Recibimos un pago de ${amount} para tu orden N.º ${reversal.orderId}, que ya estaba cancelada, así que no se cobra.`
  const { text, html } = renderMail(storeName, {
    title: `Te devolvemos un pago de la orden N.º ${reversal.orderId}`,
    blocks: [
      `Hola, ${person.firstNames}:`,
      what,
      voided
        ? 'Ya anulamos ese cobro de tu tarjeta. Según tu banco, puede verse en tu extracto unos días más y luego desaparece; no tienes que hacer nada.'
        : 'Este medio de pago no permite anular el cobro en línea: te escribiremos en los próximos días hábiles para devolverte el dinero a la cuenta que nos indiques.',
      `Tu orden: ${link(publicUrl, `/OrderDetail/${reversal.orderId}`)}`,
    ],
  })
  return {
    to: person.email,
    subject: `Devolución de un pago - orden N.º ${reversal.orderId} - ${storeName}`,
    text,
    html,
  } satisfies MailMessage
}
