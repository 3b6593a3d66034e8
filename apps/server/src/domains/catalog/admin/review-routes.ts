import {
  AdminReviewPageSchema,
  AdminReviewQuerySchema,
  AdminReviewSchema,
  IdParamsSchema,
  ReviewDecisionSchema,
  ReviewReplyInputSchema,
} from '@piel/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { guardedErrors as errors } from '../../../shared/auth'
import { authorOf } from '../../audit'
import type { CatalogDeps } from '../cache'
import { decideReview, getReview, listReviews, type ReviewChange, setReviewReply } from './reviews'

/**
 * `admin/opiniones…` (issue 35): the buyers' reviews and the seeded comments, moderated by the store. Registered inside
 * the catalogue's admin routes, which refuse anybody but an administrator. A change the product's page shows (its
 * stars, its count, a reply) makes the shop's cached answers go, here and in every other process.
 */
export const reviewAdminRoutes: FastifyPluginAsyncZod<Pick<CatalogDeps, 'db' | 'config' | 'catalog'>> = async (
  app,
  { db, config, catalog },
) => {
  const storeId = config.STORE_ID
  const answer = (change: ReviewChange) => {
    if (change.shownChanged) catalog.stockChanged()
    return change.review
  }

  app.get(
    '/opiniones',
    {
      schema: {
        tags: ['Administración'],
        summary:
          'Las opiniones de los productos (de compradores y de ejemplo), las más recientes primero y, sin filtro de estado, las pendientes antes',
        querystring: AdminReviewQuerySchema,
        response: { 200: AdminReviewPageSchema, ...errors },
      },
    },
    async (request) => listReviews(db, storeId, request.query),
  )

  app.get(
    '/opiniones/:id',
    {
      schema: {
        tags: ['Administración'],
        summary: 'Una opinión, con su producto, su estado y la respuesta de la tienda',
        params: IdParamsSchema,
        response: { 200: AdminReviewSchema, ...errors },
      },
    },
    async (request) => getReview(db, storeId, request.params.id),
  )

  app.post(
    '/opiniones/:id/estado',
    {
      schema: {
        tags: ['Administración'],
        summary:
          'Publica u oculta una opinión: solo las publicadas se muestran y cuentan en las estrellas del producto',
        params: IdParamsSchema,
        body: ReviewDecisionSchema,
        response: { 200: AdminReviewSchema, ...errors },
      },
    },
    async (request) =>
      answer(await decideReview(db, storeId, request.params.id, request.body.estado, authorOf(request))),
  )

  app.put(
    '/opiniones/:id/respuesta',
    {
      schema: {
        tags: ['Administración'],
        summary: 'Escribe o cambia la respuesta pública de la tienda bajo la opinión',
        params: IdParamsSchema,
        body: ReviewReplyInputSchema,
        response: { 200: AdminReviewSchema, ...errors },
      },
    },
    async (request) =>
      answer(await setReviewReply(db, storeId, request.params.id, request.body.respuesta, authorOf(request))),
  )

  app.delete(
    '/opiniones/:id/respuesta',
    {
      schema: {
        tags: ['Administración'],
        summary: 'Quita la respuesta de la tienda de una opinión',
        params: IdParamsSchema,
        response: { 200: AdminReviewSchema, ...errors },
      },
    },
    async (request) => answer(await setReviewReply(db, storeId, request.params.id, null, authorOf(request))),
  )
}
