import type {
  AnalysisChatReply,
  ChatbotReply,
  Clima,
  MyAnalyses,
  SkinAnalysisResult,
  SkinProfile,
  SkinProfileDeletedSchema,
  SkinProfileRequest,
  SkinProfileState,
  UploadLink,
} from '@piel/contracts'
import { CHAT_PHOTO_MESSAGES, UPLOAD_MESSAGES } from '@piel/contracts/values'
import type { z } from 'zod'
import { ApiError, api, rootApi } from '@/lib/api-client'
import { BUSY_RETRY_BUDGET_SECONDS, busyRetrySeconds, isAbortError, pause } from './busy-retry'
import { CHAT_TEXTS } from './chat-texts'

/**
 * The assistant's calls (spec 001 §7) through the shop's one API client, every answer typed by its contract:
 * the advisor's replies (`Chatbot/*`), the skin profile (`Chatbot/PerfilPiel`), the analysis of a photo
 * (`/analyze-skin`) and the weather (`Clima`).
 */

/** `POST Chatbot/MensajesChatbot`: the advisor's answer to a free-text message. */
export const sendChatMessage = (userId: string, mensaje: string, clima: Clima) =>
  api.post<ChatbotReply>('/Chatbot/MensajesChatbot', { body: { userId, mensaje, clima } })

/**
 * The advisor's reply to the analysis the server just stored: `ImageChatbotComparacion` when this browser knows of
 * a first analysis, else `ImageChatbot` (the server compares either way when it holds an earlier one).
 */
export const requestAnalysisReply = (userId: string, clima: Clima, comparison: boolean) =>
  comparison
    ? api.post<AnalysisChatReply>('/Chatbot/ImageChatbotComparacion', { body: { userId, clima } })
    : api.post<AnalysisChatReply>('/Chatbot/ImageChatbot', { body: { userId, clima } })

/** `GET Chatbot/MisAnalisis`: the first and last analyses the server holds, and the 7-day wait. */
export const fetchMyAnalyses = (userId: string) => api.get<MyAnalyses>('/Chatbot/MisAnalisis', { query: { userId } })

/**
 * The skin profile of the chat's key (issue 31): `GET` reads it (`perfil: null` when none was saved), `PUT` saves it
 * with the shopper's authorisation to process health data (Ley 1581 de 2012), `DELETE` removes it.
 */
export const skinProfileApi = {
  get: (userId: string, signal?: AbortSignal) =>
    api.get<SkinProfileState>('/Chatbot/PerfilPiel', { query: { userId }, ...(signal ? { signal } : {}) }),
  save: (userId: string, perfil: SkinProfile) =>
    api.put<SkinProfileState>('/Chatbot/PerfilPiel', {
      body: { userId, perfil, autorizacion: true } satisfies SkinProfileRequest,
    }),
  remove: (userId: string) =>
    api.delete<z.infer<typeof SkinProfileDeletedSchema>>('/Chatbot/PerfilPiel', { query: { userId } }),
}

/** `GET /enlace-subida`: the signed address the QR code of a logged-in shopper's chat opens on the phone. */
export const fetchUploadLink = () => rootApi.get<UploadLink>('/enlace-subida')

/** `POST Clima`: the weather where the shopper is; the server answers "No especificado" when it cannot tell. */
export const fetchWeather = (Latitud: number, Longitud: number) =>
  api.post<Clima>('/Clima', { body: { Latitud, Longitud } })

export type PhotoAnalysis =
  | { kind: 'ok'; result: import('@piel/contracts').SkinAnalysisResult; width: number; height: number }
  | { kind: 'rejected'; message: string }
  | { kind: 'wait'; message: string }
  | { kind: 'error'; message: string }

/** One call of `/analyze-skin`: a full analysis queue (503 `servidor_ocupado`) is `busy`, to be sent again later. */
type AnalysisAttempt =
  | { kind: 'ok'; result: SkinAnalysisResult }
  | Exclude<PhotoAnalysis, { kind: 'ok' }>
  | { kind: 'busy'; message: string; retryAfterSeconds: number }

/** Width and height of a picture, read by the browser (for the regions' overlay). */
async function sizeOf(blob: Blob): Promise<{ width: number; height: number }> {
  try {
    const bitmap = await createImageBitmap(blob)
    const size = { width: bitmap.width, height: bitmap.height }
    bitmap.close()
    return size
  } catch {
    return { width: 0, height: 0 }
  }
}

