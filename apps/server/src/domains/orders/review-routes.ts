import fastifyMultipart from '@fastify/multipart'
import {
  BuyerReviewSchema,
  ErrorBodySchema,
  OrderIdParamsSchema,
  OrderReviewCreatedSchema,
  OrderReviewInputSchema,
  OrderReviewPhotoFormSchema,
  OrderReviewPhotoParamsSchema,
  OrderReviewsSchema,
} from '@piel/contracts'
import type { FastifyError, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { guardedErrors as errors, loggedIn, requireViewer } from '../../shared/auth'
import type { Deps } from '../../shared/deps'
import { handleError } from '../../shared/errors'
import {
  MULTIPART_LIMITS,
  multipartValidatorCompiler,
  readPhotoForm,
  requiredFile,
  translateMultipartError,
} from '../../shared/multipart'
import { changeReviewPhoto, getOrderReviews, reviewOrderProduct } from './reviews'

const photoErrors = {
  ...errors,
  409: ErrorBodySchema,
  413: ErrorBodySchema,
  415: ErrorBodySchema,
  429: ErrorBodySchema,
}

const PHOTO_RULES =
  'Solo la opinión de la persona de la sesión sobre ese producto de esa orden, mientras está pendiente (la de otra persona o un producto sin opinión responde 404; una opinión ya publicada u oculta, 409 `opinion_revisada`). La foto va en `file` (multipart/form-data): JPEG, PNG, WebP o HEIC de hasta 10 MB y 40 megapíxeles; se gira según su EXIF, se reduce a 1600 px en su lado mayor y se guarda en WebP sin metadatos (ni GPS). Reemplaza la foto anterior. Cuenta en los límites de las opiniones (429 `demasiadas_opiniones`). La página del producto la muestra solo cuando la tienda publica la opinión.'

/** The buyer's reviews of the products of a delivered order, from the order's page (issue 35). */
export const orderReviewRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db }) => {
  // The review's photo is a multipart form (the photo intake's limits: one file of at most 10 MB).
  await app.register(fastifyMultipart, { limits: MULTIPART_LIMITS })
  app.setErrorHandler((error: FastifyError, request, reply) =>
    handleError(translateMultipartError(error) as FastifyError, request, reply),
  )
  const photoRequest = (request: FastifyRequest<{ Params: { id: number; idProducto: number } }>) => ({
    orderId: request.params.id,
    productId: request.params.idProducto,
    personId: requireViewer(request).personId,
    ip: request.ip,
  })

  app.get(
    '/orden/:id/Opiniones',
    {
      onRequest: loggedIn,
      schema: {
        tags: ['Órdenes'],
        summary:
          'Los productos de una orden propia, si se pueden calificar y la opinión de quien compró sobre cada uno',
        description:
          'Solo la orden de la persona de la sesión (la de otra persona responde 404, como si no existiera). Se califica una vez cada producto de una orden entregada.',
        params: OrderIdParamsSchema,
        response: { 200: OrderReviewsSchema, ...errors },
      },
    },
    async (request) => getOrderReviews(db, request.params.id, requireViewer(request).personId),
  )

  app.post(
    '/orden/:id/Opiniones',
    {
      onRequest: loggedIn,
      schema: {
        tags: ['Órdenes'],
        summary: 'Quien compró califica un producto de su orden entregada: estrellas, título y comentario',
        description:
          'La opinión queda pendiente hasta que la tienda la publique; solo las publicadas se muestran y cuentan en las estrellas del producto. 404 si la orden no es de la sesión o el producto no está en ella; 409 orden_no_entregada antes de la entrega y 409 opinion_existente si el producto ya se calificó en esta orden; 429 demasiadas_opiniones.',
        params: OrderIdParamsSchema,
        body: OrderReviewInputSchema,
        response: { 201: OrderReviewCreatedSchema, ...errors, 409: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const created = await reviewOrderProduct(
        db,
        { orderId: request.params.id, personId: requireViewer(request).personId, ip: request.ip },
        request.body,
      )
      request.log.info({ orderId: request.params.id, reviewId: created.opinion.id }, 'product reviewed by its buyer')
      return reply.code(201).send(created)
    },
  )

  app.put(
    '/orden/:id/Opiniones/:idProducto/foto',
    {
      onRequest: loggedIn,
      validatorCompiler: multipartValidatorCompiler,
      schema: {
        tags: ['Órdenes'],
        summary: 'Agrega o cambia la foto de la opinión de quien compró sobre un producto de su orden',
        description: PHOTO_RULES,
        consumes: ['multipart/form-data'],
        params: OrderReviewPhotoParamsSchema,
        body: OrderReviewPhotoFormSchema,
        response: { 200: BuyerReviewSchema, ...photoErrors },
      },
    },
    async (request) => {
      const review = await changeReviewPhoto(db, photoRequest(request), async () =>
        requiredFile(await readPhotoForm(request)),
      )
      request.log.info({ orderId: request.params.id, reviewId: review.id }, 'review photo attached by its buyer')
      return review
    },
  )

  app.delete(
    '/orden/:id/Opiniones/:idProducto/foto',
    {
      onRequest: loggedIn,
      schema: {
        tags: ['Órdenes'],
        summary: 'Quita la foto de la opinión de quien compró, mientras está pendiente',
        description:
          'Solo la opinión de la sesión, pendiente: 404 si la orden no es de la sesión o el producto no tiene opinión en ella; 409 `opinion_revisada` si ya se publicó o se ocultó. Sin foto no cambia nada.',
        params: OrderReviewPhotoParamsSchema,
        response: { 200: BuyerReviewSchema, ...errors, 409: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request) => changeReviewPhoto(db, photoRequest(request), null),
  )
}
