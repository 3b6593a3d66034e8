import { type AdminStoreMessage, STORE_MESSAGE_TEXTS, type StoreMessageQuery } from '@piel/contracts'
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL } from 'drizzle-orm'
import type { Db } from '../../db'
import { AppError, notFound } from '../../shared/errors'
import { containsPattern } from '../../shared/like'
import { offsetOf, pageInfo } from '../../shared/paging'
import { recordAudit } from '../audit'
import { storeMessageReplies, storeMessages } from './tables'

/**
 * The people behind messages and replies, as their accounts say. Contact may not import accounts
 * (scripts/boundaries.test.ts), so the app hands these in (plugins/domains.ts), as it hands uploads
 * its `emailOf`: a logged-in shopper's message stores only their person id (the contact form asks
 * them for no name or e-mail), and its answer goes to their account's e-mail.
 */
export interface MessagePeople {
  /** Name and e-mail of the accounts of `ids`; accounts that are gone are left out. */
  namesOf(db: Db, ids: readonly number[]): Promise<Map<number, { name: string; email: string }>>
  /** The ids of the accounts whose name or e-mail contains `text`. */
  idsMatching(db: Db, text: string): Promise<number[]>
}

type MessageRow = typeof storeMessages.$inferSelect
type ReplyRow = typeof storeMessageReplies.$inferSelect
type People = Awaited<ReturnType<MessagePeople['namesOf']>>

const AUDIT_ENTITY = 'mensaje_tienda'

/** Who wrote a message and where to answer: their account's name and e-mail, else what they typed. */
function senderOf(message: MessageRow, people: People) {
  const account = message.personId === null ? undefined : people.get(message.personId)
  return {
    name: account?.name || message.senderName || null,
    email: account?.email || message.senderEmail || null,
  }
}

function toWireMessage(message: MessageRow, replies: ReplyRow[], people: People): AdminStoreMessage {
  const sender = senderOf(message, people)
  return {
    id: message.id,
    asunto: message.subject,
    mensaje: message.body,
    nombre: sender.name,
    correo: sender.email,
    registrado: message.personId !== null,
    fecha: message.createdAt.toISOString(),
    leido: message.readAt !== null,
    respuestas: replies.map((reply) => ({
      id: reply.id,
      mensaje: reply.body,
      para: reply.recipient,
      autor: reply.personId === null ? null : (people.get(reply.personId)?.name ?? null),
      fecha: reply.createdAt.toISOString(),
    })),
  }
}

