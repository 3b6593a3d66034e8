import type { DeletePhotosResult, UploadPhotoResult } from '@piel/contracts'
import { MESSAGES, UPLOAD_PAGE_MESSAGES } from '@piel/contracts/values'
import { useMutation } from '@tanstack/react-query'
import { ApiError, rootApi } from '@/lib/api-client'

/**
 * The photo calls of the upload page (spec 001 §7, at the server's root, not under `/swagger/api`), through the
 * shop's one API client: `POST /upload-with-email` with upload progress and `DELETE /mis-fotos` ("Eliminar mis
 * fotos"). Answers are typed by the contracts.
 */

/** A failed photo call; `message` is the Spanish text to show. */
export class PhotoCallError extends Error {
  override name = 'PhotoCallError'
  readonly status: number

  constructor(status: number, message: string) {
    super(message)
    this.status = status
  }
}

/** The signature of an account chat's QR link (`firma`, `vence`): what lets a phone without a session send to it. */
export type UploadSignature = { firma: string; vence: string }

export interface UploadRequest {
  code: string
  /** From the page's own address, when the QR code of an account's chat opened it. */
  signature?: UploadSignature | undefined
  photo: Blob
  fileName: string
  /** Whether the shopper ticked the consent box (Ley 1581 de 2012); the server refuses the photo without it. */
  consent: boolean
  /** Share of the bytes sent so far, 0–1. */
  onProgress?: (sent: number) => void
  signal?: AbortSignal
}

const looksLikeEmail = (code: string) => code.includes('@')

type PhotoTexts = { failed: string; offline: string; unreadable: string }

/**
 * A photo call's failure in the page's words: the server's own `mensaje` when it sent one, else the page's text for
 * a lost connection, an answer it cannot read, or any other failure. An abort stays an abort.
 */
function photoCallError(error: unknown, texts: PhotoTexts): unknown {
  if (error instanceof DOMException && error.name === 'AbortError') return error
  if (error instanceof ApiError) {
    if (error.status === 0) return new PhotoCallError(0, texts.offline)
    return new PhotoCallError(error.status, error.serverMessage ?? texts.failed)
  }
  return new PhotoCallError(200, texts.unreadable)
}

/** Sends the photo; resolves with its `image_url` (the address the chat reads it from). */
export async function uploadPhoto({ code, signature, photo, fileName, consent, onProgress, signal }: UploadRequest) {
  const form = new FormData()
  form.append('code', code)
  if (looksLikeEmail(code)) form.append('email', code)
  form.append('consentimiento', consent ? 'true' : 'false')
  form.append('file', photo, fileName)
  const { uploadFailed, noUrl } = UPLOAD_PAGE_MESSAGES
  try {
    const result = await rootApi.upload<UploadPhotoResult>('/upload-with-email', {
      query: { code, ...signature },
      form,
      onProgress,
      signal,
    })
    if (result.image_url.trim() !== '') return result.image_url
  } catch (error) {
    throw photoCallError(error, { failed: uploadFailed, offline: uploadFailed, unreadable: noUrl })
  }
  throw new PhotoCallError(200, noUrl)
}

/** Spec 001 §3: the browser remembers the last upload under `lastImageUpload` ({ code, url, time }). */
export const LAST_IMAGE_UPLOAD_KEY = 'lastImageUpload'

/**
 * After an upload (spec 001 §4 Phone upload): remember it and tell a page that embeds this one. The message
 * goes to a parent of this shop's own origin only: the address carries the code that opens the photo.
 */
export function announceUpload(code: string, imageUrl: string) {
  try {
    localStorage.setItem(LAST_IMAGE_UPLOAD_KEY, JSON.stringify({ code, url: imageUrl, time: Date.now() }))
  } catch {
    // Private mode or a full storage: the chat still receives the photo through its room.
  }
  if (window.parent !== window) {
    window.parent.postMessage({ type: 'imageUploaded', imageUrl }, window.location.origin)
  }
}

export const DELETE_FAILED = 'No pudimos eliminar tus fotos. Inténtalo de nuevo en unos minutos.'

/** "Eliminar mis fotos": deletes every photo and analysis sent with this code (and of the session, if any). */
export async function deletePhotos(code: string): Promise<DeletePhotosResult> {
  try {
    return await rootApi.delete<DeletePhotosResult>('/mis-fotos', { query: { code } })
  } catch (error) {
    throw photoCallError(error, {
      failed: DELETE_FAILED,
      offline: MESSAGES.noResponse,
      unreadable: MESSAGES.unexpected,
    })
  }
}

export const photoMutations = {
  delete: () => ({ mutationKey: ['uploads', 'delete-photos'], mutationFn: deletePhotos }),
}

export const useDeletePhotos = () => useMutation(photoMutations.delete())
