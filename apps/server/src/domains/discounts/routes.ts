import {
  DiscountCodeActiveSchema,
  DiscountCodeIdParamsSchema,
  DiscountCodeInputSchema,
  DiscountCodeSchema,
  ErrorBodySchema,
} from '@piel/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { adminOnly, guardEveryRoute, guardedErrors } from '../../shared/auth'
import type { Deps } from '../../shared/deps'
import { authorOf } from '../audit'
import { type CodeFiguresOf, createCode, getCode, listCodes, updateCode } from './service'
import { fromWireCode, toWireCode } from './wire'

/** The back office's discount codes (issue 35), under `admin/` and for administrators only. */
export const discountAdminRoutes: FastifyPluginAsyncZod<Deps & { figuresOf: CodeFiguresOf }> = async (
  app,
  { db, figuresOf },
) => {
  guardEveryRoute(app, adminOnly)
  const errors = guardedErrors

  app.get(
    '/codigos',
    {
      schema: {
        tags: ['Administración'],
        summary:
          'Los códigos de descuento, los más nuevos primero, con sus usos y lo que vendieron sus órdenes pagadas',
        response: { 200: z.array(DiscountCodeSchema), ...errors },
      },
    },
    async () => (await listCodes(db, figuresOf)).map(toWireCode),
  )

  app.post(
    '/codigos',
    {
      schema: {
        tags: ['Administración'],
        summary: 'Crea un código de descuento',
        description: '409 codigo_repetido si ya existe uno con ese nombre (sin distinguir mayúsculas).',
        body: DiscountCodeInputSchema,
        response: { 201: DiscountCodeSchema, ...errors, 409: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const code = await createCode(db, fromWireCode(request.body), authorOf(request))
      return reply.code(201).send(toWireCode(await getCode(db, code.id, figuresOf)))
    },
  )

  app.put(
    '/codigos/:id',
    {
      schema: {
        tags: ['Administración'],
        summary: 'Cambia un código de descuento; las órdenes ya hechas conservan lo que descontó',
        params: DiscountCodeIdParamsSchema,
        body: DiscountCodeInputSchema,
        response: { 200: DiscountCodeSchema, ...errors, 404: ErrorBodySchema, 409: ErrorBodySchema },
      },
    },
    async (request) => {
      await updateCode(db, request.params.id, fromWireCode(request.body), authorOf(request))
      return toWireCode(await getCode(db, request.params.id, figuresOf))
    },
  )

  app.post(
    '/codigos/:id/activo',
    {
      schema: {
        tags: ['Administración'],
        summary: 'Pausa o reactiva un código de descuento',
        params: DiscountCodeIdParamsSchema,
        body: DiscountCodeActiveSchema,
        response: { 200: DiscountCodeSchema, ...errors, 404: ErrorBodySchema },
      },
    },
    async (request) => {
      await updateCode(db, request.params.id, { active: request.body.activo }, authorOf(request))
      return toWireCode(await getCode(db, request.params.id, figuresOf))
    },
  )
}
