import type { ProductSummary } from '@piel/contracts'
import { unitLimitMessage } from '@piel/contracts/values'
import { type ReactNode, useId, useState } from 'react'
import { Link } from 'react-router'
import { buttonStyles } from '@/components/ui/button-styles'
import { BagIcon } from '@/components/ui/icons'
import { CheckIcon, InfoIcon, MinusIcon, PlusIcon } from '@/components/ui/page-icons'
import { paths } from '@/lib/paths'
import { addCartLine, type CartLine, MAX_LINE_UNITS, useCartLines } from '../cart-store'

/** Spec 000 §8: the detail page's notice when the stock cannot cover the requested quantity. */
export const STOCK_NOTICE = 'No existe en inventario la cantidad solicitada.'
const LIMIT_NOTICE = unitLimitMessage(MAX_LINE_UNITS)

type CartProduct = Pick<
  ProductSummary,
  | 'id'
  | 'fotoPrincipal'
  | 'descripcion'
  | 'nombreTienda'
  | 'calificacion'
  | 'valorMoneda'
  | 'valor'
  | 'idTienda'
  | 'referencia'
  | 'iva'
  | 'descuento'
  | 'cantidad'
  | 'agotado'
>

/** The cart line of spec 000 §3 for `count` units of a product. */
export function cartLineOf(product: CartProduct, count: number): CartLine {
  return {
    id: product.id,
    image: product.fotoPrincipal,
    name: product.descripcion,
    store: product.nombreTienda,
    rating: product.calificacion,
    newPrice: product.valorMoneda,
    price: product.valor,
    idStore: product.idTienda,
    count,
    Referencia: product.referencia,
    Iva: product.iva,
    Descuento: product.descuento,
    existencia: product.cantidad,
  }
}

type Notice = { kind: 'stock' } | { kind: 'limit' } | { kind: 'added'; count: number } | null

/**
 * Quantity selector and "Agregar al carrito" (spec 000 §4): between 1 and the stock; a product already in the
 * cart gets one more unit, otherwise the chosen quantity is added, never above the stock. A sold-out product shows
 * `soldOutAction` (the page's "Avísame cuando llegue", issue 35) in place of the button.
 */
