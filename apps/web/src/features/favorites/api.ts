import { FavoriteSchema, ResultSchema } from '@piel/contracts'
import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import { api } from '@/lib/api-client'
import { personQueryKey } from '@/lib/session'

const query = (personId: number, productId: number) => ({ query: { IdPersona: personId, IdProducto: productId } })

export const favoritesApi = {
  /** `POST persona/AgregarProductoFavorito`; `exito` is the success flag (spec 000 §7). */
  add: (personId: number, productId: number) =>
    api.post('/persona/AgregarProductoFavorito', ResultSchema, query(personId, productId)),
  remove: (personId: number, productId: number) =>
    api.post('/persona/EliminarProductoFavorito', ResultSchema, query(personId, productId)),
}

export const favoritesQueries = {
  /** `GET persona/GetFavoriteProducts?IdPersona`: the person's favourites, the most recent first. */
  list: (personId: number) =>
    queryOptions({
      queryKey: personQueryKey(personId, 'favorites'),
      queryFn: ({ signal }) =>
        api.get('/persona/GetFavoriteProducts', z.array(FavoriteSchema), { query: { IdPersona: personId }, signal }),
    }),
}
