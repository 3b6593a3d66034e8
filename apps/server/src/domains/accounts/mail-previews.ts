import { type MailPreview, type MailPreviewContext, PREVIEW_SHOPPER } from '../mail'
import { corporateAuthorizedMail, welcomeMail } from './mail'
import { recoveryMail, TEMPORARY_PASSWORD_MINUTES } from './recovery'

/**
 * What the recovery preview shows in place of a temporary password: plainly an example, never a password that was
 * or could be made (those are random and live only in the message that carries them).
 */
export const PREVIEW_TEMPORARY_PASSWORD = 'EJEMPLO-NO-VALIDA'

/**
 * The e-mails of accounts (issue 35) for the back office's «Correos»: the welcome (of a shopper and of a person who
 * signed up as a corporate client), the corporate client's authorisation and the password recovery, each built by
 * the builder that sends it. Nothing is sent and no account changes.
 */
export function accountMailPreviews({ storeName, publicUrl, now }: MailPreviewContext): MailPreview[] {
  const person = PREVIEW_SHOPPER
  const expiresAt = new Date(now.getTime() + TEMPORARY_PASSWORD_MINUTES * 60_000)
  // The recovery's message also carries its version without the password, for the outbox: a preview has no secret.
  const { secret: _none, ...recovery } = recoveryMail(storeName, person, PREVIEW_TEMPORARY_PASSWORD, expiresAt)
  return [
    {
      key: 'cuenta-bienvenida',
      name: 'Bienvenida',
      when: 'Cuando alguien crea su cuenta (con contraseña o al entrar por primera vez con Google).',
      message: welcomeMail(storeName, publicUrl, { ...person, isCorporateClient: false }),
    },
    {
      key: 'cuenta-bienvenida-corporativa',
      name: 'Bienvenida (cliente corporativo)',
      when: 'Cuando alguien se registra como cliente corporativo: la tienda revisará su cuenta antes de autorizarla.',
      message: welcomeMail(storeName, publicUrl, { ...person, isCorporateClient: true }),
    },
    {
      key: 'cuenta-corporativa-autorizada',
      name: 'Cliente corporativo autorizado',
      when: 'Cuando la tienda autoriza a un cliente corporativo: desde entonces ve los precios corporativos.',
      message: corporateAuthorizedMail(storeName, publicUrl, person),
    },
    {
      key: 'cuenta-recuperacion-clave',
      name: 'Recuperación de clave',
      when: 'Cuando alguien pide recuperar su contraseña: una contraseña temporal que vale una hora.',
      message: recovery,
    },
  ]
}
