import {
  type Address,
  type City,
  type CreateOrderSchema,
  type Department,
  type ErrorBody,
  ORDER_MESSAGES,
  type Quote,
} from '@piel/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, test } from 'vitest'
import type { z } from 'zod'
import { CART_STORAGE_KEY, readCart } from '@/features/cart/cart-store'
import { CSRF_COOKIE } from '@/lib/api-client'
import { setCookie } from '@/testing/cookies'
import { address, cartLine, createdOrder, person, pricedShipping, product, quoteOf, store } from '@/testing/fixtures'
import { renderRoutes } from '@/testing/render'
import { apiPath, server } from '@/testing/server'
import { Component as Cart } from './cart'
import { Component as Checkout } from './checkout'

type NewOrder = z.input<typeof CreateOrderSchema>

const serum = product(201, 'Sérum de niacinamida', 52_000)
const sunscreen = product(202, 'Protector solar SPF 50', 68_000)
const CART = [
  { item: serum, count: 2 },
  { item: sunscreen, count: 1 },
]
const [serumLine, sunscreenLine] = CART as [(typeof CART)[number], (typeof CART)[number]]

/**
 * A logged-in shopper (the session cookie and `persona/Sesion`) with two products in the cart, the store, and the
 * quote of `orden/Cotizar` (`quote()` decides it per call, so a test can make the stock run out later).
 */
function shopperWithCart({ addresses, quote = () => quoteOf(CART) }: { addresses: Address[]; quote?: () => Quote }) {
  setCookie(CSRF_COOKIE, 'prueba')
  localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(CART.map(({ item, count }) => cartLine(item, count))))
  server.use(
    http.get(apiPath('/persona/Sesion'), () => HttpResponse.json({ persona: person })),
    http.get(apiPath('/Tienda/Actual'), () => HttpResponse.json(store)),
    http.get(apiPath('/DireccionPersona/DireccionesAsociadas'), () => HttpResponse.json(addresses)),
    http.post(apiPath('/orden/Cotizar'), () => HttpResponse.json(quote())),
  )
}

/** `orden/CrearOrden` answering `answer`, recording what the page sent. */
function createOrderAnswers(answer: () => Response) {
  const sent: NewOrder[] = []
  server.use(
    http.post<never, NewOrder>(apiPath('/orden/CrearOrden'), async ({ request }) => {
      sent.push(await request.json())
      return answer()
    }),
  )
  return sent
}

const renderCheckout = () =>
  renderRoutes(
    [
      { path: '/SendProducts', Component: Checkout },
      { path: '/cart', Component: Cart },
      { path: '/PayMethod/:id', element: <h1>Página de pago</h1> },
    ],
    '/SendProducts',
  )

const summary = () => screen.getByRole('complementary', { name: 'Resumen de tu orden' })
/** The summary once the server's totals are in it. */
async function pricedSummary() {
  const aside = await screen.findByRole('complementary', { name: 'Resumen de tu orden' })
  await within(aside).findByText(quoteOf(CART).totalMoneda)
  return aside
}

