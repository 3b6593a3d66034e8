import { ErrorBodySchema, StoreMessageResultSchema, StoreMessageSchema } from '@piel/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Deps } from '../../shared/deps'
import { assertMaySendComment, CONTACT_QUOTAS } from './quota'
import { saveStoreMessage } from './service'

export const CONTACT_SUCCESS = 'Su comentario ha sido enviado con éxito y pronto atenderan su petición.'

export const contactRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db, config }) => {
  app.post(
    '/Tienda/InsertarMensajesTienda',
    {
      schema: {
        tags: ['Contacto'],
        summary: 'Comentario a la tienda (Asunto y Observacion requeridos); la persona sale de la sesión',
        description: `Límites (429 \`demasiados_comentarios\`, con Retry-After): ${CONTACT_QUOTAS.perPersonPerHour.limit} comentarios por hora y ${CONTACT_QUOTAS.perPersonPerDay.limit} por día de una persona con sesión; ${CONTACT_QUOTAS.perAddressPerHour.limit} por hora y ${CONTACT_QUOTAS.perAddressPerDay.limit} por día desde una dirección IP.`,
        body: StoreMessageSchema,
        response: { 200: StoreMessageResultSchema, 400: ErrorBodySchema, 404: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request) => {
      const personId = request.viewer?.personId ?? null
      await assertMaySendComment(db, { ip: request.ip, personId })
      const id = await saveStoreMessage(db, {
        storeId: request.body.IdTienda ?? config.STORE_ID,
        subject: request.body.Asunto,
        body: request.body.Observacion,
        personId,
        senderName: request.body.Nombre ?? null,
        senderEmail: request.body.Correo ?? null,
      })
      return { exito: true, mensaje: CONTACT_SUCCESS, id }
    },
  )
}
