import { ErrorBodySchema, StoreMessageResultSchema, StoreMessageSchema } from '@piel/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Deps } from '../../shared/deps'
import { saveStoreMessage } from './service'

export const CONTACT_SUCCESS = 'Su comentario ha sido enviado con éxito y pronto atenderan su petición.'

export const contactRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db, config }) => {
  app.post(
    '/Tienda/InsertarMensajesTienda',
    {
      schema: {
        tags: ['Contacto'],
        summary: 'Comentario a la tienda (Asunto y Observacion requeridos); la persona sale de la sesión',
        body: StoreMessageSchema,
        response: { 200: StoreMessageResultSchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request) => {
      const id = await saveStoreMessage(db, {
        storeId: request.body.IdTienda ?? config.STORE_ID,
        subject: request.body.Asunto,
        body: request.body.Observacion,
        personId: request.viewer?.personId ?? null,
        senderName: request.body.Nombre ?? null,
        senderEmail: request.body.Correo ?? null,
      })
      return { exito: true, mensaje: CONTACT_SUCCESS, id }
    },
  )
}