describe('the checkout', () => {
  test("lists the person's addresses with the main one chosen, the server's totals and the seller", async () => {
    const home = address(7, 'Calle 18 # 25-40')
    const office = address(8, 'Carrera 27 # 16-35', 'Si')
    shopperWithCart({ addresses: [home, office] })
    await renderCheckout()

    const addresses = await screen.findByRole('group', { name: 'Dirección de entrega' })
    const options = within(addresses).getAllByRole('radio')
    expect(options).toHaveLength(2)
    expect((within(addresses).getByRole('radio', { name: /Carrera 27 # 16-35/ }) as HTMLInputElement).checked).toBe(
      true,
    )
    expect((within(addresses).getByRole('radio', { name: /Calle 18 # 25-40/ }) as HTMLInputElement).checked).toBe(false)

    await pricedSummary()
    expect(within(summary()).getByRole('list', { name: 'Productos de tu orden' }).textContent).toContain(
      serum.descripcion,
    )
    expect(within(screen.getByRole('region', { name: 'Vendedor' })).getByText(store.razonSocial)).toBeVisible()
    expect((screen.getByRole('button', { name: 'Confirmar orden' }) as HTMLButtonElement).disabled).toBe(false)
  })

  test('the shipping is priced for the chosen address: its cost and delivery days; another address asks again', async () => {
    const home = address(7, 'Calle 18 # 25-40', 'Si')
    const ipiales = address(8, 'Carrera 6 # 14-20')
    const asked: unknown[] = []
    shopperWithCart({ addresses: [home, ipiales] })
    server.use(
      http.post<never, { idDireccion?: number }>(apiPath('/orden/Cotizar'), async ({ request }) => {
        const body = await request.json()
        asked.push(body.idDireccion)
        return HttpResponse.json(
          body.idDireccion === 8
            ? quoteOf(CART, pricedShipping({ lugar: 'Ipiales (Nariño)', costo: 9000, diasMin: 2, diasMax: 4 }))
            : quoteOf(CART, pricedShipping({ diasMin: 1, diasMax: 1 })),
        )
      }),
    )
    await renderCheckout()

    const aside = await pricedSummary()
    expect(within(aside).getByText('1 día hábil desde el pago')).toBeVisible()
    await userEvent.click(screen.getByRole('radio', { name: /Carrera 6 # 14-20/ }))
    expect(await within(aside).findByText('2 a 4 días hábiles desde el pago')).toBeVisible()
    expect(within(aside).getByText('$ 9.000')).toBeVisible()
    // While the addresses came, the cart was quoted without one (shipping "por calcular").
    expect(asked.filter((id) => id !== undefined)).toEqual([7, 8])
  })

  test('an address the shop does not deliver to: the summary says so and the order cannot be confirmed', async () => {
    shopperWithCart({
      addresses: [address(7, 'Calle 100 # 15-20', 'Si')],
      quote: () =>
        quoteOf(CART, pricedShipping({ estado: 'sin_cobertura', lugar: 'Bogotá (Bogotá, D.C.)', costo: null })),
    })
    await renderCheckout()

    const aside = await screen.findByRole('complementary', { name: 'Resumen de tu orden' })
    expect(
      await within(aside).findByText(
        'Aún no hacemos envíos a Bogotá (Bogotá, D.C.). Elige otra dirección o escríbenos.',
      ),
    ).toBeVisible()
    expect(within(aside).getByText('No disponible')).toBeVisible()
    expect(within(aside).queryByText('Total')).toBeNull()
    expect((screen.getByRole('button', { name: 'Confirmar orden' }) as HTMLButtonElement).disabled).toBe(true)
  })

  test(`without an address the button says "${ORDER_MESSAGES.chooseAddress}"; a saved one is chosen at once`, async () => {
    shopperWithCart({ addresses: [] })
    const departments = [{ id: '52', nombre: 'Nariño', paraDirecciones: true, porDefecto: true }] satisfies Department[]
    const cities = [
      { id: '52001', nombre: 'Pasto', idDepartamento: '52' },
      { id: '52356', nombre: 'Ipiales', idDepartamento: '52' },
    ] satisfies City[]
    const saved = address(9, 'Calle 12 # 4-20')
    server.use(
      http.get(apiPath('/ciudades/DepartamentosDireccion'), () => HttpResponse.json(departments)),
      http.get(apiPath('/ciudades/GetCiudadesxDep'), () => HttpResponse.json(cities)),
      http.post(apiPath('/DireccionPersona/AgregarDireccionPersona'), () => {
        // From now on the person has this address.
        server.use(http.get(apiPath('/DireccionPersona/DireccionesAsociadas'), () => HttpResponse.json([saved])))
        return HttpResponse.json({
          exito: true,
          mensaje: 'Dirección agregada exitosamente',
          id: saved.idDireccionPersona,
        })
      }),
    )
    await renderCheckout()

    const confirm = await screen.findByRole('button', { name: ORDER_MESSAGES.chooseAddress })
    await pricedSummary()
    expect((confirm as HTMLButtonElement).disabled).toBe(true)
    expect(
      screen.getByText('Aún no tienes direcciones. Agrega la dirección donde quieres recibir tu pedido.'),
    ).toBeVisible()

    await userEvent.type(screen.getByLabelText('Dirección', { exact: true }), saved.nomenclatura)
    const municipality = screen.getByRole('combobox', { name: 'Municipio' })
    await waitFor(() => expect((municipality as HTMLInputElement).disabled).toBe(false))
    await userEvent.type(municipality, 'pas')
    await userEvent.click(await screen.findByRole('option', { name: 'Pasto' }))
    await userEvent.click(screen.getByRole('button', { name: 'Guardar dirección' }))

    const chosen = await screen.findByRole('radio', { name: /Calle 12 # 4-20/ })
    expect((chosen as HTMLInputElement).checked).toBe(true)
    expect((screen.getByRole('button', { name: 'Confirmar orden' }) as HTMLButtonElement).disabled).toBe(false)
  })

  test('Confirmar orden creates the order with the chosen address and the cart, then goes to /PayMethod/{id}', async () => {
    shopperWithCart({ addresses: [address(7, 'Calle 18 # 25-40', 'Si')] })
    const sent = createOrderAnswers(() => HttpResponse.json(createdOrder(77)))
    const { router } = await renderCheckout()

    await pricedSummary()
    await userEvent.type(screen.getByLabelText(/Observación para la entrega/), '  Timbre dañado  ')
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar orden' }))

    await screen.findByRole('heading', { name: 'Página de pago' })
    expect(router.state.location.pathname).toBe('/PayMethod/77')
    expect(sent).toEqual([
      {
        idPersona: person.id,
        idDireccion: 7,
        observacion: 'Timbre dañado',
        productos: [
          { idProducto: serum.id, cantidadComprada: 2 },
          { idProducto: sunscreen.id, cantidadComprada: 1 },
        ],
        claveIdempotencia: expect.stringMatching(/^[0-9a-f]{32}$/),
      },
    ])
    expect(screen.getByText(ORDER_MESSAGES.created)).toBeVisible()
    expect(readCart()).toEqual([])
  })

  test('a 409 sin_stock sends the shopper back to the cart, which says so and flags the line', async () => {
    let stockRanOut = false
    shopperWithCart({
      addresses: [address(7, 'Calle 18 # 25-40', 'Si')],
      // After the refusal only one serum is left.
      quote: () => quoteOf(stockRanOut ? [{ ...serumLine, existencia: 1 }, sunscreenLine] : CART),
    })
    const sent = createOrderAnswers(() => {
      stockRanOut = true
      return HttpResponse.json({ mensaje: ORDER_MESSAGES.noStock, codigo: 'sin_stock' } satisfies ErrorBody, {
        status: 409,
      })
    })
    const { router } = await renderCheckout()

    await pricedSummary()
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar orden' }))

    await screen.findByRole('heading', { level: 1, name: 'Carro de compras' })
    expect(router.state.location.pathname).toBe('/cart')
    expect(sent).toHaveLength(1)
    expect(await screen.findByText(`${ORDER_MESSAGES.noStock} Revisa los productos marcados.`)).toBeVisible()
    const line = screen.getByRole('article', { name: serum.descripcion })
    expect(within(line).getByText('Solo queda 1 unidad')).toBeVisible()
    expect((screen.getByRole('button', { name: 'Comprar' }) as HTMLButtonElement).disabled).toBe(true)
    // The cart keeps its lines: nothing was bought.
    expect(readCart().map((item) => item.count)).toEqual([2, 1])
  })

  test('too many unpaid orders: the page stays with the server’s words, and trying again sends the same key', async () => {
    shopperWithCart({ addresses: [address(7, 'Calle 18 # 25-40', 'Si')] })
    const refusal =
      'No se creó la orden. Tienes 3 órdenes pendientes de pago: paga o cancela una de ellas desde Mis órdenes.'
    const sent = createOrderAnswers(() =>
      HttpResponse.json({ mensaje: refusal, codigo: 'ordenes_sin_pagar' } satisfies ErrorBody, { status: 409 }),
    )
    const { router } = await renderCheckout()

    await pricedSummary()
    const confirm = screen.getByRole('button', { name: 'Confirmar orden' })
    await userEvent.click(confirm)
    // The server's words stay in the summary, and the error notice says them too.
    expect(await within(summary()).findByText(refusal)).toBeVisible()
    expect(screen.getAllByText(refusal)).toHaveLength(2)
    expect(router.state.location.pathname).toBe('/SendProducts')
    await userEvent.click(confirm)
    await waitFor(() => expect(sent).toHaveLength(2))
    expect(sent[0]?.claveIdempotencia).toMatch(/^[0-9a-f]{32}$/)
    expect(sent[1]?.claveIdempotencia).toBe(sent[0]?.claveIdempotencia)
    expect(readCart().map((item) => item.count)).toEqual([2, 1])
  })
})
