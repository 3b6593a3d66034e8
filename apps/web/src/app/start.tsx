import { hydrate } from '@tanstack/react-query'
import { type ReactNode, StrictMode, startTransition, useEffect } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { AppRouter } from './app-router'
import { createQueryClient, Providers } from './providers'
import { AppRoutes, preloadRoutes } from './route-tree'
import { routes } from './routes'
import { decodeState } from './ssr-state'
import { SSR_STATE_ID } from './ssr-state-id'

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

const preloadPage = (pathname: string) => void preloadRoutes(routes, pathname).catch(() => undefined)

/**
 * Starts the app on the page. Rejects when a page the server rendered cannot get its code (a deploy removed it):
 * the entry then reloads the new version. A function, not top-level `await`: Rolldown turns its chunk merging off
 * for a module graph with top-level `await`, and the first load was then cut into dozens of small files.
 */
export async function startApp() {
  const root = document.getElementById('root')
  if (!root) throw new Error('Missing #root element')

  // A public page arrives rendered by the server with its query cache (issue 16): the browser takes it over
  // (hydration) instead of drawing it again; every other page is drawn here.
  const serverState = decodeState(document.getElementById(SSR_STATE_ID)?.textContent ?? '')
  const queryClient = createQueryClient()
  if (serverState) hydrate(queryClient, serverState)
  // The page's modules are fetched side by side. A page the server rendered waits for them, so the browser's first
  // render is the server's, not a loading screen; another shows the loader, and a failure its crash screen.
  const preloading = preloadRoutes(routes, window.location.pathname)
  if (serverState) await preloading
  else preloading.catch(() => undefined)

  const app = (
    <StrictMode>
      <Providers client={queryClient}>
        <AppReady>
          <AppRouter onNavigate={preloadPage}>
            <AppRoutes routes={routes} />
          </AppRouter>
        </AppReady>
      </Providers>
    </StrictMode>
  )
  // In a transition, hydration yields to the browser every few milliseconds instead of one long task.
  if (serverState) startTransition(() => void hydrateRoot(root, app))
  else createRoot(root).render(app)
}
