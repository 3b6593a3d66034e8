import type { Favorite, Result } from '@piel/contracts'
import { queryOptions } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { personQueryKey } from '@/lib/session'

const query = (personId: number, productId: number) => ({ query: { IdPersona: personId, IdProducto: productId } })

export const favoritesApi = {
  /** `POST persona/AgregarProductoFavorito`; `exito` is the success flag (spec 000 §7). */
  add: (personId: number, productId: number) =>
    api.post<Result>('/persona/AgregarProductoFavorito', query(personId, productId)),
  remove: (personId: number, productId: number) =>
    api.post<Result>('/persona/EliminarProductoFavorito', query(personId, productId)),
}

export const favoritesQueries = {
  /** `GET persona/GetFavoriteProducts?IdPersona`: the person's favourites, the most recent first. */
  list: (personId: number) =>
    queryOptions({
      queryKey: personQueryKey(personId, 'favorites'),
      queryFn: ({ signal }) =>
        api.get<Favorite[]>('/persona/GetFavoriteProducts', {
          query: { IdPersona: personId },
          signal,
        }),
    }),
}
