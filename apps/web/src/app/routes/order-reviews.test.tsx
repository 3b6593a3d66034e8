import {
  type BuyerReview,
  type ErrorBody,
  ORDER_STATUS,
  ORDER_STATUS_NAMES,
  type Order,
  type OrderReviewCreated,
  type OrderReviews,
  type OrderWithdrawalState,
  REVIEW_TEXTS,
} from '@piel/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { beforeEach, describe, expect, test, vi } from 'vitest'
import { CSRF_COOKIE } from '@/lib/api-client'
import { setCookie } from '@/testing/cookies'
import { person, store } from '@/testing/fixtures'
import { renderRoutes } from '@/testing/render'
import { apiPath, server } from '@/testing/server'
import { Component as OrderDetail } from './order-detail'

/** Each test's own order number: the notices of one test may still be on screen in the next. */
let ORDER_ID = 300
beforeEach(() => {
  ORDER_ID += 1
})

const SERUM = 201
const CREAM = 202

const line = (idProducto: number, nombre: string) => ({
  idProducto,
  nombre,
  imagen: '/img/producto.jpg',
  referencia: `REF-${idProducto}`,
  valorUnitario: 52_000,
  valorUnitarioMoneda: '$ 52.000',
  valorAntesDescuento: 52_000,
  descuento: 0,
  iva: 19,
  cantidadComprada: 1,
  valorTotal: 52_000,
  valorTotalMoneda: '$ 52.000',
  descuentoCodigo: 0,
  ivaLinea: 8302,
  idTienda: store.id,
  tallaId: null,
})

/** The session's order as `GET orden/{id}` answers it: delivered, with a serum and a cream. */
function orderOf(idEstado: number = ORDER_STATUS.delivered): Order {
  return {
    id: ORDER_ID,
    idPersona: person.id,
    idDireccion: 7,
    fecha: '2026-05-15T12:00:00.000Z',
    observacion: null,
    idTienda: store.id,
    nombreTienda: store.nombre,
    tipoPago: null,
    nombreTipoPago: null,
    estado: ORDER_STATUS_NAMES[idEstado as keyof typeof ORDER_STATUS_NAMES],
    idEstado,
    tipoEntrega: 'Envio',
    municipio: 'Pasto',
    departamento: 'Nariño',
    direccionPersona: 'Calle 18 # 25-40',
    referenciaDireccion: null,
    barrio: 'Centro',
    nombreRecibe: 'Lucía Benavides Ortiz',
    telefonoRecibe: '3105551234',
    precioCorporativo: false,
    venceEn: null,
    pagoEnProceso: false,
    diasEntregaMin: null,
    diasEntregaMax: null,
    codigoDescuento: null,
    transportadora: null,
    numeroGuia: null,
    cantidadArticulos: 2,
    subTotal: 104_000,
    subTotalMoneda: '$ 104.000',
    iva: 16_605,
    ivaMoneda: '$ 16.605',
    descuentoCodigo: 0,
    descuentoCodigoMoneda: '$ 0',
    totalEnvio: 5000,
    totalEnvioMoneda: '$ 5.000',
    total: 109_000,
    totalMoneda: '$ 109.000',
    productos: [line(SERUM, 'Sérum de niacinamida'), line(CREAM, 'Crema reparadora')],
    productosPorOrden: [],
    estadosOrden: [
      {
        id: 1,
        nombre: 'Orden entregada',
        idEstadoOrden: idEstado,
        fecha: '2026-05-18T12:00:00.000Z',
        finalizado: true,
      },
    ],
    pasoSeguimiento: null,
  }
}

const published: BuyerReview = {
  id: 77,
  calificacion: 5,
  titulo: 'La mejor crema',
  comentario: 'Me quitó la resequedad en una semana.',
  fecha: '2026-05-20',
  estado: 'publicada',
  nombreEstado: 'Publicada',
  respuestaTienda: 'Gracias, Lucía. Nos alegra mucho.',
  fechaRespuesta: '2026-05-21T15:00:00.000Z',
}

