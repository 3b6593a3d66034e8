import { FAVORITE_MESSAGES } from '@piel/contracts/values'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useMemo, useState } from 'react'
import { toast } from '@/components/ui/toast'
import { endExpiredSession, isSessionExpired, personQueryKey, sessionQuery } from '@/lib/session'
import { favoritesApi, favoritesQueries } from './api'

/** The notices of spec 000 §8 "Favourites". */
export const FAVORITE_NOTICES = {
  added: FAVORITE_MESSAGES.added,
  notAdded: 'Error no fue agregado a favoritos',
  removed: FAVORITE_MESSAGES.removed,
  notRemoved: 'Error no fue eliminado',
} as const

type UseFavoriteToggleOptions = {
  /** A visitor pressed a heart (spec 000 §4: show the login-required modal). */
  onLoginRequired?: () => void
}

/**
 * Favourites of the logged-in person for any product list: `isFavorite(id)`, `toggle(id)` with the spec's
 * notices, and `favoriteIds` for a grid. The heart changes at once; a failed call puts it back.
 */
export function useFavoriteToggle({ onLoginRequired }: UseFavoriteToggleOptions = {}) {
  const queryClient = useQueryClient()
  const { data: person } = useQuery(sessionQuery)
  const personId = person?.id ?? null
  const list = useQuery({ ...favoritesQueries.list(personId ?? 0), enabled: personId !== null })
  // Hearts already switched on screen while their call is on its way (product id → favourite or not).
  const [pending, setPending] = useState<ReadonlyMap<number, boolean>>(new Map())

  const mutation = useMutation({
    mutationFn: ({ productId, add, personId: owner }: { productId: number; add: boolean; personId: number }) =>
      add ? favoritesApi.add(owner, productId) : favoritesApi.remove(owner, productId),
    onMutate: ({ productId, add }) => setPending((map) => new Map(map).set(productId, add)),
    onSuccess: (result, { add }) => {
      if (result.exito) toast.success(add ? FAVORITE_NOTICES.added : FAVORITE_NOTICES.removed)
      else toast.error(add ? FAVORITE_NOTICES.notAdded : FAVORITE_NOTICES.notRemoved)
    },
    onError: (error, { add }) => {
      toast.error(add ? FAVORITE_NOTICES.notAdded : FAVORITE_NOTICES.notRemoved)
      if (isSessionExpired(error)) endExpiredSession(queryClient)
    },
    onSettled: async (_result, _error, { productId, personId: owner }) => {
      await queryClient.invalidateQueries({ queryKey: personQueryKey(owner, 'favorites') })
      setPending((map) => {
        const next = new Map(map)
        next.delete(productId)
        return next
      })
    },
  })

  const favoriteIds = useMemo(() => {
    const ids = new Set(list.data?.map((favorite) => favorite.id))
    for (const [productId, favourite] of pending) {
      if (favourite) ids.add(productId)
      else ids.delete(productId)
    }
    return ids as ReadonlySet<number>
  }, [list.data, pending])

  const isFavorite = useCallback((productId: number) => favoriteIds.has(productId), [favoriteIds])

  const { mutate } = mutation
  const toggle = useCallback(
    (productId: number) => {
      if (personId === null) {
        // Still asking the server who is logged in: a tap now would be a guess.
        if (person === null) onLoginRequired?.()
        return
      }
      if (pending.has(productId)) return
      mutate({ productId, add: !favoriteIds.has(productId), personId })
    },
    [personId, person, onLoginRequired, pending, favoriteIds, mutate],
  )

  return {
    isFavorite,
    toggle,
    favoriteIds,
    loggedIn: personId !== null,
    /** True while the heart of this product waits for the server. */
    isToggling: (productId: number) => pending.has(productId),
    /** The favourites list itself, for the /favorites page. */
    list,
  }
}
