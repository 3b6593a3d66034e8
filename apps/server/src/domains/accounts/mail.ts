import type { FastifyBaseLogger } from 'fastify'
import type { Mailer, MailMessage } from '../../shared/deps'
import { renderMail } from '../mail'
import type { PersonRow } from './wire'

type Person = Pick<PersonRow, 'email' | 'firstNames' | 'isCorporateClient'>

const siteLink = (publicUrl: string, path: string) => `${publicUrl.replace(/\/+$/, '')}${path}`

/**
 * "Te damos la bienvenida a {tienda}" (issue 35), once per new account (a password sign-up or a first Google
 * sign-in): where the catalogue and the skin assistant are. A person who signed up as a corporate client is told the
 * store will review the account before showing corporate prices. The person's name is escaped by the layout.
 */
export function welcomeMail(storeName: string, publicUrl: string, person: Person): MailMessage {
  const title = `Te damos la bienvenida a ${storeName}`
  const { text, html } = renderMail(storeName, {
    title,
    blocks: [
      `Hola, ${person.firstNames}:`,
      `¡Qué alegría tenerte aquí! Ya tienes tu cuenta en ${storeName} con este correo.`,
      `Mira nuestro catálogo de productos para el cuidado de la piel: ${siteLink(publicUrl, '/Catalogs')}`,
      `¿No sabes por dónde empezar? Nuestro asistente de piel te ayuda a encontrar lo que tu piel necesita: ${siteLink(publicUrl, '/chatbot')}`,
      ...(person.isCorporateClient
        ? [
            'Te registraste como cliente corporativo: revisaremos tu cuenta y te escribiremos cuando la autoricemos. Mientras tanto puedes comprar con los precios de siempre.',
          ]
        : []),
      `Si no creaste esta cuenta, escríbenos desde ${siteLink(publicUrl, '/contacts')}`,
    ],
  })
  return { to: person.email, subject: title, text, html }
}

/**
 * The store authorised a corporate client (`admin/clientes-corporativos/autorizar`, issue 35): from now on they see
 * corporate prices, and their orders are invoiced instead of paid online. Nothing is sent on revocation.
 */
export function corporateAuthorizedMail(
  storeName: string,
  publicUrl: string,
  person: Pick<PersonRow, 'email' | 'firstNames'>,
): MailMessage {
  const title = 'Tu cuenta corporativa está autorizada'
  const { text, html } = renderMail(storeName, {
    title,
    blocks: [
      `Hola, ${person.firstNames}:`,
      `Revisamos tu cuenta y ya eres cliente corporativo de ${storeName}: desde ahora, al iniciar sesión, ves los precios corporativos en todo el catálogo.`,
      'Tus órdenes no se pagan en línea: te enviaremos la factura de cada una y, cuando la confirmemos, empezamos a prepararla.',
      `Empieza aquí: ${siteLink(publicUrl, '/Catalogs')}`,
    ],
  })
  return { to: person.email, subject: `${title} - ${storeName}`, text, html }
}

/**
 * Sends the message `compose` makes (reading what it needs first). Logged, never thrown: the account (or its change)
 * is stored whatever happens to its e-mail.
 */
export async function sendAccountMail(
  mailer: Mailer,
  log: FastifyBaseLogger,
  what: string,
  compose: () => MailMessage | Promise<MailMessage>,
) {
  try {
    await mailer.send(await compose())
  } catch (error) {
    log.error({ err: error }, `${what} not sent`)
  }
}