/** `GET orden/{id}/Opiniones`: the serum still to rate, the cream already rated and published (or as given). */
const reviewsOf = (cream: BuyerReview | null = published): OrderReviews => ({
  idOrden: ORDER_ID,
  entregada: true,
  razon: null,
  productos: [
    { idProducto: SERUM, nombre: 'Sérum de niacinamida', imagen: '/img/s.jpg', puedeCalificar: true, opinion: null },
    { idProducto: CREAM, nombre: 'Crema reparadora', imagen: '/img/c.jpg', puedeCalificar: !cream, opinion: cream },
  ],
})

const noWithdrawal: OrderWithdrawalState = {
  puedeSolicitar: false,
  razon: null,
  plazoHasta: null,
  politica: '',
  retracto: null,
}

type Sent = { body: unknown; csrf: string | null }

/**
 * A logged-in shopper with the order (`order`) and its reviews (`reviews`); `POST orden/{id}/Opiniones` is recorded
 * and answered by `answer` (by default: the review, pending).
 */
function shopper(order: Order, reviews: OrderReviews | null, answer?: (body: Record<string, unknown>) => Response) {
  setCookie(CSRF_COOKIE, 'prueba')
  const sent: Sent[] = []
  server.use(
    http.get(apiPath('/persona/Sesion'), () => HttpResponse.json({ persona: person })),
    http.get(apiPath('/Tienda/Actual'), () => HttpResponse.json(store)),
    http.get(apiPath(`/orden/${ORDER_ID}`), () => HttpResponse.json(order)),
    http.get(apiPath(`/orden/${ORDER_ID}/retracto`), () => HttpResponse.json(noWithdrawal)),
    ...(reviews ? [http.get(apiPath(`/orden/${ORDER_ID}/Opiniones`), () => HttpResponse.json(reviews))] : []),
    http.post(apiPath(`/orden/${ORDER_ID}/Opiniones`), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>
      sent.push({ body, csrf: request.headers.get('x-csrf-token') })
      if (answer) return answer(body)
      const created: OrderReviewCreated = {
        mensaje: REVIEW_TEXTS.thanks,
        idProducto: Number(body.idProducto),
        opinion: {
          id: 90,
          calificacion: Number(body.calificacion),
          titulo: String(body.titulo),
          comentario: String(body.comentario),
          fecha: '2026-05-22',
          estado: 'pendiente',
          nombreEstado: 'En revisión',
          respuestaTienda: null,
          fechaRespuesta: null,
        },
      }
      return HttpResponse.json(created, { status: 201 })
    }),
  )
  return sent
}

const renderOrder = (hash = '') =>
  renderRoutes([{ path: '/OrderDetail/:id', Component: OrderDetail }], `/OrderDetail/${ORDER_ID}${hash}`)

const serumForm = () => screen.findByRole('form', { name: 'Tu opinión de Sérum de niacinamida' })

