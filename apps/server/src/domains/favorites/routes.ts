import {
  FAVORITE_MESSAGES,
  FavoriteListQuerySchema,
  FavoriteQuerySchema,
  FavoriteSchema,
  ResultSchema,
} from '@piel/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { guardedErrors, loggedIn, requireSamePerson } from '../../shared/auth'
import type { Deps } from '../../shared/deps'
import { priceTierOf } from '../../shared/viewer'
import { addFavorite, listFavorites, removeFavorite } from './service'
import { toWireFavorite } from './wire'

/** Favourites of the logged-in person (spec 000 §7 "Favourites"); `IdPersona` must be the session's. */
export const favoriteRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db }) => {
  app.post(
    '/persona/AgregarProductoFavorito',
    {
      onRequest: loggedIn,
      schema: {
        tags: ['Favoritos'],
        summary: 'Marca un producto activo como favorito (repetirlo no cambia nada)',
        querystring: FavoriteQuerySchema,
        response: { 200: ResultSchema, ...guardedErrors },
      },
    },
    async (request) => {
      const viewer = requireSamePerson(request, request.query.IdPersona)
      await addFavorite(db, viewer.personId, request.query.IdProducto)
      return { exito: true, mensaje: FAVORITE_MESSAGES.added }
    },
  )

  app.get(
    '/persona/GetFavoriteProducts',
    {
      onRequest: loggedIn,
      schema: {
        tags: ['Favoritos'],
        summary: 'Favoritos de la persona de la sesión, los más recientes primero, con los precios que ve',
        querystring: FavoriteListQuerySchema,
        response: { 200: z.array(FavoriteSchema), ...guardedErrors },
      },
    },
    async (request) => {
      const viewer = requireSamePerson(request, request.query.IdPersona)
      return (await listFavorites(db, viewer.personId, priceTierOf(request))).map(toWireFavorite)
    },
  )

  app.post(
    '/persona/EliminarProductoFavorito',
    {
      onRequest: loggedIn,
      schema: {
        tags: ['Favoritos'],
        summary: 'Quita un producto de los favoritos (si no estaba, también responde éxito)',
        querystring: FavoriteQuerySchema,
        response: { 200: ResultSchema, ...guardedErrors },
      },
    },
    async (request) => {
      const viewer = requireSamePerson(request, request.query.IdPersona)
      await removeFavorite(db, viewer.personId, request.query.IdProducto)
      return { exito: true, mensaje: FAVORITE_MESSAGES.removed }
    },
  )
}
