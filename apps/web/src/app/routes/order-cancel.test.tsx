import { type ErrorBody, ORDER_STATUS, ORDER_STATUS_NAMES, type Order } from '@piel/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { beforeEach, describe, expect, test } from 'vitest'
import { CSRF_COOKIE } from '@/lib/api-client'
import { setCookie } from '@/testing/cookies'
import { person, store } from '@/testing/fixtures'
import { renderRoutes } from '@/testing/render'
import { apiPath, server } from '@/testing/server'
import { Component as OrderDetail } from './order-detail'
import { Component as PayMethod } from './pay-method'

/** Each test's own order number: the notices of one test may still be on screen in the next. */
let ORDER_ID = 57
beforeEach(() => {
  ORDER_ID += 1
})

/** An order of the session's person as `GET orden/{id}` answers it: pending payment, one line, due tomorrow. */
function orderOf(overrides: Partial<Order> = {}): Order {
  const idEstado = overrides.idEstado ?? ORDER_STATUS.pendingPayment
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
    venceEn: new Date(Date.now() + 60 * 60_000).toISOString(),
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
    productos: [
      {
        idProducto: 201,
        nombre: 'Sérum de niacinamida',
        imagen: '/img/serum.jpg',
        referencia: 'SER-30',
        valorUnitario: 52_000,
        valorUnitarioMoneda: '$ 52.000',
        valorAntesDescuento: 52_000,
        descuento: 0,
        iva: 19,
        cantidadComprada: 2,
        valorTotal: 104_000,
        valorTotalMoneda: '$ 104.000',
        descuentoCodigo: 0,
        ivaLinea: 16_605,
        idTienda: store.id,
        tallaId: null,
      },
    ],
    productosPorOrden: [],
    estadosOrden: [
      { id: 1, nombre: 'Orden Pendiente Pago', idEstadoOrden: 1, fecha: '2026-05-15T12:00:00.000Z', finalizado: true },
    ],
    pasoSeguimiento: null,
    ...overrides,
  }
}

const cancelledOrder = () =>
  orderOf({
    idEstado: ORDER_STATUS.cancelled,
    estado: 'Orden cancelada',
    venceEn: null,
    estadosOrden: [
      { id: 1, nombre: 'Orden Pendiente Pago', idEstadoOrden: 1, fecha: '2026-05-15T12:00:00.000Z', finalizado: true },
      { id: 2, nombre: 'Orden cancelada', idEstadoOrden: 8, fecha: '2026-05-15T12:10:00.000Z', finalizado: true },
    ],
  })

/**
 * A logged-in shopper whose order `GET orden/{id}` answers with `current()`; `POST orden/{id}/Cancelar` answers
 * `cancelAnswer()` (by default the order cancelled, which later reads then answer) and counts its calls.
 */
function shopperWithOrder(order: Order, cancelAnswer?: () => Response) {
  setCookie(CSRF_COOKIE, 'prueba')
  let current = order
  const calls: string[] = []
  server.use(
    http.get(apiPath('/persona/Sesion'), () => HttpResponse.json({ persona: person })),
    http.get(apiPath('/Tienda/Actual'), () => HttpResponse.json(store)),
    http.get(apiPath(`/orden/${ORDER_ID}`), () => HttpResponse.json(current)),
    http.get(apiPath('/orden/MisOrdenes'), () => HttpResponse.json([])),
    // The payment page's methods need the gateway's settings; the tests here do not pay.
    http.get(apiPath('/Wompi/Configuracion'), () =>
      HttpResponse.json({ mensaje: 'No disponible', codigo: 'no_disponible' } satisfies ErrorBody, { status: 503 }),
    ),
    http.post(apiPath(`/orden/${ORDER_ID}/Cancelar`), ({ request }) => {
      calls.push(request.headers.get('x-csrf-token') ?? '')
      if (cancelAnswer) return cancelAnswer()
      current = cancelledOrder()
      return HttpResponse.json(current)
    }),
  )
  return calls
}

const renderOrderPages = (url: string) =>
  renderRoutes(
    [
      { path: '/OrderDetail/:id', Component: OrderDetail },
      { path: '/PayMethod/:id', Component: PayMethod },
    ],
    url,
  )

/** The page once the order is in it (its products listed). */
const orderShown = () => screen.findAllByText('Sérum de niacinamida')