describe('"Califica tus productos" on a delivered order', () => {
  test('each product to rate has 1–5 stars named for everyone; what is missing is said in Spanish and nothing is sent', async () => {
    const sent = shopper(orderOf(), reviewsOf())
    await renderOrder()
    const section = (await screen.findByRole('heading', { name: 'Califica tus productos' })).closest('section')
    expect(section).toHaveAttribute('id', 'calificar')

    const form = await serumForm()
    const stars = within(form).getByRole('group', { name: 'Tu calificación' })
    expect(
      within(stars)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['1', '2', '3', '4', '5'])
    expect(within(stars).getByRole('radio', { name: '1 estrella: Malo' })).not.toBeChecked()
    expect(within(stars).getByRole('radio', { name: '5 estrellas: Excelente' })).toBeInTheDocument()
    expect(within(form).getByRole('textbox', { name: 'Título' })).toBeInTheDocument()
    expect(within(form).getByRole('textbox', { name: 'Tu opinión' })).toBeInTheDocument()

    await userEvent.click(within(form).getByRole('button', { name: 'Enviar opinión' }))
    expect(await within(form).findByText(REVIEW_TEXTS.ratingRequired)).toBeVisible()
    expect(within(form).getByText(REVIEW_TEXTS.titleRequired)).toBeVisible()
    expect(within(form).getByText(REVIEW_TEXTS.textRequired)).toBeVisible()
    expect(within(form).getByRole('textbox', { name: 'Título' })).toHaveAttribute('aria-invalid', 'true')

    await userEvent.type(within(form).getByRole('textbox', { name: 'Tu opinión' }), 'Muy bueno')
    await userEvent.click(within(form).getByRole('button', { name: 'Enviar opinión' }))
    expect(await within(form).findByText(REVIEW_TEXTS.textTooShort)).toBeVisible()
    expect(sent).toEqual([])
  })

  test('4 stars, a title and a text go to the server; the thanks and the review in review take the form’s place', async () => {
    const sent = shopper(orderOf(), reviewsOf())
    await renderOrder()
    const form = await serumForm()
    await userEvent.click(within(form).getByRole('radio', { name: '4 estrellas: Muy bueno' }))
    expect(within(form).getByRole('radio', { name: '4 estrellas: Muy bueno' })).toBeChecked()
    await userEvent.type(within(form).getByRole('textbox', { name: 'Título' }), 'Suave y sin olor')
    await userEvent.type(
      within(form).getByRole('textbox', { name: 'Tu opinión' }),
      'Lo uso en las noches y mi piel amanece hidratada.',
    )
    await userEvent.click(within(form).getByRole('button', { name: 'Enviar opinión' }))

    expect(await screen.findByText(REVIEW_TEXTS.thanks)).toBeVisible()
    expect(sent).toEqual([
      {
        body: {
          idProducto: SERUM,
          calificacion: 4,
          titulo: 'Suave y sin olor',
          comentario: 'Lo uso en las noches y mi piel amanece hidratada.',
        },
        csrf: 'prueba',
      },
    ])
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Tu opinión de Sérum de niacinamida' })).toBeNull())
    const serum = screen.getByRole('article', { name: 'Sérum de niacinamida' })
    expect(within(serum).getByText('En revisión')).toBeVisible()
    expect(within(serum).getByRole('img', { name: 'Calificación 4 de 5' })).toBeInTheDocument()
    expect(within(serum).getByText('Suave y sin olor')).toBeVisible()
  })

  test('a review already published shows its state and the store’s answer, and its product has no form', async () => {
    shopper(orderOf(), reviewsOf())
    await renderOrder()
    const cream = await screen.findByRole('article', { name: 'Crema reparadora' })
    expect(await within(cream).findByText('Publicada')).toBeVisible()
    expect(within(cream).getByText('La mejor crema')).toBeVisible()
    expect(within(cream).getByText(REVIEW_TEXTS.storeReply)).toBeVisible()
    expect(within(cream).getByText('Gracias, Lucía. Nos alegra mucho.')).toBeVisible()
    expect(within(cream).queryByRole('form')).toBeNull()
    expect(screen.getAllByRole('form')).toHaveLength(1)
  })

  test('the server’s refusal shows in its words, and the reviews are read again', async () => {
    let reads = 0
    const refusal: ErrorBody = { mensaje: REVIEW_TEXTS.alreadyReviewed, codigo: 'opinion_existente' }
    shopper(orderOf(), null, () => HttpResponse.json(refusal, { status: 409 }))
    server.use(
      http.get(apiPath(`/orden/${ORDER_ID}/Opiniones`), () => {
        reads += 1
        return HttpResponse.json(reviewsOf())
      }),
    )
    await renderOrder()
    const form = await serumForm()
    await userEvent.click(within(form).getByRole('radio', { name: '5 estrellas: Excelente' }))
    await userEvent.type(within(form).getByRole('textbox', { name: 'Título' }), 'Excelente')
    await userEvent.type(within(form).getByRole('textbox', { name: 'Tu opinión' }), 'Me encantó de verdad.')
    await userEvent.click(within(form).getByRole('button', { name: 'Enviar opinión' }))
    expect(await within(form).findByText(REVIEW_TEXTS.alreadyReviewed)).toBeVisible()
    expect(within(form).getByRole('alert')).toHaveTextContent(REVIEW_TEXTS.alreadyReviewed)
    await waitFor(() => expect(reads).toBe(2))
    expect(screen.queryByText(REVIEW_TEXTS.thanks)).toBeNull()
  })

  test('reached at #calificar (the e-mail’s link), the section scrolls into view once the order is shown', async () => {
    const scrolled: Element[] = []
    const original = Element.prototype.scrollIntoView
    Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this)
    })
    try {
      shopper(orderOf(), reviewsOf())
      await renderOrder('#calificar')
      await screen.findByRole('heading', { name: 'Califica tus productos' })
      await waitFor(() => expect(scrolled.map((element) => element.id)).toContain('calificar'))
    } finally {
      Element.prototype.scrollIntoView = original
    }
  })

  test('an order not delivered yet has no section (and its reviews are not asked for)', async () => {
    shopper(orderOf(ORDER_STATUS.onTheWay), null)
    await renderOrder()
    await screen.findAllByText('Sérum de niacinamida')
    expect(screen.queryByRole('heading', { name: 'Califica tus productos' })).toBeNull()
  })
})

