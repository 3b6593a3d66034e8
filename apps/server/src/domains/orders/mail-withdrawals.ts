import { formatCop, type Withdrawal } from '@piel/contracts'
import type { MailMessage } from '../../shared/deps'
import type { PersonRow } from '../accounts'
import { renderMail } from '../mail'

/** "30 de diciembre de 2026" from `2026-12-30`. */
const longDay = (day: string) =>
  new Intl.DateTimeFormat('es-CO', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`))

/** Tells the shopper where their withdrawal (retracto) stands: asked, accepted or refused, goods received, refunded. */
export function withdrawalMail(
  storeName: string,
  publicUrl: string,
  person: Pick<PersonRow, 'email' | 'firstNames'>,
  withdrawal: Withdrawal,
): MailMessage {
  const orderId = withdrawal.idOrden
  const link = `${publicUrl.replace(/\/+$/, '')}/OrderDetail/${orderId}`
  const units = withdrawal.productos.map((line) => `${line.cantidad} × ${line.nombre} (ref. ${line.referencia})`)
  const amount = formatCop(withdrawal.valorReembolso)
  const shipping = withdrawal.incluyeEnvio ? ' (incluye el envío de la compra)' : ''
  const byStatus: Record<Withdrawal['estado'], { title: string; blocks: string[] }> = {
    solicitado: {
      title: `Recibimos tu solicitud de retracto de la orden N.º ${orderId}`,
      blocks: [
        `Recibimos tu solicitud de retracto de la orden N.º ${orderId}. Estos son los productos que quieres devolver:`,
        ...units,
        `Valor a reembolsar si se aprueba: ${amount}${shipping}. Te escribiremos cuando la revisemos.`,
      ],
    },
    aceptado: {
      title: `Aceptamos tu retracto de la orden N.º ${orderId}`,
      blocks: [
        `Aceptamos tu solicitud de retracto de la orden N.º ${orderId}.`,
        ...(withdrawal.nota ? [`Nota de la tienda: ${withdrawal.nota}`] : []),
        'Envíanos los productos sellados y en su empaque original; el envío de la devolución corre por tu cuenta. Cuando lleguen te devolveremos el dinero.',
        `Valor a reembolsar: ${amount}${shipping}, a más tardar el ${longDay(withdrawal.reembolsoHasta)}.`,
      ],
    },
    rechazado: {
      title: `No aceptamos tu retracto de la orden N.º ${orderId}`,
      blocks: [
        `Revisamos tu solicitud de retracto de la orden N.º ${orderId} y no pudimos aceptarla.`,
        `Razón: ${withdrawal.nota ?? ''}`,
        'Si tienes preguntas, responde a este correo o escríbenos desde la página de contacto.',
      ],
    },
    recibido: {
      title: `Recibimos los productos de tu retracto (orden N.º ${orderId})`,
      blocks: [
        `Recibimos los productos que devolviste de la orden N.º ${orderId}:`,
        ...units,
        `Te devolveremos ${amount}${shipping} a más tardar el ${longDay(withdrawal.reembolsoHasta)}.`,
      ],
    },
    reembolsado: {
      title: `Te devolvimos ${amount} (orden N.º ${orderId})`,
      blocks: [
        `Registramos el reembolso de tu retracto de la orden N.º ${orderId}: ${amount}${shipping}.`,
        `Medio: ${withdrawal.nombreMetodoReembolso ?? ''}${withdrawal.referenciaReembolso ? ` (referencia ${withdrawal.referenciaReembolso})` : ''}.`,
        ...(withdrawal.metodoReembolso === 'wompi_anulacion'
          ? ['El cargo a tu tarjeta se anuló; según tu banco, puede tardar unos días en verse en tu extracto.']
          : []),
      ],
    },
  }
  const content = byStatus[withdrawal.estado]
  const { text, html } = renderMail(storeName, {
    title: content.title,
    blocks: [`Hola, ${person.firstNames}:`, ...content.blocks, `Puedes ver tu orden aquí: ${link}`],
  })
  return { to: person.email, subject: `${content.title} - ${storeName}`, text, html }
}
