import { hydrate } from '@tanstack/react-query'
import { type ReactNode, StrictMode, startTransition, useEffect } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router/dom'
import { createQueryClient, Providers } from './providers'
import { createRouter } from './router'
import { decodeState } from './ssr-state'
import { SSR_STATE_ID } from './ssr-state-id'

const root = document.getElementById('root')
if (!root) throw new Error('Missing #root element')

// A public page arrives rendered by the server with its query cache (issue 16): the browser takes it over
// (hydration) instead of drawing it again; every other page is drawn here.
const serverState = decodeState(document.getElementById(SSR_STATE_ID)?.textContent ?? '')
const queryClient = createQueryClient()
if (serverState) hydrate(queryClient, serverState)
const router = await createRouter(serverState !== undefined)

/**
 * Marks the page as taken over by the app (`<html data-app-ready>`), for browser tests and tools to wait on.
 * A wrapper, not a sibling of the router: a sibling would shift the `useId` of everything the server rendered.
 */
function AppReady({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.dataset.appReady = ''
  }, [])
  return children
}

const app = (
  <StrictMode>
    <Providers client={queryClient}>
      <AppReady>
        <RouterProvider router={router} />
      </AppReady>
    </Providers>
  </StrictMode>
)
// In a transition, hydration yields to the browser every few milliseconds instead of one long task.
if (serverState) startTransition(() => void hydrateRoot(root, app))
else createRoot(root).render(app)
