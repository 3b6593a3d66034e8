import { DEFAULT_STORE_ID } from '@piel/contracts/values'
import { useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useCallback, useEffect, useSyncExternalStore } from 'react'
import { Outlet, useLocation } from 'react-router'
import { Toaster } from '@/components/ui/toast'
import { ChangePasswordHost, openChangePassword } from '@/features/accounts/components/change-password-host'
import { useCurrentUser } from '@/features/accounts/use-current-user'
import { useCurrentStore } from '@/features/store/api'
import { useNavigationPending } from '../app-router'
import { AssistantLauncher } from '../assistant/assistant-launcher'
import { metaForMatches } from '../page-meta'
import { usePageMatches } from '../route-tree'
import { ShopFooter } from './shop-footer'
import { ShopHeader } from './shop-header'

type ShopLayoutProps = { assistantSlot?: ReactNode }

/**
 * The tab title of the page shown (`page-meta.ts`, the same the server writes): it follows the route and
 * the page's data as it arrives (a product's name once the product is loaded).
 */
function useDocumentTitle() {
  const location = useLocation()
  const matches = usePageMatches()
  const queryClient = useQueryClient()
  const cache = queryClient.getQueryCache()
  const subscribe = useCallback((onChange: () => void) => cache.subscribe(() => onChange()), [cache])
  const readTitle = () => metaForMatches(matches, location, queryClient).title
  const title = useSyncExternalStore(subscribe, readTitle, readTitle)
  useEffect(() => {
    document.title = title
  }, [title])
}

/** The shop's frame (spec 000 §2): header, the page, footer; it also keeps the tab title in step. */
export function ShopLayout({ assistantSlot }: ShopLayoutProps) {
  const navigating = useNavigationPending()
  const { data: store, isPending } = useCurrentStore()
  const user = useCurrentUser()
  // Spec 000 §9 fixes the listed store (10018); the constant only stands in until `Tienda/Actual` answers.
  const storeId = store?.id ?? DEFAULT_STORE_ID

  useDocumentTitle()

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#contenido"
        className="sr-only z-50 rounded-full bg-brand-700 px-4 py-2 text-sm font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Saltar al contenido
      </a>
      {navigating && (
        <div
          role="progressbar"
          aria-label="Cargando página"
          // Shown only when the page takes a moment: most navigations finish before it would appear.
          className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden bg-brand-100 opacity-0 animate-[page-loading-appear_1ms_150ms_forwards]"
        >
          <div className="h-full w-1/3 bg-brand-600 motion-safe:animate-[page-loading_1.1s_ease-in-out_infinite]" />
        </div>
      )}
      <ShopHeader storeId={storeId} user={user} onChangePassword={openChangePassword} />
      <main id="contenido" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <ShopFooter
        store={store}
        loading={isPending}
        storeId={storeId}
        assistantSlot={assistantSlot ?? <AssistantLauncher user={user} />}
      />
      <ChangePasswordHost />
      <Toaster />
    </div>
  )
}
