import type { Quote } from '@piel/contracts'
import { MAX_LINE_QUANTITY } from '@piel/contracts/values'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { api } from '@/lib/api-client'
import { sessionQuery } from '@/lib/session'
import { type CartLine, MAX_LINE_UNITS, readCart, useCartLines, writeCart } from './cart-store'
import { useDiscountCode } from './discount-code'

type QuoteItem = { idProducto: number; cantidadComprada: number }

/** The cart as the order calls want it: one item per product (sizes of one product add up). */
export function orderItemsOf(lines: readonly CartLine[]): QuoteItem[] {
  const counts = new Map<number, number>()
  for (const line of lines) counts.set(line.id, (counts.get(line.id) ?? 0) + line.count)
  return [...counts].map(([idProducto, count]) => ({
    idProducto,
    cantidadComprada: Math.min(count, MAX_LINE_QUANTITY),
  }))
}

export const cartQueries = {
  /** Root of every quote of the cart: asking again refreshes the prices and stock it shows. */
  all: ['cart', 'quote'] as const,

  /**
   * `POST orden/Cotizar`: current prices (in the shopper's tier) and stock for the cart, and the server's totals.
   * Keyed by the person too, because a corporate client's prices differ; never served from cache. With one of the
   * person's addresses the shipping to it is priced (issue 35); without one it stays to be calculated.
   */
  quote: (
    items: QuoteItem[],
    personId: number | null | undefined,
    addressId: number | null = null,
    discountCode: string | null = null,
  ) =>
    queryOptions({
      queryKey: [...cartQueries.all, personId ?? null, items, addressId, discountCode],
      // No abort signal: a quantity tapped again while a quote is on its way lets that answer land in its own entry.
      queryFn: () =>
        api.post<Quote>('/orden/Cotizar', {
          body: {
            productos: items,
            ...(addressId === null ? {} : { idDireccion: addressId }),
            ...(discountCode === null ? {} : { codigoDescuento: discountCode }),
          },
        }),
      // `undefined`: the session is still being asked for, and the tier of the prices with it.
      enabled: items.length > 0 && personId !== undefined,
      staleTime: 0,
      refetchOnMount: 'always',
      // A quantity change asks again; the previous figures stay on screen meanwhile instead of a flash of placeholders.
      placeholderData: keepPreviousData,
    }),
}

/**
 * Brings the stored lines in step with a quote: current price, stock, name and picture. A changed price keeps the
 * price the shopper saw (`previousPrice`) until they acknowledge it; a product no longer sold gets no stock.
 */
export function applyQuote(quote: Quote): void {
  const byProduct = new Map(quote.productos.map((line) => [line.idProducto, line]))
  const gone = new Set(quote.noDisponibles)
  let changed = false
  const next = readCart().map((line): CartLine => {
    const quoted = byProduct.get(line.id)
    if (!quoted) {
      if (!gone.has(line.id) || line.existencia === 0) return line
      changed = true
      return { ...line, existencia: 0 }
    }
    const priceChanged = quoted.valorUnitario !== line.price
    const previousPrice = priceChanged ? (line.previousPrice ?? line.price) : line.previousPrice
    const updated: CartLine = {
      ...line,
      name: quoted.nombre || line.name,
      image: quoted.imagen || line.image,
      price: quoted.valorUnitario,
      newPrice: quoted.valorUnitarioMoneda,
      existencia: quoted.existencia,
      Iva: quoted.iva,
      Descuento: quoted.descuento,
      Referencia: quoted.referencia || line.Referencia,
    }
    // Back to the price the shopper saw: nothing left to tell them.
    if (previousPrice === undefined || previousPrice === quoted.valorUnitario) delete updated.previousPrice
    else updated.previousPrice = previousPrice
    if (JSON.stringify(updated) !== JSON.stringify(line)) changed = true
    return updated
  })
  if (changed) writeCart(next)
}

/** The shopper saw the new price: the notice goes. */
export function acknowledgePrice(lineId: number): void {
  const lines = readCart()
  if (!lines.some((line) => line.id === lineId && line.previousPrice !== undefined)) return
  writeCart(
    lines.map((line) => {
      if (line.id !== lineId) return line
      const { previousPrice: _seen, ...rest } = line
      return rest
    }),
  )
}

export type LineIssue =
  | { kind: 'soldOut' }
  | { kind: 'short'; available: number }
  | { kind: 'limit'; max: number }
  | { kind: 'price'; from: number; to: number }

/**
 * What keeps a line from being bought as it is: sold out, fewer units left than asked, more units than one order may
 * take, or a new price to see.
 */
export function lineIssue(line: CartLine): LineIssue | null {
  if (line.existencia <= 0) return { kind: 'soldOut' }
  if (line.count > line.existencia) return { kind: 'short', available: line.existencia }
  // A cart kept from before the shop capped units per order.
  if (line.count > MAX_LINE_UNITS) return { kind: 'limit', max: MAX_LINE_UNITS }
  if (line.previousPrice !== undefined && line.previousPrice !== line.price) {
    return { kind: 'price', from: line.previousPrice, to: line.price }
  }
  return null
}

/**
 * The cart and its quote, refreshed whenever a screen that shows it opens; the stored lines follow the answer, so
 * their notices (`lineIssue`) reflect the server's prices and stock. `addressId`: the delivery address chosen at
 * the checkout, whose shipping the quote prices. The discount code applied (`discount-code.ts`) is quoted with it.
 */
export function useCartQuote(addressId: number | null = null) {
  const lines = useCartLines()
  const session = useQuery(sessionQuery)
  const personId = session.isPending ? undefined : (session.data?.id ?? null)
  const discountCode = useDiscountCode()
  const items = orderItemsOf(lines)
  const query = useQuery(cartQueries.quote(items, personId, personId ? addressId : null, discountCode))
  const { data, isPlaceholderData } = query

  useEffect(() => {
    if (data && !isPlaceholderData) applyQuote(data)
  }, [data, isPlaceholderData])

  const issues = new Map<CartLine, LineIssue>()
  for (const line of lines) {
    const issue = lineIssue(line)
    if (issue) issues.set(line, issue)
  }
  return { lines, quote: query, issues, hasIssues: issues.size > 0, discountCode }
}
