import { z } from 'zod'
import { PAGE_FIELDS, PageQuerySchema } from './lists'
import { ADMIN_PAGE_SIZE, MAX_ID } from './values/constants'
import { MAX_STORE_MESSAGE_REPLY, STORE_MESSAGE_STATES, STORE_MESSAGE_TEXTS } from './values/contact'

/**
 * Messages to the store: what shoppers write from /contacts (`Tienda/InsertarMensajesTienda`), and how the back
 * office (issue 17) reads them and answers them by e-mail from `admin/mensajes`.
 */

/** Comment to the store (spec 000 §3); the person, if any, comes from the session. */
export const StoreMessageSchema = z.object({
  Asunto: z.string().trim().min(1, 'Asunto es requerido').max(150, 'Asunto admite máximo 150 caracteres'),
  Observacion: z
    .string()
    .trim()
    .min(1, 'Observacion es requerido')
    .max(3000, 'Observacion admite máximo 3000 caracteres'),
  IdTienda: z.number().int().positive().max(MAX_ID, 'IdTienda es demasiado grande').optional(),
  IdPersona: z.union([z.number(), z.string()]).nullish().describe('Se ignora: la persona sale de la sesión'),
  Nombre: z.string().trim().max(120).nullish(),
  Correo: z.email('Correo inválido').max(200).nullish(),
})
export const StoreMessageResultSchema = z.object({ exito: z.boolean(), mensaje: z.string(), id: z.number().int() })
export type StoreMessageResult = z.infer<typeof StoreMessageResultSchema>

/** `GET admin/mensajes`: the newest first, filtered and paged by the database. */
export const StoreMessageQuerySchema = z
  .object({
    estado: z.enum(STORE_MESSAGE_STATES, { error: 'estado debe ser sin-leer, leidos o todos' }).default('todos'),
    buscar: z
      .string()
      .trim()
      .max(200, 'Escribe máximo 200 caracteres.')
      .optional()
      .describe('Parte del asunto, del mensaje, o del nombre o el correo de quien lo envió'),
  })
  .extend(PageQuerySchema(ADMIN_PAGE_SIZE).shape)
export type StoreMessageQuery = z.output<typeof StoreMessageQuerySchema>

/** A reply the store sent by e-mail. */
export const StoreMessageReplySchema = z.object({
  id: z.number().int(),
  mensaje: z.string(),
  para: z.string().describe('El correo al que se envió'),
  autor: z.string().nullable().describe('Quién la escribió (nombre del administrador), si su cuenta existe'),
  fecha: z.string().describe('Cuándo se envió (ISO 8601)'),
})
export type StoreMessageReply = z.infer<typeof StoreMessageReplySchema>

/** A message to the store as the back office shows it, whole, with the replies sent so far (oldest first). */
export const AdminStoreMessageSchema = z.object({
  id: z.number().int(),
  asunto: z.string(),
  mensaje: z.string(),
  nombre: z.string().nullable().describe('Quién lo envió: el nombre de su cuenta o el que escribió'),
  correo: z.string().nullable().describe('A dónde responder: el correo de su cuenta o el que escribió'),
  registrado: z.boolean().describe('Lo envió una persona con sesión iniciada'),
  fecha: z.string().describe('Cuándo llegó (ISO 8601)'),
  leido: z.boolean(),
  respuestas: z.array(StoreMessageReplySchema),
})
export type AdminStoreMessage = z.infer<typeof AdminStoreMessageSchema>

export const StoreMessagePageSchema = z.object({
  mensajes: z.array(AdminStoreMessageSchema),
  sinLeer: z.number().int().describe('Cuántos mensajes de la tienda hay sin leer en total (sin filtros)'),
  ...PAGE_FIELDS,
})
export type StoreMessagePage = z.infer<typeof StoreMessagePageSchema>

/** `admin/mensajes/{id}/…`: `id` is the message. */
export const StoreMessageIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'id debe ser un número' })
    .int('id debe ser un número entero')
    .positive('id debe ser un número positivo')
    .max(MAX_ID, 'id es demasiado grande'),
})

/** `POST admin/mensajes/{id}/leido`. */
export const StoreMessageReadSchema = z.object({
  leido: z.boolean({ error: 'leido debe ser true o false' }),
})

/** `POST admin/mensajes/{id}/respuesta`: the reply, sent by e-mail to whoever wrote. */
export const StoreMessageReplyInputSchema = z.object({
  mensaje: z
    .string({ error: STORE_MESSAGE_TEXTS.replyRequired })
    .trim()
    .min(1, STORE_MESSAGE_TEXTS.replyRequired)
    .max(MAX_STORE_MESSAGE_REPLY, STORE_MESSAGE_TEXTS.replyTooLong),
})
