import {
  type DeletePhotosResult,
  DeletePhotosResultSchema,
  ErrorBodySchema,
  MESSAGES,
  UPLOAD_PAGE_MESSAGES,
  UploadPhotoResultSchema,
} from '@piel/contracts'
import { useMutation } from '@tanstack/react-query'
import { CSRF_COOKIE, CSRF_HEADER, readCookie } from '@/lib/api-client'

/**
 * The photo calls of the upload page (spec 001 §7, at the server's root, not under `/swagger/api`):
 * `POST /upload-with-email` with upload progress (XMLHttpRequest: `fetch` cannot report it) and
 * `DELETE /mis-fotos` ("Eliminar mis fotos"). Answers are parsed with the contract schemas.
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

export interface UploadRequest {
  code: string
  photo: Blob
  fileName: string
  /** Whether the shopper ticked the consent box (Ley 1581 de 2012); the server refuses the photo without it. */
  consent: boolean
  /** Share of the bytes sent so far, 0–1. */
  onProgress?: (sent: number) => void
  signal?: AbortSignal
}

const looksLikeEmail = (code: string) => code.includes('@')

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

function csrfHeader(): Record<string, string> {
  const token = readCookie(CSRF_COOKIE)
  return token ? { [CSRF_HEADER]: token } : {}
}

/** Sends the photo; resolves with its `image_url` (the address the chat reads it from). */
export function uploadPhoto({ code, photo, fileName, consent, onProgress, signal }: UploadRequest): Promise<string> {
  const form = new FormData()
  form.append('code', code)
  if (looksLikeEmail(code)) form.append('email', code)
  form.append('consentimiento', consent ? 'true' : 'false')
  form.append('file', photo, fileName)

  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', `/upload-with-email?${new URLSearchParams({ code })}`)
    xhr.setRequestHeader('Accept', 'application/json')
    for (const [name, value] of Object.entries(csrfHeader())) xhr.setRequestHeader(name, value)
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total)
    })
    xhr.addEventListener('load', () => {
      const body = parseJson(xhr.responseText)
      if (xhr.status >= 200 && xhr.status < 300) {
        const result = UploadPhotoResultSchema.safeParse(body)
        if (result.success && result.data.image_url.trim() !== '') resolve(result.data.image_url)
        else reject(new PhotoCallError(xhr.status, UPLOAD_PAGE_MESSAGES.noUrl))
        return
      }
      const error = ErrorBodySchema.safeParse(body)
      reject(new PhotoCallError(xhr.status, error.success ? error.data.mensaje : UPLOAD_PAGE_MESSAGES.uploadFailed))
    })
    xhr.addEventListener('error', () => reject(new PhotoCallError(0, UPLOAD_PAGE_MESSAGES.uploadFailed)))
    xhr.addEventListener('timeout', () => reject(new PhotoCallError(0, UPLOAD_PAGE_MESSAGES.uploadFailed)))
    xhr.addEventListener('abort', () => reject(new DOMException('Upload aborted', 'AbortError')))
    signal?.addEventListener('abort', () => xhr.abort(), { once: true })
    xhr.send(form)
  })
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

/** "Eliminar mis fotos": deletes every photo and analysis sent with this code (and of the session, if any). */
export async function deletePhotos(code: string): Promise<DeletePhotosResult> {
  let res: Response
  try {
    res = await fetch(`/mis-fotos?${new URLSearchParams({ code })}`, {
      method: 'DELETE',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', ...csrfHeader() },
    })
  } catch {
    throw new PhotoCallError(0, MESSAGES.noResponse)
  }
  const body = parseJson(await res.text().catch(() => ''))
  if (res.ok) {
    const result = DeletePhotosResultSchema.safeParse(body)
    if (result.success) return result.data
    throw new PhotoCallError(res.status, MESSAGES.unexpected)
  }
  const error = ErrorBodySchema.safeParse(body)
  throw new PhotoCallError(res.status, error.success ? error.data.mensaje : DELETE_FAILED)
}

export const DELETE_FAILED = 'No pudimos eliminar tus fotos. Inténtalo de nuevo en unos minutos.'

export const photoMutations = {
  delete: () => ({ mutationKey: ['uploads', 'delete-photos'], mutationFn: deletePhotos }),
}

export const useDeletePhotos = () => useMutation(photoMutations.delete())
