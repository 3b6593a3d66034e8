import { useState } from 'react'
import { buttonStyles } from '@/components/ui/button-styles'
import { CatalogImage } from '@/components/ui/catalog-image'
import { ModalDialog } from '@/components/ui/modal-dialog'
import type { RecommendedProduct } from '../chat-storage'
import { CHAT_TEXTS } from '../chat-texts'

type ProductsModalProps = {
  open: boolean
  products: RecommendedProduct[]
  onClose: () => void
  /** Ver detalles with the chosen products' ids (at least one). */
  onViewDetails: (ids: number[]) => void
}

/**
 * Spec 001 §2 "Productos recomendados": each product with its image and a checkbox, the instruction, `Ver detalles`
 * and `Cerrar`. Ver detalles without a choice says "Debes seleccionar al menos un producto antes de continuar.".
 */
export function ProductsModal({ open, products, onClose, onViewDetails }: ProductsModalProps) {
  const [chosen, setChosen] = useState<number[]>([])
  const [warning, setWarning] = useState(false)

  const toggle = (id: number) => {
    setWarning(false)
    setChosen((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]))
  }

  const viewDetails = () => {
    const known = products.map((p) => p.id).filter((id) => chosen.includes(id))
    if (known.length === 0) {
      setWarning(true)
      return
    }
    onViewDetails(known)
  }

  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title="Productos recomendados"
      description={CHAT_TEXTS.productsIntro}
      variant="form"
      closeLabel="Cerrar"
    >
      <fieldset className="px-5 pb-2 sm:px-6">
        <legend className="sr-only">Productos recomendados</legend>
        <ul className="grid max-h-[52dvh] gap-2 overflow-y-auto py-1 sm:grid-cols-2">
          {products.map((product) => {
            const checked = chosen.includes(product.id)
            return (
              <li key={product.id}>
                <label
                  className={`flex min-h-20 cursor-pointer items-center gap-3 rounded-2xl border p-2.5 transition-colors ${
                    checked ? 'border-brand-600 bg-brand-50' : 'border-sand-200 hover:border-sand-300'
                  }`}
                >
                  <input
                    type="checkbox"
                    checked={checked}
                    onChange={() => toggle(product.id)}
                    className="size-5 shrink-0 accent-brand-700"
                  />
                  <CatalogImage
                    src={product.url}
                    alt=""
                    sizes="56px"
                    width={56}
                    className="size-14 shrink-0 rounded-xl bg-sand-50 object-contain"
                  />
                  <span className="min-w-0">
                    <span className="line-clamp-2 text-sm font-semibold">{product.nombre}</span>
                    <span className="mt-0.5 line-clamp-2 text-xs text-ink-600">{product.razon}</span>
                  </span>
                </label>
              </li>
            )
          })}
        </ul>
      </fieldset>
      {warning && (
        <p role="alert" className="mx-5 rounded-xl bg-clay-100 px-3 py-2 text-sm font-medium text-ink-900 sm:mx-6">
          {CHAT_TEXTS.selectOne}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 px-5 pt-3 pb-5 sm:flex-row sm:justify-end sm:px-6">
        <button type="button" onClick={onClose} className={`${buttonStyles.secondary} min-h-11`}>
          Cerrar
        </button>
        <button type="button" onClick={viewDetails} className={`${buttonStyles.primary} min-h-11`}>
          Ver detalles
        </button>
      </div>
    </ModalDialog>
  )
}
