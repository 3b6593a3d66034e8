// @vitest-environment happy-dom
import { type ErrorBody, MESSAGES } from '@piel/contracts'
import { HttpResponse, http } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { clearCookies, setCookie } from '../testing/cookies'
import { ApiError, api, CSRF_COOKIE, CSRF_HEADER, rootApi } from './api-client'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  clearCookies()
})
afterAll(() => server.close())

type Uploaded = { image_url: string }

describe('the API client', () => {
  test('a file goes as it is, typed as asked, with the CSRF header; a refusal keeps its whole body', async () => {
    setCookie(CSRF_COOKIE, 'token-2')
    const seen: { type: string | null; csrf: string | null; text: string }[] = []
    const refusal = { mensaje: 'El archivo tiene errores.', codigo: 'csv_invalido', errores: [{ linea: 3 }] }
    server.use(
      http.post('*/admin/productos/importar', async ({ request }) => {
        seen.push({
          type: request.headers.get('content-type'),
          csrf: request.headers.get(CSRF_HEADER),
          text: await request.text(),
        })
        return HttpResponse.json(refusal, { status: 400 })
      }),
    )
    // Windows calls a .csv application/vnd.ms-excel.
    const file = new Blob(['referencia;nombre\n'], { type: 'application/vnd.ms-excel' })

    const failure = await api
      .post('/admin/productos/importar', { body: file, contentType: 'text/csv' })
      .catch((error) => error)

    expect(seen).toEqual([{ type: 'text/csv', csrf: 'token-2', text: 'referencia;nombre\n' }])
    expect(failure).toBeInstanceOf(ApiError)
    expect(failure).toMatchObject({ status: 400, codigo: 'csv_invalido', body: refusal })
  })

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

    const answer = await rootApi.upload<Uploaded>('/upload-with-email', {
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
    const failure = await rootApi.upload<Uploaded>('/upload-with-email', { form: new FormData() }).catch((e) => e)

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
    const upload = rootApi.upload<Uploaded>('/upload-with-email', {
      form: new FormData(),
      signal: controller.signal,
    })
    controller.abort()

    await expect(upload).rejects.toMatchObject({ name: 'AbortError' })
  })

  test('JSON calls: the store API under /swagger/api; a bare 500 reads as the catalogue text', async () => {
    server.use(http.get('*/swagger/api/Tienda/Actual', () => new HttpResponse('<html>boom</html>', { status: 500 })))
    const failure: unknown = await api.get('/Tienda/Actual').catch((e) => e)

    expect(failure).toBeInstanceOf(ApiError)
    expect(failure).toMatchObject({ status: 500, codigo: 'http_500', message: `500 ${MESSAGES.internal}` })
    expect((failure as ApiError).serverMessage).toBeUndefined()
  })

  test('a 2xx answer that is not JSON (a proxy page) is an ApiError, never a value typed as the contract', async () => {
    server.use(http.get('*/swagger/api/Tienda/Actual', () => new HttpResponse('<html>hola</html>', { status: 200 })))
    const failure: unknown = await api.get('/Tienda/Actual').catch((e) => e)

    expect(failure).toBeInstanceOf(ApiError)
    expect(failure).toMatchObject({ status: 200, codigo: 'respuesta_invalida', message: MESSAGES.unexpected })
  })

  test('an error body that does not follow the contract is not trusted: status text only', async () => {
    server.use(
      http.post('*/swagger/api/logout', () => HttpResponse.json({ mensaje: 42, codigo: 'x' }, { status: 409 })),
    )
    const failure: unknown = await api.post('/logout').catch((e) => e)

    expect(failure).toMatchObject({ status: 409, codigo: 'http_409', message: `409: ${MESSAGES.unexpected}` })
    expect((failure as ApiError).serverMessage).toBeUndefined()
  })
})