export function AddToCart({ product, soldOutAction }: { product: CartProduct; soldOutAction?: ReactNode }) {
  const lines = useCartLines()
  const inCart = lines.find((line) => line.id === product.id && line.talla === undefined)
  const stock = Math.max(0, product.cantidad)
  const soldOut = product.agotado || stock === 0
  const [quantity, setQuantity] = useState(1)
  const [draft, setDraft] = useState<string | null>(null)
  const [notice, setNotice] = useState<Notice>(null)
  const inputId = useId()
  const noticeId = useId()

  const changeQuantity = (requested: number) => {
    if (requested > stock) {
      setQuantity(Math.min(stock, MAX_LINE_UNITS))
      setNotice({ kind: stock > MAX_LINE_UNITS ? 'limit' : 'stock' })
      return
    }
    if (requested > MAX_LINE_UNITS) {
      setQuantity(MAX_LINE_UNITS)
      setNotice({ kind: 'limit' })
      return
    }
    setQuantity(Math.max(1, requested))
    setNotice(null)
  }

  const commitDraft = () => {
    if (draft === null) return
    const typed = Number.parseInt(draft, 10)
    setDraft(null)
    changeQuantity(Number.isNaN(typed) ? 1 : typed)
  }

  const add = () => {
    const count = inCart ? 1 : Math.min(quantity, stock, MAX_LINE_UNITS)
    if (inCart && inCart.count >= MAX_LINE_UNITS && inCart.count < stock) {
      setNotice({ kind: 'limit' })
      return
    }
    if (!addCartLine(cartLineOf(product, count))) {
      setNotice({ kind: 'stock' })
      return
    }
    setNotice({ kind: 'added', count })
    setQuantity(1)
  }

  if (soldOut) {
    return (
      <div className="flex flex-col gap-3">
        <p className="flex items-start gap-2 rounded-2xl bg-sand-100 px-4 py-3 text-sm text-ink-700">
          <InfoIcon className="mt-0.5 size-4 shrink-0" />
          <span>Este producto está agotado por ahora.</span>
        </p>
        {soldOutAction ?? (
          <button
            type="button"
            disabled
            className="inline-flex w-full cursor-not-allowed items-center justify-center rounded-full bg-sand-200 px-5 py-3 text-base font-semibold text-ink-600"
          >
            Agotado
          </button>
        )}
      </div>
    )
  }

  return (
    <div className="flex flex-col gap-3">
      {inCart ? (
        <p className="text-sm text-ink-600">
          Ya tienes {inCart.count} {inCart.count === 1 ? 'unidad' : 'unidades'} en tu{' '}
          <Link to={paths.cart} className="font-semibold text-brand-700 underline underline-offset-2">
            carrito
          </Link>
          . Al agregar sumas una más.
        </p>
      ) : (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <label htmlFor={inputId} className="text-sm font-medium text-ink-700">
            Cantidad
          </label>
          <div className="inline-flex items-center rounded-full border border-sand-300 bg-white">
            <button
              type="button"
              onClick={() => changeQuantity(quantity - 1)}
              disabled={quantity <= 1}
              aria-label="Disminuir cantidad"
              className="inline-flex size-11 items-center justify-center rounded-full text-ink-700 transition-colors hover:bg-sand-100 disabled:cursor-not-allowed disabled:opacity-40"
            >
              <MinusIcon className="size-4" />
            </button>
            <input
              id={inputId}
              type="text"
              inputMode="numeric"
              pattern="[0-9]*"
              autoComplete="off"
              value={draft ?? String(quantity)}
              onChange={(event) => setDraft(event.target.value.replace(/\D/g, '').slice(0, 4))}
              onBlur={commitDraft}
              onKeyDown={(event) => {
                if (event.key === 'Enter') commitDraft()
              }}
              aria-describedby={noticeId}
              className="w-12 bg-transparent text-center text-base font-semibold text-ink-900 tabular-nums outline-none focus-visible:rounded focus-visible:outline-2 focus-visible:outline-brand-600"
            />
            <button
              type="button"
              onClick={() => changeQuantity(quantity + 1)}
              aria-label="Aumentar cantidad"
              className="inline-flex size-11 items-center justify-center rounded-full text-ink-700 transition-colors hover:bg-sand-100"
            >
              <PlusIcon className="size-4" />
            </button>
          </div>
          <span className="text-sm text-ink-500">{stock <= 5 ? `¡Solo quedan ${stock}!` : `${stock} disponibles`}</span>
        </div>
      )}

      <button type="button" onClick={add} className={`${buttonStyles.primary} w-full py-3 text-base sm:w-auto`}>
        <BagIcon className="size-5" />
        Agregar al carrito
      </button>

      <div id={noticeId} role="status" aria-live="polite">
        {notice?.kind === 'stock' && (
          <p className="flex items-start gap-2 rounded-2xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
            <InfoIcon className="mt-0.5 size-4 shrink-0" />
            {STOCK_NOTICE}
          </p>
        )}
        {notice?.kind === 'limit' && (
          <p className="flex items-start gap-2 rounded-2xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
            <InfoIcon className="mt-0.5 size-4 shrink-0" />
            {LIMIT_NOTICE}
          </p>
        )}
        {notice?.kind === 'added' && (
          <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-2xl bg-brand-50 px-4 py-3 text-sm ring-1 ring-brand-200">
            <p className="flex items-center gap-2 font-semibold text-brand-800">
              <CheckIcon className="size-4 shrink-0" />
              Agregado al carrito
              <span className="font-normal text-ink-600">
                ({notice.count} {notice.count === 1 ? 'unidad' : 'unidades'})
              </span>
            </p>
            <Link to={paths.cart} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
              Ver carrito
            </Link>
          </div>
        )}
      </div>
    </div>
  )
}
