import { useRef, useState } from 'react'
import { buttonStyles } from '@/components/ui/button-styles'
import { ModalDialog } from '@/components/ui/modal-dialog'
import { type CartLine, clearCart, removeStoreLines } from '../cart-store'
import type { LineIssue } from '../quote'
import { CartLineItem } from './cart-line-item'

type CartLinesProps = {
  lines: readonly CartLine[]
  issues: ReadonlyMap<CartLine, LineIssue>
  /** A new quote is on its way (said to screen readers only: the figures stay until it lands). */
  refreshing: boolean
}

const quietButton = 'rounded-full px-3 py-1.5 text-sm font-medium text-ink-600 hover:bg-sand-100 hover:text-clay-600'

/**
 * The cart's lines (spec 000 §2), grouped by store when there are several, with "Vaciar carrito" (after asking) and
 * "Quitar los de esta tienda".
 */
export function CartLines({ lines, issues, refreshing }: CartLinesProps) {
  const stores = groupByStore(lines)
  const [confirmEmpty, setConfirmEmpty] = useState(false)
  const cancelEmptyRef = useRef<HTMLButtonElement>(null)

  return (
    <section aria-labelledby="cart-lines-title">
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 id="cart-lines-title" className="text-sm font-medium text-ink-600">
          {countLabel(lines)}
          {refreshing && <span className="sr-only"> (actualizando precios)</span>}
        </h2>
        <button type="button" onClick={() => setConfirmEmpty(true)} className={quietButton}>
          Vaciar carrito
        </button>
      </div>
      <div className="space-y-6">
        {stores.map((group) => (
          <section key={group.id} aria-label={stores.length > 1 ? `Productos de ${group.name}` : undefined}>
            {stores.length > 1 && (
              <div className="mb-2 flex items-center justify-between gap-3">
                <h3 className="font-semibold text-ink-900">{group.name}</h3>
                <button type="button" onClick={() => removeStoreLines(group.id)} className={quietButton}>
                  Quitar los de esta tienda
                </button>
              </div>
            )}
            <ul className="space-y-3">
              {group.lines.map((line) => (
                <li key={`${line.id}-${line.talla ?? ''}`}>
                  <CartLineItem line={line} issue={issues.get(line)} />
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>

      <ModalDialog
        open={confirmEmpty}
        onClose={() => setConfirmEmpty(false)}
        title="¿Vaciar el carrito?"
        description="Se quitarán todos los productos del carrito."
        initialFocusRef={cancelEmptyRef}
      >
        <div className="flex flex-col-reverse gap-3 px-5 pt-6 pb-5 sm:flex-row sm:justify-end sm:px-6 sm:pb-6">
          <button
            ref={cancelEmptyRef}
            type="button"
            onClick={() => setConfirmEmpty(false)}
            className={buttonStyles.secondary}
          >
            Cancelar
          </button>
          <button
            type="button"
            onClick={() => {
              clearCart()
              setConfirmEmpty(false)
            }}
            className={`${buttonStyles.primary} bg-clay-600 hover:bg-clay-600/90`}
          >
            Vaciar carrito
          </button>
        </div>
      </ModalDialog>
    </section>
  )
}

function countLabel(lines: readonly CartLine[]): string {
  const units = lines.reduce((sum, line) => sum + line.count, 0)
  return `${units} ${units === 1 ? 'producto' : 'productos'}`
}

function groupByStore(lines: readonly CartLine[]) {
  const groups: { id: number; name: string; lines: CartLine[] }[] = []
  for (const line of lines) {
    const group = groups.find((g) => g.id === line.idStore)
    if (group) group.lines.push(line)
    else groups.push({ id: line.idStore, name: line.store, lines: [line] })
  }
  return groups
}
