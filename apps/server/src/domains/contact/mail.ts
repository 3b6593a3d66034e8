import type { MailMessage } from '../../shared/deps'
import { renderMail } from '../mail'

/** Dates in e-mails are in Colombia's time, whatever the server's own time zone. */
const colombianDateTime = new Intl.DateTimeFormat('es-CO', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'America/Bogota',
})

/** A subject on one line (a message's subject came from a shopper's form). */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim()

/**
 * The store's reply to a message sent from /contacts: the reply (a paragraph per line the administrator wrote),
 * then the shopper's own message for context, and where to write again (this mail comes from an address that
 * nobody reads, as every mail of the shop).
 */
export function storeMessageReplyMail(
  { storeName, publicUrl, storeEmail }: { storeName: string; publicUrl: string; storeEmail: string | null },
  to: { email: string; name: string | null },
  message: { subject: string; body: string; createdAt: Date },
  reply: string,
): MailMessage {
  const subject = oneLine(message.subject)
  const contactPage = `${publicUrl.replace(/\/+$/, '')}/contacts`
  const { text, html } = renderMail(storeName, {
    title: `Respuesta a tu mensaje «${subject}»`,
    blocks: [
      to.name ? `Hola, ${to.name}:` : 'Hola:',
      ...reply.split(/\n+/).filter((line) => line.trim() !== ''),
      `Tu mensaje del ${colombianDateTime.format(message.createdAt)} (hora de Colombia): «${message.body}»`,
      storeEmail
        ? `Si quieres seguir la conversación, escríbenos a ${storeEmail} o desde ${contactPage}`
        : `Si quieres seguir la conversación, escríbenos desde ${contactPage}`,
    ],
  })
  return { to: to.email, subject: `Re: ${subject} - ${storeName}`, text, html }
}
