import {
  ErrorBodySchema,
  OrderIdParamsSchema,
  OrderReviewCreatedSchema,
  OrderReviewInputSchema,
  OrderReviewsSchema,
} from '@piel/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { guardedErrors as errors, loggedIn, requireViewer } from '../../shared/auth'
import type { Deps } from '../../shared/deps'
import { getOrderReviews, reviewOrderProduct } from './reviews'

/** The buyer's reviews of the products of a delivered order, from the order's page (issue 35). */
export const orderReviewRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db }) => {
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
}
