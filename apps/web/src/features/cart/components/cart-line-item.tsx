import { ORDER_MESSAGES, unitLimitMessage } from '@piel/contracts/values'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { InfoIcon, MinusIcon, PlusIcon, TrashIcon } from '@/components/ui/page-icons'
import { ProductThumbnail } from '@/components/ui/product-thumbnail'
import { toast } from '@/components/ui/toast'
import { formatCop } from '@/lib/format'
import { paths } from '@/lib/paths'
import {
  type CartLine,
  decrementCartLine,
  incrementCartLine,
  MAX_LINE_UNITS,
  removeCartLine,
  setCartLineCount,
} from '../cart-store'
import { acknowledgePrice, type LineIssue } from '../quote'

const stepButton =
  'inline-flex size-10 items-center justify-center rounded-full text-ink-700 transition-colors hover:bg-sand-100 disabled:cursor-not-allowed disabled:opacity-40'

/**
 * A cart line (spec 000 §2): picture, name, line total, − / + and remove. A line the quote flagged says why it
 * blocks Comprar and offers the way out: see the new price, take the units left, or remove it.
 */
export function CartLineItem({ line, issue }: { line: CartLine; issue: LineIssue | undefined }) {
  const soldOut = issue?.kind === 'soldOut'
  const increment = () => {
    const result = incrementCartLine(line)
    if (result === 'stock') toast.info(ORDER_MESSAGES.noStockWarning)
    else if (result === 'limit') toast.info(unitLimitMessage(MAX_LINE_UNITS))
  }

  return (
    <article
      aria-label={line.name}
      className={`rounded-2xl border bg-white p-3 sm:p-4 ${issue ? 'border-clay-300' : 'border-sand-200'}`}
    >
      <div className="flex gap-3 sm:gap-4">
        <Link to={paths.productDetail(line.id)} tabIndex={-1} aria-hidden="true" className="shrink-0">
          <ProductThumbnail src={line.image} alt="" className={`size-20 sm:size-24 ${soldOut ? 'opacity-50' : ''}`} />
        </Link>
        <div className="flex min-w-0 flex-1 flex-col">
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <h3 className="text-sm leading-5 font-medium text-ink-900 sm:text-base">
                <Link
                  to={paths.productDetail(line.id)}
                  className="line-clamp-2 rounded hover:text-brand-700 hover:underline"
                >
                  {line.name}
                </Link>
              </h3>
              <p className="mt-0.5 text-sm text-ink-600 tabular-nums">
                {line.newPrice} <span className="text-ink-500">c/u</span>
              </p>
            </div>
            <button
              type="button"
              onClick={() => removeCartLine(line)}
              aria-label={`Quitar ${line.name} del carrito`}
              className="-mt-1.5 -mr-1.5 inline-flex size-10 shrink-0 items-center justify-center rounded-full text-ink-600 transition-colors hover:bg-clay-100 hover:text-clay-600"
            >
              <TrashIcon className="size-5" />
            </button>
          </div>

          <div className="mt-auto flex flex-wrap items-end justify-between gap-x-3 gap-y-2 pt-3">
            <fieldset
              disabled={soldOut}
              className="inline-flex items-center rounded-full border border-sand-300 bg-white"
            >
              <legend className="sr-only">Cantidad de {line.name}</legend>
              <button
                type="button"
                onClick={() => decrementCartLine(line)}
                disabled={line.count <= 1}
                aria-label={`Quitar una unidad de ${line.name}`}
                className={stepButton}
              >
                <MinusIcon className="size-4" />
              </button>
              <output aria-live="polite" className="min-w-8 text-center text-base font-semibold tabular-nums">
                <span className="sr-only">Cantidad: </span>
                {line.count}
              </output>
              <button
                type="button"
                onClick={increment}
                aria-label={`Agregar una unidad de ${line.name}`}
                className={stepButton}
              >
                <PlusIcon className="size-4" />
              </button>
            </fieldset>
            <p className="text-right">
              <span className="sr-only">Total de la línea: </span>
              <span className="text-base font-semibold text-ink-900 tabular-nums">
                {formatCop(line.price * line.count)}
              </span>
            </p>
          </div>
        </div>
      </div>
      {issue && <LineNotice line={line} issue={issue} />}
    </article>
  )
}

function LineNotice({ line, issue }: { line: CartLine; issue: LineIssue }) {
  const action =
    'shrink-0 rounded-full px-3 py-1.5 text-sm font-semibold text-clay-600 ring-1 ring-clay-300 hover:bg-white'
  let text: ReactNode
  let button: { label: string; onClick: () => void } | null
  if (issue.kind === 'soldOut') {
    text = 'Agotado — retíralo para continuar'
    button = { label: 'Retirar', onClick: () => removeCartLine(line) }
  } else if (issue.kind === 'limit') {
    text = unitLimitMessage(issue.max)
    button = { label: `Dejar ${issue.max}`, onClick: () => setCartLineCount(line, issue.max) }
  } else if (issue.kind === 'short') {
    text = issue.available === 1 ? 'Solo queda 1 unidad' : `Solo quedan ${issue.available} unidades`
    button = { label: `Dejar ${issue.available}`, onClick: () => setCartLineCount(line, issue.available) }
  } else {
    text = (
      <span>
        El precio cambió de <span className="whitespace-nowrap">{formatCop(issue.from)}</span> a{' '}
        <span className="whitespace-nowrap">{formatCop(issue.to)}</span>
      </span>
    )
    button = { label: 'Entendido', onClick: () => acknowledgePrice(line.id) }
  }
  return (
    <div className="mt-3 flex flex-wrap items-center justify-between gap-2 rounded-xl bg-clay-100/70 px-3 py-2.5">
      <p className="flex items-start gap-2 text-sm font-medium text-ink-900">
        <InfoIcon className="mt-0.5 size-4 shrink-0 text-clay-600" />
        {text}
      </p>
      {button && (
        <button type="button" onClick={button.onClick} aria-label={`${button.label}: ${line.name}`} className={action}>
          {button.label}
        </button>
      )}
    </div>
  )
}