describe('"Cancelar orden" on the order page', () => {
  test('a payable order without a payment in progress: the dialog says what happens, confirming cancels it with a notice', async () => {
    const calls = shopperWithOrder(orderOf())
    await renderOrderPages(`/OrderDetail/${ORDER_ID}`)
    await orderShown()

    await userEvent.click(screen.getByRole('button', { name: 'Cancelar orden' }))
    const dialog = await screen.findByRole('dialog', { name: `¿Cancelar la orden N.º ${ORDER_ID}?` })
    expect(dialog).toHaveAccessibleDescription(
      'Los productos vuelven a la tienda y ya no podrás pagar esta orden. Esto no se puede deshacer.',
    )
    expect(calls).toEqual([])

    await userEvent.click(within(dialog).getByRole('button', { name: 'Sí, cancelar orden' }))
    expect(await screen.findByText(`Cancelaste la orden N.º ${ORDER_ID}.`)).toBeVisible()
    expect(calls).toEqual(['prueba'])
    // The page shows the order as the server answered it: cancelled, with nothing left to pay or cancel.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancelar orden' })).toBeNull())
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.queryByRole('link', { name: 'Ir a pagar' })).toBeNull()
    expect(screen.getAllByText('Orden cancelada').length).toBeGreaterThan(0)
  })

  test('"Volver" closes the dialog and nothing is sent', async () => {
    const calls = shopperWithOrder(orderOf({ idEstado: ORDER_STATUS.paymentRejected }))
    await renderOrderPages(`/OrderDetail/${ORDER_ID}`)
    await orderShown()
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar orden' }))
    const dialog = await screen.findByRole('dialog')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Volver' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(calls).toEqual([])
  })

  test.each([
    ['a payment in progress', () => orderOf({ pagoEnProceso: true })],
    ['a paid order', () => orderOf({ idEstado: ORDER_STATUS.paid, venceEn: null })],
    ['a cancelled order', () => cancelledOrder()],
  ])('%s: no "Cancelar orden"', async (_, order) => {
    shopperWithOrder(order())
    await renderOrderPages(`/OrderDetail/${ORDER_ID}`)
    await orderShown()
    expect(screen.queryByRole('button', { name: 'Cancelar orden' })).toBeNull()
  })

  test("the server's refusal shows in its words, and the order is read again", async () => {
    const refusal = 'Tu pago está en proceso: espera su resultado antes de cancelar la orden.'
    let reads = 0
    shopperWithOrder(orderOf(), () =>
      HttpResponse.json({ mensaje: refusal, codigo: 'pago_en_proceso' } satisfies ErrorBody, { status: 409 }),
    )
    server.use(
      http.get(apiPath(`/orden/${ORDER_ID}`), () => {
        reads += 1
        return HttpResponse.json(orderOf())
      }),
    )
    await renderOrderPages(`/OrderDetail/${ORDER_ID}`)
    await orderShown()
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar orden' }))
    const dialog = await screen.findByRole('dialog')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sí, cancelar orden' }))
    expect(await within(dialog).findByText(refusal)).toBeVisible()
    await waitFor(() => expect(reads).toBe(2))
    expect(screen.queryByText(`Cancelaste la orden N.º ${ORDER_ID}.`)).toBeNull()
  })
})

describe('"Cancelar orden" on the payment page', () => {
  test("confirming cancels the order and goes to the order's page", async () => {
    const calls = shopperWithOrder(orderOf())
    const { router } = await renderOrderPages(`/PayMethod/${ORDER_ID}`)
    await orderShown()

    await userEvent.click(screen.getByRole('button', { name: 'Cancelar orden' }))
    const dialog = await screen.findByRole('dialog', { name: `¿Cancelar la orden N.º ${ORDER_ID}?` })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sí, cancelar orden' }))

    expect(await screen.findByText(`Cancelaste la orden N.º ${ORDER_ID}.`)).toBeVisible()
    await waitFor(() => expect(router.state.location.pathname).toBe(`/OrderDetail/${ORDER_ID}`))
    expect(calls).toHaveLength(1)
  })

  test('a payment in progress: no "Cancelar orden"', async () => {
    shopperWithOrder(orderOf({ pagoEnProceso: true }))
    await renderOrderPages(`/PayMethod/${ORDER_ID}`)
    await orderShown()
    expect(screen.queryByRole('button', { name: 'Cancelar orden' })).toBeNull()
  })
})

describe('the payment page after a declined payment (issue 35)', () => {
  test("no green tick; the notice gives the gateway's reason, also after a reload", async () => {
    shopperWithOrder(
      orderOf({ idEstado: ORDER_STATUS.paymentRejected, estado: ORDER_STATUS_NAMES[ORDER_STATUS.paymentRejected] }),
    )
    server.use(
      http.get(apiPath(`/pago/EstadoPago/${ORDER_ID}`), () =>
        HttpResponse.json({
          idOrden: ORDER_ID,
          idEstadoOrden: ORDER_STATUS.paymentRejected,
          estadoOrden: ORDER_STATUS_NAMES[ORDER_STATUS.paymentRejected],
          ordenPagada: false,
          pagable: true,
          ultimoPago: {
            codSalida: 'DECLINED',
            mensajeSalida: 'Fondos insuficientes',
            urlSalida: null,
            idOrden: ORDER_ID,
            idTransaccion: 'tx-1',
            referencia: `piel-${ORDER_ID}-1`,
            metodo: 'CARD',
            ordenPagada: false,
            efectivo: null,
          },
        }),
      ),
    )
    await renderOrderPages(`/PayMethod/${ORDER_ID}`)
    await orderShown()
    const notice = await screen.findByText('Tu último pago no se aprobó.')
    expect(notice).toBeVisible()
    expect(await screen.findByText('Fondos insuficientes')).toBeVisible()
    expect(document.querySelector('main .bg-brand-100 svg, .bg-brand-100 svg')).toBeNull()
  })
})
