import type { Clima } from '@piel/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useNavigate } from 'react-router'
import { buttonStyles } from '@/components/ui/button-styles'
import type { RecommendedProduct } from '@/features/assistant/chat-storage'
import { AssistantChat } from '@/features/assistant/components/assistant-chat'
import { addCartLine } from '@/features/cart/cart-store'
import { cartLineOf } from '@/features/cart/components/add-to-cart'
import { catalogDetailQueries } from '@/features/catalog/detail-api'
import { useCurrentStore } from '@/features/store/api'
import { whatsappUrl } from '@/features/store/contact-links'
import { paths } from '@/lib/paths'

type AssistantChatHostProps = {
  userKey: string | null
  clima: Clima
  uploadUrl: string | null
  /** The signed address of an account chat's QR code could not be had: say so, with a way to try again. */
  uploadLinkFailed?: boolean
  onRetryUploadLink?: () => void
  variant?: 'page' | 'panel'
  /** Called before leaving for the products (the bubble's panel closes). */
  onLeave?: () => void
}

/**
 * The chat with what other features give it: the product detail page for "Ver detalles", the cart for "Agregar
 * rutina al carrito" (one unit of each product of the routine still in stock), the store's WhatsApp for "Hablar con
 * una persona". Used by `/chatbot` and by the bubble's panel.
 */
export function AssistantChatHost({
  userKey,
  clima,
  uploadUrl,
  uploadLinkFailed = false,
  onRetryUploadLink,
  variant = 'page',
  onLeave,
}: AssistantChatHostProps) {
  const { data: store } = useCurrentStore()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const whatsapp = store?.whatsapp

  const addRoutine = useCallback(
    async (products: RecommendedProduct[]) => {
      let added = 0
      for (const { id } of products) {
        try {
          const product = await queryClient.fetchQuery(catalogDetailQueries.product(id))
          if (!product.agotado && addCartLine(cartLineOf(product, 1))) added += 1
        } catch {
          // A product that cannot be read now is skipped; the others still go in.
        }
      }
      return added
    },
    [queryClient],
  )

  if (uploadLinkFailed) {
    return (
      <div role="alert" className="rounded-3xl bg-white p-6 text-center ring-1 ring-sand-200">
        <p className="text-ink-800">No pudimos preparar el asistente. Revisa tu conexión e intenta de nuevo.</p>
        <button type="button" onClick={onRetryUploadLink} className={`${buttonStyles.primary} mt-4`}>
          Intentar de nuevo
        </button>
      </div>
    )
  }
  if (!userKey || !uploadUrl) {
    return (
      <div role="status" className="h-[50vh] animate-pulse rounded-3xl bg-sand-100">
        <span className="sr-only">Cargando el asistente</span>
      </div>
    )
  }
  return (
    <AssistantChat
      key={userKey}
      userKey={userKey}
      clima={clima}
      uploadUrl={uploadUrl}
      variant={variant}
      onViewDetails={(ids) => {
        onLeave?.()
        navigate(paths.productDetail(ids.join(',')))
      }}
      onAddRoutine={addRoutine}
      {...(whatsapp
        ? { humanHelpUrl: (context: string) => `${whatsappUrl(whatsapp)}?text=${encodeURIComponent(context)}` }
        : {})}
    />
  )
}
