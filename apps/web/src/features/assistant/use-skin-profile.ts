import type { SkinProfile, SkinProfileState } from '@piel/contracts'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ApiError } from '@/lib/api-client'
import { skinProfileApi } from './api'

/**
 * The skin profile of a chat's key (issue 31), read once and shared by the chat and the account page: saving or
 * deleting it in one place is what the other shows.
 */
export const skinProfileQueries = {
  state: (userKey: string) =>
    queryOptions({
      queryKey: ['assistant', 'skin-profile', userKey],
      queryFn: ({ signal }) => skinProfileApi.get(userKey, signal),
      staleTime: 5 * 60_000,
    }),
}

const NO_PROFILE: SkinProfileState = { perfil: null, actualizado: null }

export const useSkinProfile = (userKey: string) => useQuery(skinProfileQueries.state(userKey))

export function useSaveSkinProfile(userKey: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: ['assistant', 'skin-profile', 'save'],
    mutationFn: (perfil: SkinProfile) => skinProfileApi.save(userKey, perfil),
    onSuccess: (state) => queryClient.setQueryData(skinProfileQueries.state(userKey).queryKey, state),
  })
}

export function useDeleteSkinProfile(userKey: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: ['assistant', 'skin-profile', 'delete'],
    mutationFn: () => skinProfileApi.remove(userKey),
    onSuccess: () => queryClient.setQueryData(skinProfileQueries.state(userKey).queryKey, NO_PROFILE),
  })
}

/** A failed profile call in the shopper's words: the server's own Spanish message when it sent one. */
export function skinProfileError(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.serverMessage) return error.serverMessage
    if (error.status === 0) return error.message
  }
  return fallback
}
