import type { Clima } from '@piel/contracts'
import { CLIMA_NO_ESPECIFICADO, UPLOAD_LINK_MINUTES } from '@piel/contracts/values'
import { useQuery } from '@tanstack/react-query'
import { useCallback, useEffect, useState } from 'react'
import { fetchUploadLink, fetchWeather } from './api'
import { anonymousCode, chatStorage } from './chat-storage'
import { CHAT_TEXTS } from './chat-texts'

/** The signed link is fetched again when two thirds of its life are over. */
const REFRESH_LINK_MS = (UPLOAD_LINK_MINUTES * 60_000 * 2) / 3

/**
 * Who the chat speaks for and where it is (spec 001 §4 Identity, §3 climaContexto): the logged-in user's e-mail,
 * else this browser's random code; the weather kept in this browser; and the address the QR code opens on the phone
 * (the site's public address, so a phone on the shop's network reaches it even when this tab is on localhost). An
 * account's chat is keyed by its e-mail, which others may know: its QR code carries a link the server signed for this
 * session (`GET /enlace-subida`, valid 30 minutes, fetched again well before it ends).
 */
export function useAssistantIdentity(email: string | null, publicUrl: string | undefined) {
  const [code, setCode] = useState<string | null>(null)
  const [clima, setClimaState] = useState<Clima>(() => chatStorage.readWeather())

  useEffect(() => {
    setCode(email ?? anonymousCode())
  }, [email])

  const setClima = useCallback((value: Clima) => {
    chatStorage.writeWeather(value)
    setClimaState(value)
  }, [])

  /** The shopper removed the weather: nothing stays in this browser and the advice reads "No especificado". */
  const clearClima = useCallback(() => {
    chatStorage.clearWeather()
    setClimaState(chatStorage.readWeather())
  }, [])

  const signedLink = useQuery({
    queryKey: ['assistant', 'upload-link', email],
    queryFn: fetchUploadLink,
    enabled: email !== null,
    staleTime: REFRESH_LINK_MS,
    refetchInterval: REFRESH_LINK_MS,
  })

  const origin = publicUrl ?? (typeof window === 'undefined' ? undefined : window.location.origin)
  const anonymousUrl = code && origin ? `${origin.replace(/\/$/, '')}/upload?${new URLSearchParams({ code })}` : null
  const uploadUrl = email === null ? anonymousUrl : code === email ? (signedLink.data?.url ?? null) : null
  // The signed link could not be had (no connection, say): the chat says so instead of waiting for ever.
  const uploadLinkFailed = email !== null && uploadUrl === null && signedLink.isError
  const retryUploadLink = useCallback(() => void signedLink.refetch(), [signedLink.refetch])
  return { userKey: code, clima, setClima, clearClima, uploadUrl, uploadLinkFailed, retryUploadLink }
}

/**
 * The weather where the shopper is: the browser's location (asked once, when the shopper chose to), then `POST
 * Clima`. A refusal or a failure stores `No especificado`, and says why in the spec's words.
 */
export function locateWeather(): Promise<{ clima: Clima; error: string | null }> {
  const unknown: Clima = { estado: CLIMA_NO_ESPECIFICADO }
  if (!('geolocation' in navigator)) return Promise.resolve({ clima: unknown, error: CHAT_TEXTS.locationUnsupported })
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      async (position) => {
        try {
          const clima = await fetchWeather(position.coords.latitude, position.coords.longitude)
          resolve({ clima, error: null })
        } catch {
          resolve({ clima: unknown, error: null })
        }
      },
      () => resolve({ clima: unknown, error: CHAT_TEXTS.locationFailed }),
      { timeout: 10_000, maximumAge: 30 * 60_000 },
    )
  })
}

/** "27 °C · humedad 81 % · UV 10", or null when the weather is not known. */
export function describeWeather(clima: Clima): string | null {
  const parts = [
    clima.temperatura !== undefined ? `${Math.round(clima.temperatura)} °C` : null,
    clima.humedad !== undefined ? `humedad ${Math.round(clima.humedad)} %` : null,
    clima.uv !== undefined ? `UV ${Math.round(clima.uv)}` : null,
  ].filter(Boolean)
  return parts.length > 0 ? parts.join(' · ') : null
}
