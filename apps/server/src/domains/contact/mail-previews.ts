import { type MailPreview, type MailPreviewContext, PREVIEW_SHOPPER } from '../mail'
import { storeMessageReplyMail } from './mail'

const HOUR_MS = 3_600_000

/**
 * The contact page's e-mail (issue 35) for the back office's «Correos»: the store's reply to a message, built by the
 * builder that sends it. The shopper's message and the reply carry markup and `&` as people type them, escaped by
 * the layout. Nothing is sent and no message changes.
 */
export function contactMailPreviews({
  storeName,
  publicUrl,
  now,
  storeEmail,
}: MailPreviewContext & { storeEmail: string | null }): MailPreview[] {
  const message = {
    subject: '¿El protector <b>Anthelios</b> sirve para piel grasa & sensible?',
    body: 'Hola, tengo la piel grasa y se me irrita con facilidad. ¿El Anthelios UVMune 400 me sirve <b>todos los días</b> & debajo del maquillaje?',
    createdAt: new Date(now.getTime() - 26 * HOUR_MS),
  }
  const reply = [
    '¡Hola! Sí: el Anthelios UVMune 400 Fluido Invisible es de textura ligera, no deja brillo y está formulado para piel sensible.',
    'Aplícalo todas las mañanas como último paso de tu rutina, antes del maquillaje, y vuelve a aplicarlo cada 2 a 3 horas si estás al sol.',
  ].join('\n')
  return [
    {
      key: 'mensaje-respuesta',
      name: 'Respuesta a un mensaje',
      when: 'Cuando la tienda responde desde la oficina un mensaje que llegó por la página de contacto.',
      message: storeMessageReplyMail(
        { storeName, publicUrl, storeEmail },
        { email: PREVIEW_SHOPPER.email, name: `${PREVIEW_SHOPPER.firstNames} ${PREVIEW_SHOPPER.lastNames}` },
        message,
        reply,
      ),
    },
  ]
}
