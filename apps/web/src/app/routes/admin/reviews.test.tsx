import type { AdminReview, AdminReviewPage } from '@piel/contracts'
import { REVIEW_TEXTS } from '@piel/contracts/values'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { beforeEach, describe, expect, test, vi } from 'vitest'
import { CSRF_COOKIE } from '@/lib/api-client'
import { setCookie } from '@/testing/cookies'
import { renderRoutes } from '@/testing/render'
import { apiPath, server } from '@/testing/server'
import { Component as Reviews } from './reviews'

// happy-dom does not know HTML's <search> element (the list's search box): React's warning about it is the one
// console error let through; any other still fails the test (testing/setup.ts).
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    const text = args.map(String).join(' ')
    if (text.includes('is unrecognized in this browser') && args.includes('search')) return
    throw new Error(`console.error: ${text}`)
  })
})

const review = (changes: Partial<AdminReview> & Pick<AdminReview, 'id'>): AdminReview => ({
  idProducto: 12,
  nombreProducto: 'Sérum de niacinamida',
  referenciaProducto: 'SER-30',
  idOrden: 345,
  compraVerificada: true,
  autor: 'Ana R.',
  calificacion: 2,
  titulo: 'No me funcionó',
  comentario: 'Me dio un poco de rojez en las mejillas.',
  fecha: '2026-05-20',
  recibida: '2026-05-20T14:00:00.000Z',
  estado: 'pendiente',
  nombreEstado: 'Pendiente',
  respuestaTienda: null,
  fechaRespuesta: null,
  ...changes,
})

const pending = review({ id: 7 })
const seeded = review({
  id: 3,
  idProducto: 20,
  nombreProducto: 'Gel limpiador',
  referenciaProducto: 'GEL-1',
  idOrden: null,
  compraVerificada: false,
  autor: 'Laura M.',
  calificacion: 4,
  titulo: null,
  comentario: 'Muy refrescante.',
  estado: 'publicada',
  nombreEstado: 'Publicada',
  respuestaTienda: 'Gracias, Laura.',
  fechaRespuesta: '2026-05-01T10:00:00.000Z',
})

const pageOf = (opiniones: AdminReview[], pendientes = 1): AdminReviewPage => ({
  opiniones,
  pendientes,
  total: opiniones.length,
  pagina: 1,
  tamanio: 20,
  hayMas: false,
})

type Sent = { method: string; path: string; body: unknown; csrf: string | null }

/**
 * The back office's reviews: `GET admin/opiniones` answers `list(query)` (and records each query), every write is
 * recorded and answered by `write` (the review changed, by default).
 */
function serve(list: (query: URLSearchParams) => AdminReviewPage, write?: (sent: Sent) => Response) {
  setCookie(CSRF_COOKIE, 'prueba')
  const queries: URLSearchParams[] = []
  const sent: Sent[] = []
  const changed = async ({ request }: { request: Request }) => {
    const text = await request.text()
    const entry: Sent = {
      method: request.method,
      path: new URL(request.url).pathname.replace('/swagger/api', ''),
      body: text ? JSON.parse(text) : undefined,
      csrf: request.headers.get('x-csrf-token'),
    }
    sent.push(entry)
    return write ? write(entry) : HttpResponse.json(pending)
  }
  server.use(
    http.get(apiPath('/admin/opiniones'), ({ request }) => {
      const query = new URL(request.url).searchParams
      queries.push(query)
      return HttpResponse.json(list(query))
    }),
    http.post(apiPath('/admin/opiniones/:id/estado'), changed),
    http.put(apiPath('/admin/opiniones/:id/respuesta'), changed),
    http.delete(apiPath('/admin/opiniones/:id/respuesta'), changed),
  )
  return { queries, sent }
}

const renderReviews = (url = '/admin/opiniones') =>
  renderRoutes([{ path: '/admin/opiniones', Component: Reviews }], url)

const card = (title: string) => screen.findByRole('article', { name: title })

