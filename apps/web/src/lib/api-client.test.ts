// @vitest-environment happy-dom
import { type ErrorBody, MESSAGES } from '@piel/contracts'
import { HttpResponse, http } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { z } from 'zod'
import { clearCookies, setCookie } from '../testing/cookies'
import { ApiError, api, CSRF_COOKIE, CSRF_HEADER, rootApi } from './api-client'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  clearCookies()
})
afterAll(() => server.close())

const Uploaded = z.object({ image_url: z.string() })

describe('the API client', () => {
  test('upload: the form goes to the root path with the CSRF header, its progress is reported, the answer parsed', async () => {
    setCookie(CSRF_COOKIE, 'token-1')
    const seen: { code: string | null; csrf: string | null; file: string | null }[] = []
    server.use(
      http.post('*/upload-with-email', async ({ request }) => {
        const form = await request.formData()
        const file = form.get('file')
        seen.push({
          code: new URL(request.url).searchParams.get('code'),
          csrf: request.headers.get(CSRF_HEADER),
          file: file instanceof Blob ? await file.text() : null,
        })
        return HttpResponse.json({ image_url: '/fotos/abc.jpg' })
      }),
    )
    const form = new FormData()
    form.append('file', new Blob(['foto'], { type: 'image/jpeg' }), 'foto.jpg')
    const progress: number[] = []

    const answer = await rootApi.upload('/upload-with-email', Uploaded, {
      query: { code: 'ABC123' },
      form,
      onProgress: (sent) => progress.push(sent),
    })

    expect(answer).toEqual({ image_url: '/fotos/abc.jpg' })
    expect(seen).toEqual([{ code: 'ABC123', csrf: 'token-1', file: 'foto' }])
    expect(progress.at(-1)).toBe(1)
  })

  test("upload: a refusal is an ApiError with the server's codigo and its own words", async () => {
    server.use(
      http.post('*/upload-with-email', () =>
        HttpResponse.json({ mensaje: 'La imagen está dañada.', codigo: 'imagen_danada' } satisfies ErrorBody, {
          status: 400,
        }),
      ),
    )
    const failure = await rootApi.upload('/upload-with-email', Uploaded, { form: new FormData() }).catch((e) => e)

    expect(failure).toBeInstanceOf(ApiError)
    expect(failure).toMatchObject({
      status: 400,
      codigo: 'imagen_danada',
      message: '400: La imagen está dañada.',
      serverMessage: 'La imagen está dañada.',
    })
  })

  test('upload: an abort rejects with an AbortError, not an ApiError', async () => {
    server.use(http.post('*/upload-with-email', () => new Promise<Response>(() => undefined)))
    const controller = new AbortController()
    const upload = rootApi.upload('/upload-with-email', Uploaded, { form: new FormData(), signal: controller.signal })
    controller.abort()

    await expect(upload).rejects.toMatchObject({ name: 'AbortError' })
  })

  test('JSON calls: the store API under /swagger/api; a bare 500 reads as the catalogue text', async () => {
    server.use(http.get('*/swagger/api/Tienda/Actual', () => new HttpResponse('<html>boom</html>', { status: 500 })))
    const failure: unknown = await api.get('/Tienda/Actual', z.unknown()).catch((e) => e)

    expect(failure).toBeInstanceOf(ApiError)
    expect(failure).toMatchObject({ status: 500, codigo: 'http_500', message: `500 ${MESSAGES.internal}` })
    expect((failure as ApiError).serverMessage).toBeUndefined()
  })
})