describe('a photo with the review (optional)', () => {
  const photoPath = () => apiPath(`/orden/${ORDER_ID}/Opiniones/${SERUM}/foto`)
  const pendingWithPhoto = (fotoUrl: string | null): BuyerReview => ({
    id: 90,
    calificacion: 5,
    titulo: 'Suave y sin olor',
    comentario: 'Lo uso en las noches y mi piel amanece hidratada.',
    fecha: '2026-05-22',
    estado: 'pendiente',
    nombreEstado: 'En revisión',
    respuestaTienda: null,
    fechaRespuesta: null,
    fotoUrl,
  })
  const photo = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'mi-piel.jpg', { type: 'image/jpeg' })

  beforeEach(() => {
    // jsdom has no object URLs: the preview shows this address instead.
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: vi.fn(() => 'blob:vista-previa') })
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: vi.fn() })
  })

  async function fillSerum() {
    const form = await serumForm()
    await userEvent.click(within(form).getByRole('radio', { name: '5 estrellas: Excelente' }))
    await userEvent.type(within(form).getByRole('textbox', { name: 'Título' }), 'Suave y sin olor')
    await userEvent.type(
      within(form).getByRole('textbox', { name: 'Tu opinión' }),
      'Lo uso en las noches y mi piel amanece hidratada.',
    )
    return form
  }

  test('choosing a photo shows its preview and "Quitar foto"; sending sends the review, then the photo', async () => {
    const calls: string[] = []
    const sent = shopper(orderOf(), reviewsOf(), () => {
      calls.push('opinion')
      const created: OrderReviewCreated = {
        mensaje: REVIEW_TEXTS.thanks,
        idProducto: SERUM,
        opinion: pendingWithPhoto(null),
      }
      return HttpResponse.json(created, { status: 201 })
    })
    const uploads: { name: string | null; csrf: string | null }[] = []
    server.use(
      http.put(photoPath(), async ({ request }) => {
        calls.push('foto')
        const file = (await request.formData()).get('file')
        uploads.push({ name: file instanceof File ? file.name : null, csrf: request.headers.get('x-csrf-token') })
        return HttpResponse.json(pendingWithPhoto('/media/opinion-90-abc.webp'))
      }),
    )
    await renderOrder()
    const form = await fillSerum()
    const input = within(form).getByLabelText(REVIEW_TEXTS.photoAdd)
    expect(input).toHaveAttribute('type', 'file')
    expect(input).toHaveAttribute('accept', 'image/*')

    await userEvent.upload(input, photo())
    expect(within(form).getByRole('img', { name: 'Vista previa de tu foto' })).toHaveAttribute(
      'src',
      'blob:vista-previa',
    )
    // Removed, then chosen again.
    await userEvent.click(within(form).getByRole('button', { name: REVIEW_TEXTS.photoRemove }))
    expect(within(form).queryByRole('img', { name: 'Vista previa de tu foto' })).toBeNull()
    await userEvent.upload(within(form).getByLabelText(REVIEW_TEXTS.photoAdd), photo())
    expect(within(form).getByText('mi-piel.jpg')).toBeVisible()

    await userEvent.click(within(form).getByRole('button', { name: 'Enviar opinión' }))
    const serum = await screen.findByRole('article', { name: 'Sérum de niacinamida' })
    const thumbnail = await within(serum).findByRole('img', { name: 'Tu foto de la opinión' })
    expect(thumbnail).toHaveAttribute('src', '/media/opinion-90-abc.webp?w=160')
    expect(thumbnail).toHaveAttribute('loading', 'lazy')
    expect(calls).toEqual(['opinion', 'foto'])
    expect(sent).toHaveLength(1)
    expect(uploads).toEqual([{ name: 'mi-piel.jpg', csrf: 'prueba' }])
    expect(within(serum).getByRole('button', { name: REVIEW_TEXTS.photoRemove })).toBeVisible()
  })

  test('a failed upload keeps the review and says so in Spanish; "Reintentar" sends the photo again', async () => {
    shopper(orderOf(), reviewsOf(), () =>
      HttpResponse.json(
        {
          mensaje: REVIEW_TEXTS.thanks,
          idProducto: SERUM,
          opinion: pendingWithPhoto(null),
        } satisfies OrderReviewCreated,
        { status: 201 },
      ),
    )
    let attempts = 0
    server.use(
      http.put(photoPath(), () => {
        attempts += 1
        if (attempts === 1) {
          const refusal: ErrorBody = { mensaje: 'La imagen está dañada o incompleta.', codigo: 'imagen_danada' }
          return HttpResponse.json(refusal, { status: 400 })
        }
        return HttpResponse.json(pendingWithPhoto('/media/opinion-90-def.webp'))
      }),
    )
    await renderOrder()
    const form = await fillSerum()
    await userEvent.upload(within(form).getByLabelText(REVIEW_TEXTS.photoAdd), photo())
    await userEvent.click(within(form).getByRole('button', { name: 'Enviar opinión' }))

    const alert = (await screen.findByText(REVIEW_TEXTS.photoUploadFailed)).closest('[role="alert"]') as HTMLElement
    expect(alert).not.toBeNull()
    expect(alert).toHaveTextContent('La imagen está dañada o incompleta.')
    const serum = screen.getByRole('article', { name: 'Sérum de niacinamida' })
    expect(within(serum).getByText('En revisión')).toBeVisible()
    expect(within(serum).getByText('Suave y sin olor')).toBeVisible()

    await userEvent.click(within(alert).getByRole('button', { name: REVIEW_TEXTS.photoRetry }))
    expect(await within(serum).findByRole('img', { name: 'Tu foto de la opinión' })).toHaveAttribute(
      'src',
      '/media/opinion-90-def.webp?w=160',
    )
    expect(attempts).toBe(2)
    expect(screen.queryByText(REVIEW_TEXTS.photoUploadFailed)).toBeNull()
  })

  test('a file that is not an image is refused before anything is sent', async () => {
    shopper(orderOf(), reviewsOf())
    await renderOrder()
    const form = await serumForm()
    const input = within(form).getByLabelText(REVIEW_TEXTS.photoAdd)
    await userEvent.upload(input, new File(['hola'], 'notas.txt', { type: 'text/plain' }), { applyAccept: false })
    expect(await within(form).findByText('El archivo no es una imagen JPEG, PNG o WebP.')).toBeVisible()
    expect(within(form).queryByRole('img', { name: 'Vista previa de tu foto' })).toBeNull()
  })
})