/** The messages of `rows` as the back office shows them: with their replies and the people's names. */
async function withRepliesAndPeople(db: Db, people: MessagePeople, rows: MessageRow[]) {
  const replies =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(storeMessageReplies)
          .where(
            inArray(
              storeMessageReplies.messageId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(asc(storeMessageReplies.createdAt), asc(storeMessageReplies.id))
  const personIds = [...rows.map((row) => row.personId), ...replies.map((reply) => reply.personId)]
  const names = await people.namesOf(db, [...new Set(personIds.filter((id): id is number => id !== null))])
  return rows.map((row) =>
    toWireMessage(
      row,
      replies.filter((reply) => reply.messageId === row.id),
      names,
    ),
  )
}

const stateFilter: Record<StoreMessageQuery['estado'], SQL | undefined> = {
  'sin-leer': isNull(storeMessages.readAt),
  leidos: isNotNull(storeMessages.readAt),
  todos: undefined,
}

async function messageFilter(db: Db, people: MessagePeople, query: StoreMessageQuery) {
  if (!query.buscar) return stateFilter[query.estado]
  const pattern = containsPattern(query.buscar)
  const accounts = await people.idsMatching(db, query.buscar)
  return and(
    stateFilter[query.estado],
    or(
      ilike(storeMessages.subject, pattern),
      ilike(storeMessages.body, pattern),
      ilike(storeMessages.senderName, pattern),
      ilike(storeMessages.senderEmail, pattern),
      accounts.length > 0 ? inArray(storeMessages.personId, accounts) : undefined,
    ),
  )
}

/**
 * `GET admin/mensajes`: a page of the messages, newest first, with how many match and how many are unread in
 * all (the navigation's badge); filtering, ordering and counting are the database's.
 */
export async function listStoreMessages(db: Db, people: MessagePeople, query: StoreMessageQuery) {
  const where = await messageFilter(db, people, query)
  const [rows, [matching], [unread]] = await Promise.all([
    db
      .select()
      .from(storeMessages)
      .where(where)
      .orderBy(desc(storeMessages.createdAt), desc(storeMessages.id))
      .limit(query.tamanio)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(storeMessages).where(where),
    db.select({ total: count() }).from(storeMessages).where(isNull(storeMessages.readAt)),
  ])
  return {
    mensajes: await withRepliesAndPeople(db, people, rows),
    sinLeer: unread?.total ?? 0,
    ...pageInfo(query, matching?.total ?? 0),
  }
}

async function findMessage(db: Db, messageId: number, { lock = false } = {}): Promise<MessageRow> {
  const select = db.select().from(storeMessages).where(eq(storeMessages.id, messageId))
  const [row] = lock ? await select.for('update') : await select
  if (!row) throw notFound(STORE_MESSAGE_TEXTS.notFound)
  return row
}

/** `GET admin/mensajes/{id}`: one message, whole, with its replies. */
export async function getStoreMessage(db: Db, people: MessagePeople, messageId: number): Promise<AdminStoreMessage> {
  const [message] = await withRepliesAndPeople(db, people, [await findMessage(db, messageId)])
  if (!message) throw notFound(STORE_MESSAGE_TEXTS.notFound)
  return message
}

/** `POST admin/mensajes/{id}/leido`: marks a message read or unread; a change is audited with it. */
export async function markStoreMessageRead(
  db: Db,
  people: MessagePeople,
  messageId: number,
  read: boolean,
  by: number | null,
): Promise<AdminStoreMessage> {
  await db.transaction(async (tx) => {
    const message = await findMessage(tx, messageId, { lock: true })
    const wasRead = message.readAt !== null
    if (wasRead === read) return
    await tx
      .update(storeMessages)
      .set({ readAt: read ? new Date() : null })
      .where(eq(storeMessages.id, messageId))
    await recordAudit(tx, {
      by,
      entity: AUDIT_ENTITY,
      entityId: messageId,
      action: read ? 'marcar_leido' : 'marcar_no_leido',
      before: { leido: wasRead },
      after: { leido: read },
    })
  })
  return getStoreMessage(db, people, messageId)
}

/** The message a reply answers and where the reply goes (`sin_correo` 409 when nowhere). */
export async function replyTarget(db: Db, people: MessagePeople, messageId: number) {
  const message = await findMessage(db, messageId)
  const names = await people.namesOf(db, message.personId === null ? [] : [message.personId])
  const sender = senderOf(message, names)
  if (!sender.email) throw new AppError(409, 'sin_correo', STORE_MESSAGE_TEXTS.noAddress)
  return { message, name: sender.name, email: sender.email }
}

/**
 * Records the store's reply to a message (who, when, the text, the address), marks the message read and audits
 * it, in one transaction; the e-mail itself is the caller's, once this has committed (see admin-routes.ts).
 */
export async function recordStoreMessageReply(
  db: Db,
  messageId: number,
  reply: { body: string; recipient: string; by: number | null },
): Promise<ReplyRow> {
  return db.transaction(async (tx) => {
    const message = await findMessage(tx, messageId, { lock: true })
    const [saved] = await tx
      .insert(storeMessageReplies)
      .values({ messageId, personId: reply.by, recipient: reply.recipient, body: reply.body })
      .returning()
    if (!saved) throw new Error('store message reply not saved')
    if (message.readAt === null) {
      await tx.update(storeMessages).set({ readAt: saved.createdAt }).where(eq(storeMessages.id, messageId))
    }
    await recordAudit(tx, {
      by: reply.by,
      entity: AUDIT_ENTITY,
      entityId: messageId,
      action: 'responder',
      before: { leido: message.readAt !== null },
      after: { leido: true, idRespuesta: saved.id, para: reply.recipient },
    })
    return saved
  })
}
