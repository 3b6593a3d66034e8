import { z } from 'zod'
import { PAGE_FIELDS, PageQuerySchema } from './lists'
import { ADMIN_PAGE_SIZE, MAX_ID } from './values/constants'
import {
  MAX_REVIEW_REPLY,
  MAX_REVIEW_TEXT,
  MAX_REVIEW_TITLE,
  MIN_REVIEW_TEXT,
  REVIEW_DECISIONS,
  REVIEW_LIST_STATES,
  REVIEW_STATES,
  REVIEW_TEXTS,
} from './values/reviews'

/**
 * Reviews from buyers (issue 35, decision 025): `orden/{id}/Opiniones` for the buyer of a delivered order, and
 * `admin/opiniones…` for the back office, which publishes, hides and answers them. The product's page shows the
 * published ones through `comments` of the product detail (`ProductCommentSchema`).
 */

const rating = z
  .number({ error: REVIEW_TEXTS.ratingRequired })
  .int(REVIEW_TEXTS.ratingRequired)
  .min(1, REVIEW_TEXTS.ratingRequired)
  .max(5, REVIEW_TEXTS.ratingRequired)

/** `POST orden/{id}/Opiniones`: the buyer's review of one product of the order. */
export const OrderReviewInputSchema = z.object({
  idProducto: z
    .number({ error: 'idProducto debe ser un número' })
    .int('idProducto debe ser un número entero')
    .positive('idProducto debe ser un número positivo')
    .max(MAX_ID, 'idProducto es demasiado grande'),
  calificacion: rating.describe('De 1 a 5 estrellas'),
  titulo: z
    .string({ error: REVIEW_TEXTS.titleRequired })
    .trim()
    .min(1, REVIEW_TEXTS.titleRequired)
    .max(MAX_REVIEW_TITLE, REVIEW_TEXTS.titleTooLong),
  comentario: z
    .string({ error: REVIEW_TEXTS.textRequired })
    .trim()
    .min(1, REVIEW_TEXTS.textRequired)
    .min(MIN_REVIEW_TEXT, REVIEW_TEXTS.textTooShort)
    .max(MAX_REVIEW_TEXT, REVIEW_TEXTS.textTooLong),
})
export type OrderReviewInput = z.input<typeof OrderReviewInputSchema>

/** A buyer's own review as they see it, with its state and the store's answer. */
export const BuyerReviewSchema = z.object({
  id: z.number().int(),
  calificacion: z.number().int().min(1).max(5),
  titulo: z.string(),
  comentario: z.string(),
  fecha: z.string().describe('Día en que la escribió (AAAA-MM-DD)'),
  estado: z.enum(REVIEW_STATES),
  nombreEstado: z.string().describe('En revisión, Publicada o No publicada'),
  respuestaTienda: z.string().nullable(),
  fechaRespuesta: z.string().nullable().describe('ISO 8601'),
  fotoUrl: z
    .string()
    .nullable()
    .optional()
    .describe('La foto de quien compró (`/media/…`, acepta `?w=` con los anchos de la tienda); null si no tiene'),
})
export type BuyerReview = z.infer<typeof BuyerReviewSchema>

/** `PUT orden/{id}/Opiniones/{idProducto}/foto` and its `DELETE`: the order and the product of the review. */
export const OrderReviewPhotoParamsSchema = z.object({
  id: z.coerce.number({ error: 'id debe ser un número' }).int().positive().max(MAX_ID, 'id es demasiado grande'),
  idProducto: z.coerce
    .number({ error: 'idProducto debe ser un número' })
    .int('idProducto debe ser un número entero')
    .positive('idProducto debe ser un número positivo')
    .max(MAX_ID, 'idProducto es demasiado grande'),
})

/** The multipart body of `PUT orden/{id}/Opiniones/{idProducto}/foto` as the OpenAPI documents it. */
export const OrderReviewPhotoFormSchema = z.object({
  file: z
    .string()
    .meta({ format: 'binary' })
    .describe('La foto: JPEG, PNG, WebP o HEIC de hasta 10 MB; se guarda en WebP sin metadatos, máximo 1600 px'),
})

