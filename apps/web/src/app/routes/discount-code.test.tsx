import { type CreateOrderSchema, type ErrorBody, ORDER_MESSAGES, type QuoteRequestSchema } from '@piel/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, test } from 'vitest'
import type { z } from 'zod'
import { CART_STORAGE_KEY } from '@/features/cart/cart-store'
import { DISCOUNT_CODE_STORAGE_KEY } from '@/features/cart/discount-code'
import { CSRF_COOKIE } from '@/lib/api-client'
import { setCookie } from '@/testing/cookies'
import { address, cartLine, createdOrder, person, product, type QuoteCode, quoteOf, store } from '@/testing/fixtures'
import { renderRoutes } from '@/testing/render'
import { apiPath, server } from '@/testing/server'
import { Component as Cart } from './cart'
import { Component as Checkout } from './checkout'

type QuoteRequest = z.output<typeof QuoteRequestSchema>
type NewOrder = z.input<typeof CreateOrderSchema>

const serum = product(201, 'Sérum de niacinamida', 52_000)
const sunscreen = product(202, 'Protector solar SPF 50', 68_000)
const CART = [
  { item: serum, count: 2 },
  { item: sunscreen, count: 1 },
]
// 2 × 52.000 + 68.000 = 172.000; 10 % off is 17.200.
const TEN_PERCENT: QuoteCode = { codigo: 'VERANO10', descripcion: '10 % en toda la tienda', descuento: 17_200 }
const EXPIRED = 'El código VIEJO venció el 31 de diciembre de 2025.'

/**
 * A logged-in shopper with two products in the cart. `orden/Cotizar` applies VERANO10, refuses VIEJO with its
 * reason, and prices without a code otherwise; every request's body is kept, in order.
 */
function shopperWithCart({ storedCode = null }: { storedCode?: string | null } = {}) {
  setCookie(CSRF_COOKIE, 'prueba')
  localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(CART.map(({ item, count }) => cartLine(item, count))))
  if (storedCode) localStorage.setItem(DISCOUNT_CODE_STORAGE_KEY, storedCode)
  const quotes: QuoteRequest[] = []
  server.use(
    http.get(apiPath('/persona/Sesion'), () => HttpResponse.json({ persona: person })),
    http.get(apiPath('/Tienda/Actual'), () => HttpResponse.json(store)),
    http.get(apiPath('/DireccionPersona/DireccionesAsociadas'), () =>
      HttpResponse.json([address(7, 'Calle 18 # 25-40', 'Si')]),
    ),
    http.post<never, QuoteRequest>(apiPath('/orden/Cotizar'), async ({ request }) => {
      const body = await request.json()
      quotes.push(body)
      const lines = body.productos.map(({ idProducto, cantidadComprada }) => ({
        item: idProducto === serum.id ? serum : sunscreen,
        count: cantidadComprada,
      }))
      const code: QuoteCode | null =
        body.codigoDescuento === 'VERANO10'
          ? TEN_PERCENT
          : body.codigoDescuento
            ? { codigoError: body.codigoDescuento === 'VIEJO' ? EXPIRED : 'No existe.' }
            : null
      return HttpResponse.json(quoteOf(lines, undefined, code))
    }),
  )
  return quotes
}

const renderCart = () => renderRoutes([{ path: '/cart', Component: Cart }], '/cart')

/** The cart's summary once the server's totals are in it. */
async function cartSummary() {
  const heading = await screen.findByRole('heading', { level: 1, name: 'Carro de compras' })
  await screen.findByText(/^Subtotal \(3 productos\)/)
  return heading.ownerDocument.body
}

async function applyCode(user: ReturnType<typeof userEvent.setup>, typed: string) {
  await user.click(await screen.findByRole('button', { name: '¿Tienes un código de descuento?' }))
  await user.type(screen.getByRole('textbox', { name: 'Código de descuento' }), typed)
  await user.click(screen.getByRole('button', { name: 'Aplicar' }))
}

/** The notice of a code applied: "Código X aplicado", its description under it. */
const appliedNotice = (code: string) => (_: string, element: Element | null) =>
  element?.getAttribute('role') === 'status' && element.textContent?.startsWith(`Código ${code} aplicado`) === true

