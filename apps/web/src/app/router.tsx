import { createBrowserRouter, matchRoutes } from 'react-router'
import { routes } from './routes'

/**
 * The browser's router. A page the server rendered is hydrated: the lazy modules of the routes it shows
 * are loaded first, so the first render in the browser is the server's, not a loading screen.
 */
export async function createRouter(hydrated: boolean) {
  if (hydrated) await loadMatchedRoutes(window.location.pathname)
  return createBrowserRouter(
    routes,
    hydrated ? { hydrationData: { loaderData: {}, actionData: null, errors: null } } : undefined,
  )
}

/** Resolves the lazy route modules matching `pathname` into their route objects. */
async function loadMatchedRoutes(pathname: string) {
  const matches = matchRoutes(routes, pathname) ?? []
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return
      const module = await route.lazy()
      Object.assign(route, { ...module, lazy: undefined })
    }),
  )
}