/** `GET orden/{id}/Opiniones`: the order's products, whether each can be rated now, and the buyer's reviews. */
export const OrderReviewsSchema = z.object({
  idOrden: z.number().int(),
  entregada: z.boolean().describe('Solo se califican los productos de una orden entregada'),
  razon: z.string().nullable().describe('Por qué aún no se puede calificar, si es el caso'),
  productos: z.array(
    z.object({
      idProducto: z.number().int(),
      nombre: z.string(),
      imagen: z.string(),
      puedeCalificar: z.boolean().describe('La orden fue entregada y el producto aún no tiene opinión en ella'),
      opinion: BuyerReviewSchema.nullable(),
    }),
  ),
})
export type OrderReviews = z.infer<typeof OrderReviewsSchema>

/** The answer of `POST orden/{id}/Opiniones` (201): the review, pending until the store reviews it. */
export const OrderReviewCreatedSchema = z.object({
  mensaje: z.string(),
  idProducto: z.number().int(),
  opinion: BuyerReviewSchema,
})
export type OrderReviewCreated = z.infer<typeof OrderReviewCreatedSchema>

/** `GET admin/opiniones`: filtered by state (every one by default, the pending first), product and rating. */
export const AdminReviewQuerySchema = z
  .object({
    estado: z
      .enum(REVIEW_LIST_STATES, { error: 'estado debe ser todas, pendiente, publicada u oculta' })
      .default('todas'),
    producto: z.coerce
      .number({ error: 'producto debe ser un número entero' })
      .int('producto debe ser un número entero')
      .positive('producto debe ser mayor que 0')
      .max(MAX_ID, 'producto es demasiado grande')
      .optional(),
    calificacion: z.coerce
      .number({ error: 'calificacion debe ser un número de 1 a 5' })
      .int('calificacion debe ser un número de 1 a 5')
      .min(1, 'calificacion debe ser un número de 1 a 5')
      .max(5, 'calificacion debe ser un número de 1 a 5')
      .optional(),
    buscar: z
      .string()
      .trim()
      .max(200, 'Escribe máximo 200 caracteres.')
      .optional()
      .describe('Parte del nombre o la referencia del producto, del autor, del título o del texto'),
  })
  .extend(PageQuerySchema(ADMIN_PAGE_SIZE).shape)
export type AdminReviewQuery = z.output<typeof AdminReviewQuerySchema>

/** A review (or a comment the shop seeded) as the back office moderates it. */
export const AdminReviewSchema = z.object({
  id: z.number().int(),
  idProducto: z.number().int(),
  nombreProducto: z.string(),
  referenciaProducto: z.string(),
  idOrden: z.number().int().nullable().describe('La orden de la que viene; null en los comentarios de ejemplo'),
  compraVerificada: z.boolean(),
  autor: z.string(),
  calificacion: z.number().int().min(1).max(5),
  titulo: z.string().nullable(),
  comentario: z.string(),
  fecha: z.string().describe('Día en que se escribió (AAAA-MM-DD)'),
  recibida: z.string().describe('Cuándo llegó (ISO 8601)'),
  estado: z.enum(REVIEW_STATES),
  nombreEstado: z.string(),
  respuestaTienda: z.string().nullable(),
  fechaRespuesta: z.string().nullable().describe('ISO 8601'),
  fotoUrl: z.string().nullable().optional().describe('La foto de quien compró (`/media/…`); null si no tiene'),
})
export type AdminReview = z.infer<typeof AdminReviewSchema>

export const AdminReviewPageSchema = z.object({
  opiniones: z.array(AdminReviewSchema),
  pendientes: z.number().int().describe('Cuántas opiniones esperan revisión en total (sin filtros)'),
  ...PAGE_FIELDS,
})
export type AdminReviewPage = z.infer<typeof AdminReviewPageSchema>

/** `POST admin/opiniones/{id}/estado`: publish or hide. */
export const ReviewDecisionSchema = z.object({
  estado: z.enum(REVIEW_DECISIONS, { error: 'estado debe ser publicada u oculta' }),
})
export type ReviewDecisionInput = z.infer<typeof ReviewDecisionSchema>

/** `PUT admin/opiniones/{id}/respuesta`: the store's public answer, written or changed. */
export const ReviewReplyInputSchema = z.object({
  respuesta: z
    .string({ error: REVIEW_TEXTS.replyRequired })
    .trim()
    .min(1, REVIEW_TEXTS.replyRequired)
    .max(MAX_REVIEW_REPLY, REVIEW_TEXTS.replyTooLong),
})
export type ReviewReplyInput = z.infer<typeof ReviewReplyInputSchema>