/** The "Descuento (CODE)" row of the totals and its amount, or null. */
const discountRow = (root: HTMLElement = document.body) => {
  const term = within(root).queryByText(/^Descuento \(/)
  return term ? `${term.textContent} ${term.nextElementSibling?.textContent}` : null
}

describe("the cart's discount code", () => {
  test('applying a code quotes the cart with it: "Código X aplicado" and the "Descuento (X)" row', async () => {
    const user = userEvent.setup()
    const quotes = shopperWithCart()
    await renderCart()
    await cartSummary()
    expect(discountRow()).toBeNull()
    expect(quotes.every((body) => body.codigoDescuento === undefined)).toBe(true)

    await applyCode(user, ' verano10 ')

    const applied = await screen.findByText(appliedNotice('VERANO10'))
    expect(applied.textContent).toBe('Código VERANO10 aplicado10 % en toda la tienda')
    expect(discountRow()).toBe('Descuento (VERANO10) −$ 17.200')
    // 172.000 − 17.200 + 12.000 of shipping.
    expect(screen.getAllByText('$ 166.800').length).toBeGreaterThan(0)
    expect(quotes.at(-1)).toMatchObject({ codigoDescuento: 'VERANO10' })
    expect(localStorage.getItem(DISCOUNT_CODE_STORAGE_KEY)).toBe('VERANO10')
  })

  test('a code the quote refuses shows the reason under the field and is forgotten: the next quote goes without it', async () => {
    const user = userEvent.setup()
    const quotes = shopperWithCart()
    await renderCart()
    await cartSummary()

    await applyCode(user, 'viejo')

    const field = screen.getByRole('textbox', { name: 'Código de descuento' })
    await waitFor(() => expect(field).toHaveAccessibleDescription(EXPIRED))
    expect(field).toHaveAttribute('aria-invalid', 'true')
    expect(discountRow()).toBeNull()
    expect(localStorage.getItem(DISCOUNT_CODE_STORAGE_KEY)).toBeNull()
    const refused = quotes.findIndex((body) => body.codigoDescuento === 'VIEJO')
    expect(refused).toBeGreaterThanOrEqual(0)

    await user.click(screen.getByRole('button', { name: `Agregar una unidad de ${sunscreen.descripcion}` }))
    await waitFor(() =>
      expect(quotes.at(-1)?.productos).toContainEqual({ idProducto: sunscreen.id, cantidadComprada: 2 }),
    )
    expect(quotes.slice(refused + 1).map((body) => body.codigoDescuento)).not.toContain('VIEJO')
    expect(quotes.at(-1)?.codigoDescuento).toBeUndefined()
    // The reason stays until the shopper types again.
    expect(screen.getByText(EXPIRED)).toBeVisible()
    await user.type(field, 'X')
    expect(screen.queryByText(EXPIRED)).toBeNull()
  })

  test('a malformed code is refused in the browser, without asking the server', async () => {
    const user = userEvent.setup()
    const quotes = shopperWithCart()
    await renderCart()
    await cartSummary()
    const asked = quotes.length

    await applyCode(user, 'dé')

    expect(
      await screen.findByText('Escribe el código como te llegó: de 3 a 30 letras sin tilde, números, - o _.'),
    ).toBeVisible()
    expect(quotes.slice(asked).some((body) => body.codigoDescuento !== undefined)).toBe(false)
  })

  test('"Quitar" removes the code: the row goes and the cart is quoted without it', async () => {
    const user = userEvent.setup()
    const quotes = shopperWithCart({ storedCode: 'VERANO10' })
    await renderCart()

    await waitFor(() => expect(discountRow()).toBe('Descuento (VERANO10) −$ 17.200'))
    expect(quotes[0]).toMatchObject({ codigoDescuento: 'VERANO10' })
    await user.click(screen.getByRole('button', { name: 'Quitar el código VERANO10' }))

    await waitFor(() => expect(discountRow()).toBeNull())
    expect(quotes.at(-1)?.codigoDescuento).toBeUndefined()
    expect(localStorage.getItem(DISCOUNT_CODE_STORAGE_KEY)).toBeNull()
    // The field stays, empty, for another code.
    expect(screen.getByRole('textbox', { name: 'Código de descuento' })).toHaveValue('')
    expect(screen.getAllByText('$ 184.000').length).toBeGreaterThan(0)
  })
})

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
      { path: '/PayMethod/:id', element: <h1>Página de pago</h1> },
    ],
    '/SendProducts',
  )

/** The checkout's summary once it shows the code applied. */
async function summaryWithCode() {
  const aside = await screen.findByRole('complementary', { name: 'Resumen de tu orden' })
  await waitFor(() => expect(discountRow(aside)).toBe('Descuento (VERANO10) −$ 17.200'))
  return aside
}

describe("the checkout's discount code", () => {
  test('"Confirmar orden" sends the code applied in the cart', async () => {
    const user = userEvent.setup()
    shopperWithCart({ storedCode: 'VERANO10' })
    const sent = createOrderAnswers(() => HttpResponse.json(createdOrder(77)))
    await renderCheckout()

    const aside = await summaryWithCode()
    expect(within(aside).getByText(appliedNotice('VERANO10'))).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Confirmar orden' }))

    await screen.findByRole('heading', { name: 'Página de pago' })
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({ idDireccion: 7, codigoDescuento: 'VERANO10' })
  })

  test('a 409 codigo_no_valido shows its reason at the field and the order is priced again without the code', async () => {
    const user = userEvent.setup()
    const quotes = shopperWithCart({ storedCode: 'VERANO10' })
    const reason = 'El código VERANO10 ya se usó todas las veces posibles.'
    const sent = createOrderAnswers(() =>
      HttpResponse.json(
        {
          mensaje: `${ORDER_MESSAGES.notCreated} ${reason}`,
          codigo: 'codigo_no_valido',
          campos: { codigoDescuento: reason },
        } satisfies ErrorBody,
        { status: 409 },
      ),
    )
    const { router } = await renderCheckout()

    const aside = await summaryWithCode()
    await user.click(screen.getByRole('button', { name: 'Confirmar orden' }))

    const field = await within(aside).findByRole('textbox', { name: 'Código de descuento' })
    await waitFor(() => expect(field).toHaveAccessibleDescription(reason))
    expect(sent).toMatchObject([{ codigoDescuento: 'VERANO10' }])
    expect(router.state.location.pathname).toBe('/SendProducts')
    await waitFor(() => expect(discountRow(aside)).toBeNull())
    expect(quotes.at(-1)?.codigoDescuento).toBeUndefined()
    expect(localStorage.getItem(DISCOUNT_CODE_STORAGE_KEY)).toBeNull()
  })
})