/** Sends the downloaded photo to `/analyze-skin` once and reads the answer (see `analyzePhoto`). */
async function submitPhoto(photo: Blob, code: string, signal: AbortSignal | undefined): Promise<AnalysisAttempt> {
  const form = new FormData()
  form.append('uniqueCode', code)
  form.append('file', photo, 'rostro.jpg')
  try {
    const result = await rootApi.post<SkinAnalysisResult>('/analyze-skin', {
      body: form,
      ...(signal ? { signal } : {}),
    })
    return { kind: 'ok', result }
  } catch (error) {
    if (isAbortError(error)) throw error
    if (error instanceof ApiError && error.status === 422 && error.serverMessage) {
      // A rejection names one of the face checks (`PhotoRejectionSchema`); its message is the chat's text.
      const known = Object.hasOwn(CHAT_PHOTO_MESSAGES, error.codigo)
      return { kind: 'rejected', message: known ? error.serverMessage : CHAT_TEXTS.imageError }
    }
    if (error instanceof ApiError && error.status === 429 && error.serverMessage) {
      return { kind: 'wait', message: error.serverMessage }
    }
    if (error instanceof ApiError && error.status === 403 && error.serverMessage) {
      return { kind: 'error', message: error.serverMessage }
    }
    if (error instanceof ApiError && error.status === 503 && error.codigo === 'servidor_ocupado') {
      // The queue is full: the chat waits as long as the server's Retry-After asks, then sends the photo again.
      return {
        kind: 'busy',
        message: error.serverMessage ?? UPLOAD_MESSAGES.analysisBusy,
        retryAfterSeconds: busyRetrySeconds(error.retryAfter),
      }
    }
    if (
      error instanceof ApiError &&
      error.status === 503 &&
      error.codigo === 'analisis_fallido' &&
      error.serverMessage
    ) {
      // A worker failed on this photo: sending it again at once would likely fail the same way, so the shopper is
      // told and decides.
      return { kind: 'error', message: error.serverMessage }
    }
    return { kind: 'error', message: CHAT_TEXTS.imageError }
  }
}

export interface AnalyzePhotoOptions {
  /** Aborts the download, the analysis and any wait for a busy queue (the chat was closed). */
  signal?: AbortSignal
  /** Called once, with the server's message, when the analysis queue is full and the chat starts waiting. */
  onBusy?: (message: string) => void
}

/**
 * Spec 001 §4 Analysis: the photo the phone sent is downloaded (only this chat's code opens it) and sent to
 * `/analyze-skin`. A photo the engine cannot read is a rejection with the chat's text; within 7 days of the last
 * analysis the server answers the wait message; anything else is the chat's generic image error.
 *
 * When the server's analysis queue is full (503 `servidor_ocupado`) the same downloaded photo is sent again after the
 * server's `Retry-After`, for up to `BUSY_RETRY_BUDGET_SECONDS` of waiting; then it is the generic image error. The
 * shopper hears of the wait once, through `onBusy`. Rejects with an `AbortError` when `signal` aborts.
 */
export async function analyzePhoto(
  imageUrl: string,
  code: string,
  { signal, onBusy }: AnalyzePhotoOptions = {},
): Promise<PhotoAnalysis> {
  let photo: Blob
  try {
    const res = await fetch(imageUrl, { credentials: 'same-origin', signal: signal ?? null })
    if (!res.ok) return { kind: 'error', message: CHAT_TEXTS.imageError }
    photo = await res.blob()
  } catch (error) {
    if (isAbortError(error)) throw error
    return { kind: 'error', message: CHAT_TEXTS.imageError }
  }
  // Read while the server analyses; it never rejects (a picture the browser cannot decode is 0 × 0).
  const size = sizeOf(photo)
  let waited = 0
  for (;;) {
    const attempt = await submitPhoto(photo, code, signal)
    if (attempt.kind === 'ok') return { ...attempt, ...(await size) }
    if (attempt.kind !== 'busy') return attempt
    // Told once, on the first busy answer: the retries that follow are silent.
    if (waited === 0) onBusy?.(attempt.message)
    if (waited + attempt.retryAfterSeconds > BUSY_RETRY_BUDGET_SECONDS) {
      return { kind: 'error', message: CHAT_TEXTS.imageError }
    }
    await pause(attempt.retryAfterSeconds * 1000, signal)
    waited += attempt.retryAfterSeconds
  }
}
