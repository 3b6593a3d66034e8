import {
  ChatbotMessageSchema,
  ChatbotReplySchema,
  ErrorBodySchema,
  ProductNamesSchema,
  ProductUrlsQuerySchema,
  ProductUrlsSchema,
} from '@piel/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Deps } from '../../shared/deps'
import { imageUrlsByName, listProductNames } from '../catalog'
import { replyToMessage } from './service'

export const assistantRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db, config }) => {
  app.post(
    '/Chatbot/MensajesChatbot',
    {
      schema: {
        tags: ['Asistente'],
        summary:
          'Mensaje de texto al asistente de piel: respuesta en HTML seguro y, para un tema de cuidado de la piel, productos de la tienda en existencia',
        body: ChatbotMessageSchema,
        response: { 200: ChatbotReplySchema, 400: ErrorBodySchema },
      },
    },
    async (request) =>
      replyToMessage(db, {
        storeId: config.STORE_ID,
        message: request.body.mensaje,
        clima: request.body.clima,
        seed: String(request.viewer?.personId ?? request.body.mensaje),
      }),
  )
}

/** The chat's catalogue lookups at the root, beside `/analyze-skin` (spec 001 §7, image and chat server). */
export const assistantChatRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db, config }) => {
  app.post(
    '/nombre-productos',
    {
      schema: {
        tags: ['Asistente'],
        summary: 'Nombres de los productos activos de la tienda (para reconocerlos en las respuestas del chat)',
        // 400: a body that is not JSON (the call takes none).
        response: { 200: ProductNamesSchema, 400: ErrorBodySchema },
      },
    },
    async () => listProductNames(db, config.STORE_ID),
  )
  app.get(
    '/productos_urls',
    {
      schema: {
        tags: ['Asistente'],
        summary:
          'Imagen principal de cada producto nombrado (sin mayúsculas ni tildes); la imagen genérica si no existe',
        querystring: ProductUrlsQuerySchema,
        response: { 200: ProductUrlsSchema, 400: ErrorBodySchema },
      },
    },
    async (request) => imageUrlsByName(db, config.STORE_ID, request.query.nombres),
  )
}
