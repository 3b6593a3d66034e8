import { ChatbotMessageSchema, ChatbotReplySchema, ErrorBodySchema } from '@piel/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Deps } from '../../shared/deps'
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