describe('/admin/opiniones', () => {
  test('each review with its product, stars, words, author and order; the pending count beside its tab', async () => {
    serve(() => pageOf([pending, seeded]))
    await renderReviews()
    const first = await card('No me funcionó')
    expect(within(first).getByRole('link', { name: /Sérum de niacinamida/ })).toBeVisible()
    expect(within(first).getByRole('img', { name: 'Calificación 2 de 5' })).toBeInTheDocument()
    expect(within(first).getByText('Me dio un poco de rojez en las mejillas.')).toBeVisible()
    expect(within(first).getByText('Ana R.')).toBeVisible()
    expect(within(first).getByText(REVIEW_TEXTS.verifiedPurchase)).toBeVisible()
    expect(within(first).getByRole('link', { name: 'Orden #345' })).toHaveAttribute('href', '/admin/ordenes/345')
    expect(within(first).getByText('Pendiente')).toBeVisible()
    expect(within(first).getByRole('button', { name: 'Publicar' })).toBeVisible()
    expect(within(first).getByRole('button', { name: 'Ocultar' })).toBeVisible()

    const other = await card('Comentario de Laura M.')
    expect(within(other).getByText('Comentario de ejemplo')).toBeVisible()
    expect(within(other).getByText('Gracias, Laura.')).toBeVisible()
    expect(within(other).queryByRole('button', { name: 'Publicar' })).toBeNull()
    expect(within(other).getByRole('button', { name: 'Editar respuesta' })).toBeVisible()

    const tabs = screen.getByRole('navigation', { name: 'Estado' })
    expect(within(tabs).getByRole('link', { name: 'Pendientes 1 por revisar' })).toBeVisible()
    expect(within(tabs).getByRole('link', { name: 'Todas' })).toHaveAttribute('aria-current', 'page')
  })

  test('a review’s photo shows on its card before it is published, and opens large', async () => {
    serve(() => pageOf([{ ...pending, fotoUrl: '/media/opinion-1-abc.webp' }, seeded]))
    await renderReviews()
    const first = await card('No me funcionó')
    const thumbnail = within(first).getByRole('img', { name: 'Foto de la opinión de Ana R.' })
    expect(thumbnail).toHaveAttribute('src', '/media/opinion-1-abc.webp?w=160')
    expect(within(await card('Comentario de Laura M.')).queryByRole('img', { name: /Foto de la opinión/ })).toBeNull()
    await userEvent.click(within(first).getByRole('button', { name: 'Foto de la opinión de Ana R. (ver en grande)' }))
    const dialog = await screen.findByRole('dialog', { name: 'Foto de la opinión de Ana R.' })
    expect(within(dialog).getByRole('img', { name: 'Foto de la opinión de Ana R.' })).toBeVisible()
  })

  test('«Publicar» sends the decision with the CSRF token, and the list is asked again', async () => {
    let published = false
    const { queries, sent } = serve(
      () =>
        pageOf(
          [published ? { ...pending, estado: 'publicada', nombreEstado: 'Publicada' } : pending],
          published ? 0 : 1,
        ),
      () => {
        published = true
        return HttpResponse.json({ ...pending, estado: 'publicada', nombreEstado: 'Publicada' })
      },
    )
    await renderReviews()
    await userEvent.click(within(await card('No me funcionó')).getByRole('button', { name: 'Publicar' }))
    expect(await screen.findByText(REVIEW_TEXTS.published)).toBeVisible()
    expect(sent).toEqual([
      { method: 'POST', path: '/admin/opiniones/7/estado', body: { estado: 'publicada' }, csrf: 'prueba' },
    ])
    const after = await card('No me funcionó')
    await waitFor(() => expect(within(after).queryByRole('button', { name: 'Publicar' })).toBeNull())
    expect(within(after).getByText('Publicada')).toBeVisible()
    expect(queries.length).toBeGreaterThan(1)
  })

  test('«Responder» writes the store’s answer; an empty one is refused before sending; «Quitar respuesta» removes one', async () => {
    const { sent } = serve(() => pageOf([pending, seeded]))
    await renderReviews()
    const first = await card('No me funcionó')
    await userEvent.click(within(first).getByRole('button', { name: 'Responder' }))
    const box = within(first).getByRole('textbox', { name: 'Respuesta de la tienda (se publica bajo la opinión)' })
    await userEvent.click(within(first).getByRole('button', { name: 'Guardar respuesta' }))
    expect(await within(first).findByText(REVIEW_TEXTS.replyRequired)).toBeVisible()
    expect(box).toHaveAttribute('aria-invalid', 'true')
    expect(sent).toEqual([])

    await userEvent.type(box, 'Lamentamos la rojez; te escribimos para ayudarte.')
    await userEvent.click(within(first).getByRole('button', { name: 'Guardar respuesta' }))
    await waitFor(() =>
      expect(sent).toEqual([
        {
          method: 'PUT',
          path: '/admin/opiniones/7/respuesta',
          body: { respuesta: 'Lamentamos la rojez; te escribimos para ayudarte.' },
          csrf: 'prueba',
        },
      ]),
    )
    await waitFor(() => expect(within(first).queryByRole('textbox')).toBeNull())

    await userEvent.click(
      within(await card('Comentario de Laura M.')).getByRole('button', { name: 'Quitar respuesta' }),
    )
    await waitFor(() => expect(sent.at(-1)).toMatchObject({ method: 'DELETE', path: '/admin/opiniones/3/respuesta' }))
  })

  test('the list narrows to a number of stars and to one product, and says which', async () => {
    const { queries } = serve((query) => {
      if (query.get('producto') === '20') return pageOf([seeded], 1)
      if (query.get('calificacion') === '2') return pageOf([pending])
      return pageOf([pending, seeded])
    })
    await renderReviews()
    await card('No me funcionó')
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Calificación' }), '2 estrellas')
    await waitFor(() => expect(queries.at(-1)?.get('calificacion')).toBe('2'))
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Comentario de Laura M.' })).toBeNull())

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Calificación' }), 'Todas')
    const other = await card('Comentario de Laura M.')
    await userEvent.click(within(other).getByRole('link', { name: /Gel limpiador/ }))
    await waitFor(() => expect(queries.at(-1)?.get('producto')).toBe('20'))
    expect(await screen.findByText('Gel limpiador', { selector: 'strong' })).toBeVisible()
    expect(screen.getByRole('link', { name: 'Ver todos los productos' })).toBeVisible()
  })
})
