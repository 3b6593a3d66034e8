import {
  AdminStoreMessageSchema,
  ErrorBodySchema,
  StoreMessageIdParamsSchema,
  StoreMessagePageSchema,
  StoreMessageQuerySchema,
  StoreMessageReadSchema,
  StoreMessageReplyInputSchema,
} from '@piel/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { adminOnly, guardEveryRoute, guardedErrors } from '../../shared/auth'
import type { Deps } from '../../shared/deps'
import { getStoresByIds } from '../catalog'
import {
  getStoreMessage,
  listStoreMessages,
  type MessagePeople,
  markStoreMessageRead,
  recordStoreMessageReply,
  replyTarget,
} from './admin'
import { storeMessageReplyMail } from './mail'

export interface ContactAdminDeps extends Deps {
  /** The accounts behind messages and replies (the app's, see `MessagePeople`). */
  people: MessagePeople
}

const errors = guardedErrors

/** The shop's own calls about the messages shoppers send from /contacts, under `admin/` and for administrators only. */
export const contactAdminRoutes: FastifyPluginAsyncZod<ContactAdminDeps> = async (
  app,
  { db, config, mailer, people },
) => {
  guardEveryRoute(app, adminOnly)

  app.get(
    '/mensajes',
    {
      schema: {
        tags: ['Administración'],
        summary:
          'Los mensajes que llegaron desde Contáctanos, el más reciente primero, con sus respuestas y cuántos hay sin leer',
        querystring: StoreMessageQuerySchema,
        response: { 200: StoreMessagePageSchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (request) => listStoreMessages(db, people, request.query),
  )

  app.get(
    '/mensajes/:id',
    {
      schema: {
        tags: ['Administración'],
        summary: 'Un mensaje completo, con quién lo envió y las respuestas de la tienda',
        params: StoreMessageIdParamsSchema,
        response: { 200: AdminStoreMessageSchema, ...errors },
      },
    },
    async (request) => getStoreMessage(db, people, request.params.id),
  )

  app.post(
    '/mensajes/:id/leido',
    {
      schema: {
        tags: ['Administración'],
        summary: 'Marca un mensaje como leído o como no leído',
        params: StoreMessageIdParamsSchema,
        body: StoreMessageReadSchema,
        response: { 200: AdminStoreMessageSchema, ...errors },
      },
    },
    async (request) =>
      markStoreMessageRead(db, people, request.params.id, request.body.leido, request.viewer?.personId ?? null),
  )

  app.post(
    '/mensajes/:id/respuesta',
    {
      schema: {
        tags: ['Administración'],
        summary:
          'Responde un mensaje por correo a quien lo envió (el correo de su cuenta o el que escribió); queda registrada y el mensaje, leído',
        params: StoreMessageIdParamsSchema,
        body: StoreMessageReplyInputSchema,
        response: { 200: AdminStoreMessageSchema, ...errors, 409: ErrorBodySchema },
      },
    },
    async (request) => {
      const { id } = request.params
      const by = request.viewer?.personId ?? null
      const target = await replyTarget(db, people, id)
      const reply = await recordStoreMessageReply(db, id, { body: request.body.mensaje, recipient: target.email, by })
      // The shared mailer writes its outbox row with its own connection, so it cannot join the transaction above:
      // the reply is stored first, and its e-mail queued right after it committed.
      const [store] = await getStoresByIds(db, [target.message.storeId])
      await mailer.send(
        storeMessageReplyMail(
          { storeName: config.STORE_NAME, publicUrl: config.PUBLIC_URL, storeEmail: store?.email || null },
          { email: target.email, name: target.name },
          target.message,
          request.body.mensaje,
        ),
      )
      request.log.info({ messageId: id, replyId: reply.id, by }, 'store message answered')
      return getStoreMessage(db, people, id)
    },
  )
}
