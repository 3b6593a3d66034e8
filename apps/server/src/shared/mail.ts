import { and, count, eq, isNotNull, lte, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { createTransport } from 'nodemailer'
import type { Config } from '../config'
import type { Db } from '../db'
import { mailOutbox } from './tables'

export interface MailMessage {
  to: string
  subject: string
  text: string
  html: string
  /**
   * The message carries a secret (a temporary password) valid until `expiresAt`; `text` and `html`
   * without it are what the outbox keeps once the message is on its way.
   */
  secret?: { expiresAt: Date; text: string; html: string }
}

/** What an unsent message's bodies become once its secret has expired. */
export const EXPIRED_SECRET_BODY = 'Este mensaje contenía una clave temporal ya vencida; se borró por seguridad.'

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
export interface Mailer {
  send(message: MailMessage): Promise<void>
  /** Resolves when every delivery started so far has finished (tests, shutdown). */
  idle(): Promise<void>
  close(): Promise<void>
}

const SECONDS = 1000

export function createMailer({
  db,
  config,
  log,
}: {
  db: Db
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>
  log: FastifyBaseLogger
}): Mailer {
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

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

/** A paragraph, or a value set apart so it is easy to read and copy (a temporary password). */
export type MailBlock = string | { code: string }

/**
 * The one layout of the shop's e-mail: the same Spanish content as plain text and as simple HTML
 * (inline styles, no images), signed with the store's name.
 */
export function renderMail(
  storeName: string,
  content: { title: string; blocks: MailBlock[] },
  { hideCodes = false }: { hideCodes?: boolean } = {},
): { text: string; html: string } {
  if (hideCodes) {
    const hidden = '(oculta por seguridad)'
    content = {
      ...content,
      blocks: content.blocks.map((block) => (typeof block === 'string' ? block : { code: hidden })),
    }
  }
  const signature = `— El equipo de ${storeName}`
  const notice = 'Este mensaje se envió automáticamente; por favor no lo respondas.'
  const text = [
    content.title,
    '',
    ...content.blocks.flatMap((block) => [typeof block === 'string' ? block : `    ${block.code}`, '']),
    signature,
    '',
    notice,
    '',
  ].join('\n')
  const blocks = content.blocks
    .map((block) =>
      typeof block === 'string'
        ? `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(block)}</p>`
        : `<p style="margin:0 0 16px"><code style="display:inline-block;padding:8px 16px;border-radius:6px;background:#f4ece8;font-size:20px;letter-spacing:2px">${escapeHtml(block.code)}</code></p>`,
    )
    .join('\n')
  const html = `<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><title>${escapeHtml(content.title)}</title></head>
<body style="margin:0;padding:24px;background:#faf7f5;font-family:Arial,Helvetica,sans-serif;color:#2b2321">
<div style="max-width:560px;margin:0 auto;padding:24px;background:#ffffff;border-radius:8px">
<p style="margin:0 0 24px;font-size:18px;font-weight:bold;color:#8a4b3c">${escapeHtml(storeName)}</p>
<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(content.title)}</h1>
${blocks}
<p style="margin:24px 0 0">${escapeHtml(signature)}</p>
<p style="margin:16px 0 0;font-size:12px;color:#7a6f6b">${escapeHtml(notice)}</p>
</div>
</body>
</html>
`
  return { text, html }
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
