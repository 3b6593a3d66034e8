import { eq } from 'drizzle-orm'
import type { Db } from '../../db'
import type { Mailer, MailMessage } from '../../shared/deps'
import { renderMail } from '../mail'
import { generateTemporaryPassword, hashPassword } from './password'
import { findPersonByEmail } from './service'
import { persons } from './tables'
import {
  blockedUntil,
  countAttempt,
  minutesUntil,
  RECOVERY_ADDRESS_RULE,
  RECOVERY_RULE,
  recoveryAddressKey,
  recoveryKey,
  tooManyRecoveries,
} from './throttle'
import type { PersonRow } from './wire'

export const TEMPORARY_PASSWORD_MINUTES = 60

/**
 * `login/RecoveryPassword`: when the e-mail belongs to a person, a random temporary password
 * valid for an hour is e-mailed. It works beside the current password (which keeps working, so
 * nobody can lock a person out by asking for a recovery); logging in with it answers
 * `temporal: 'Si'` and the web app then asks for a new one. The caller answers the same whether or not the e-mail
 * exists, and at most 3 messages per e-mail and hour are sent (further requests change nothing). One
 * address may ask 20 times an hour (any e-mails); beyond that it gets 429, which says nothing of the
 * accounts.
 */
export async function requestPasswordRecovery(
  db: Db,
  mailer: Mailer,
  storeName: string,
  { email, ip }: { email: string; ip: string },
  now = new Date(),
): Promise<void> {
  const fromAddress = await countAttempt(db, recoveryAddressKey(ip), RECOVERY_ADDRESS_RULE, now)
  if (fromAddress > RECOVERY_ADDRESS_RULE.limit) {
    const until = await blockedUntil(db, [recoveryAddressKey(ip)], now)
    throw tooManyRecoveries(until ? minutesUntil(until, now) : RECOVERY_ADDRESS_RULE.blockMs / 60_000)
  }
  const requests = await countAttempt(db, recoveryKey(email), RECOVERY_RULE, now)
  const person = await findPersonByEmail(db, email)
  const temporary = generateTemporaryPassword()
  // Hashed in every case, so that the answer takes about as long for an unknown e-mail.
  const passwordHash = await hashPassword(temporary)
  if (!person || requests > RECOVERY_RULE.limit) return
  const expiresAt = new Date(now.getTime() + TEMPORARY_PASSWORD_MINUTES * 60_000)
  await db
    .update(persons)
    .set({ temporaryPasswordHash: passwordHash, temporaryPasswordExpiresAt: expiresAt, updatedAt: now })
    .where(eq(persons.id, person.id))
  await mailer.send(recoveryMail(storeName, person, temporary, expiresAt))
}

export function recoveryMail(
  storeName: string,
  person: Pick<PersonRow, 'email' | 'firstNames'>,
  temporaryPassword: string,
  expiresAt: Date,
): MailMessage {
  const content = {
    title: 'Recuperación de contraseña',
    blocks: [
      `Hola, ${person.firstNames}:`,
      `Recibimos una solicitud para recuperar el acceso a tu cuenta en ${storeName}. Esta es tu contraseña temporal:`,
      { code: temporaryPassword },
      'Vale por una hora. Inicia sesión con tu correo y esta contraseña; enseguida te pediremos que elijas una contraseña nueva.',
      'Si no pediste este cambio, ignora este correo: tu contraseña actual sigue funcionando.',
    ],
  }
  const { text, html } = renderMail(storeName, content)
  const withoutSecret = renderMail(storeName, content, { hideCodes: true })
  return {
    to: person.email,
    subject: `Tu contraseña temporal de ${storeName}`,
    text,
    html,
    secret: { expiresAt, ...withoutSecret },
  }
}
