import { and, count, eq, isNotNull, lte, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { createTransport } from 'nodemailer'
import type { Config } from '../../config'
import type { Db } from '../../db'
import type { Mailer, MailMessage } from '../../shared/deps'
import { mailOutbox } from './tables'

/** What an unsent message's bodies become once its secret has expired. */
export const EXPIRED_SECRET_BODY = 'Este mensaje contenía una clave temporal ya vencida; se borró por seguridad.'

const SECONDS = 1000

/** The mailer `createMailer` makes: it also writes a message inside a caller's transaction. */
export interface OutboxMailer extends Mailer {
  /**
   * Writes the message to the outbox inside `tx`, so it is stored with the change that caused it or not at all
   * (a back-in-stock alert marked as sent); call the answer once `tx` has committed, to deliver it (SMTP).
   */
  queue(tx: Db, message: Omit<MailMessage, 'secret'>): Promise<() => void>
}

/**
 * Sends the shop's e-mail (STYLE.md house rule 9). Every message is written to `mail_outbox` (the
 * outbox a developer reads when no SMTP server is configured) and logged with its recipient and
 * subject only. With `SMTP_URL` it is also delivered, in the background: a slow or failing mail
 * server never delays or breaks the request that caused the message; the outcome is recorded in
 * `sentAt` or `error`. Secrets never rest in the outbox longer than needed (issue 15): with SMTP a
 * message's secret goes out from memory and only its version without it is stored; without SMTP
 * (the outbox is then how a developer reads it) it is stored until it expires, and
 * `purgeExpiredMailSecrets` blanks it then.
 */
export function createMailer({
  db,
  config,
  log,
}: {
  db: Db
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>
  log: FastifyBaseLogger
}): OutboxMailer {
  const transport = config.SMTP_URL
    ? createTransport(
        {
          url: config.SMTP_URL,
          connectionTimeout: 15 * SECONDS,
          greetingTimeout: 15 * SECONDS,
          socketTimeout: 60 * SECONDS,
        },
        { from: config.MAIL_FROM },
      )
    : undefined
  const pending = new Set<Promise<void>>()

  async function deliver(id: number, message: MailMessage) {
    if (!transport) return
    try {
      await transport.sendMail(message)
      await db.update(mailOutbox).set({ sentAt: new Date(), error: null }).where(eq(mailOutbox.id, id))
      log.info({ mailId: id, to: message.to, subject: message.subject }, 'mail sent')
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      log.warn({ mailId: id, to: message.to, subject: message.subject, reason }, 'mail not sent')
      await db
        .update(mailOutbox)
        .set({ error: reason.slice(0, 1000) })
        .where(eq(mailOutbox.id, id))
        .catch((cause: unknown) => log.error({ err: cause, mailId: id }, 'mail outcome not recorded'))
    }
  }

  return {
    async send(message) {
      const kept =
        message.secret && transport
          ? { textBody: message.secret.text, htmlBody: message.secret.html, secretExpiresAt: null }
          : { textBody: message.text, htmlBody: message.html, secretExpiresAt: message.secret?.expiresAt ?? null }
      const [row] = await db
        .insert(mailOutbox)
        .values({ recipient: message.to, subject: message.subject, ...kept })
        .returning({ id: mailOutbox.id })
      if (!row) throw new Error('mail not stored')
      log.info({ mailId: row.id, to: message.to, subject: message.subject }, 'mail queued')
      const { secret: _kept, ...outgoing } = message
      const delivery = deliver(row.id, outgoing)
      pending.add(delivery)
      void delivery.finally(() => pending.delete(delivery))
    },
    async queue(tx, message) {
      const [row] = await tx
        .insert(mailOutbox)
        .values({ recipient: message.to, subject: message.subject, textBody: message.text, htmlBody: message.html })
        .returning({ id: mailOutbox.id })
      if (!row) throw new Error('mail not stored')
      return () => {
        log.info({ mailId: row.id, to: message.to, subject: message.subject }, 'mail queued')
        const delivery = deliver(row.id, message)
        pending.add(delivery)
        void delivery.finally(() => pending.delete(delivery))
      }
    },
    async idle() {
      await Promise.all([...pending])
    },
    async close() {
      await Promise.all([...pending])
      transport?.close()
    },
  }
}

/** Blanks the bodies of unsent messages whose secret has expired; answers how many. */
export async function purgeExpiredMailSecrets(db: Db, now = new Date()): Promise<number> {
  const purged = await db
    .update(mailOutbox)
    .set({ textBody: EXPIRED_SECRET_BODY, htmlBody: `<p>${EXPIRED_SECRET_BODY}</p>`, secretExpiresAt: null })
    .where(and(isNotNull(mailOutbox.secretExpiresAt), lte(mailOutbox.secretExpiresAt, now)))
    .returning({ id: mailOutbox.id })
  return purged.length
}

/** The outbox's mails by outcome (`/metrics`): sent, failed (their last try gave an error), waiting. */
export async function mailFigures(db: Db): Promise<{ sent: number; failed: number; waiting: number }> {
  const [row] = await db
    .select({
      sent: count(mailOutbox.sentAt),
      failed:
        sql<number>`count(*) filter (where ${mailOutbox.sentAt} is null and ${mailOutbox.error} is not null)`.mapWith(
          Number,
        ),
      all: count(),
    })
    .from(mailOutbox)
  const sent = row?.sent ?? 0
  const failed = row?.failed ?? 0
  return { sent, failed, waiting: (row?.all ?? 0) - sent - failed }
}
