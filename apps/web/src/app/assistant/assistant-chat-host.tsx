import type { Clima } from '@piel/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useNavigate } from 'react-router'
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
  variant?: 'page' | 'panel'
  /** Called before leaving for the products (the bubble's panel closes). */
  onLeave?: () => void
}

/**
 * The chat with what other features give it: the product detail page for "Ver detalles", the cart for "Agregar
 * rutina al carrito" (one unit of each product of the routine still in stock), the store's WhatsApp for "Hablar con
 * una persona". Used by `/chatbot` and by the bubble's panel.
 */
export function AssistantChatHost({ userKey, clima, uploadUrl, variant = 'page', onLeave }: AssistantChatHostProps) {
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
