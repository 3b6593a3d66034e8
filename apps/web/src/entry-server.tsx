import { AsyncLocalStorage } from 'node:async_hooks'
import type { CurrentStore, Session } from '@piel/contracts'
import { dehydrate, type Query, QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderToString } from 'react-dom/server'
import { StaticRouter } from 'react-router'
import { metaOfPage, type PageMeta, pageOfMatches, storeQueryKey } from './app/page-meta'
import { AppRoutes, matchPage, type PageMatch, preloadRoutes } from './app/route-tree'
import { routes } from './app/routes'
import { encodeState } from './app/ssr-state'
import { absolute, structuredData } from './app/structured-data'
import { ApiError, type ApiTransport, api, setApiTransport } from './lib/api-client'
import { sessionQuery } from './lib/session'

/**
 * The server's renderer of the public pages (issue 16): the page's HTML, its head tags and the query
 * cache the browser hydrates from. Built by Vite as a Node module (`npm run build`, `dist-ssr/`) and
 * called by the server (`plugins/web-app.ts`) for each page request.
 */

export type RenderRequest = {
  /** Path and query of the page. */
  url: string
  /** Answers one API call of the page inside the server, carrying the shopper's cookies. */
  api: ApiTransport
}

export type RenderedPage = {
  status: number
  /** Tags for `<head>`: title, description, canonical, Open Graph, Twitter, JSON-LD. */
  head: string
  /** The body of `#root`. */
  html: string
  /** The JSON data block of the query cache (`ssr-state.ts`). */
  state: string
}

const requestApi = new AsyncLocalStorage<ApiTransport>()
setApiTransport((url, init) => {
  const transport = requestApi.getStore()
  if (!transport) return Promise.reject(new Error('API call outside a server render'))
  return transport(url, init)
})

/** Passes over the tree to discover queries that depend on others (a list needs the store first). */
const MAX_PASSES = 4

/** A person's own data (favourites, addresses…) stays in their browser: the server renders it as loading. */
const isPersonal = (query: Query) => query.queryKey[0] === 'person' || query.queryKey[0] === 'session'

const isEnabled = (query: Query) => {
  const enabled = (query.options as { enabled?: unknown }).enabled
  return typeof enabled === 'function' ? enabled(query) !== false : enabled !== false
}

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404

/**
 * The page at `url`, or `null` when it is not a public page (the browser renders those) or could not be
 * rendered (the shell is sent instead and the browser renders it, as before).
 */
export async function render(request: RenderRequest): Promise<RenderedPage | null> {
  const url = new URL(request.url, 'http://tienda.local')
  const matches = matchPage(routes, url.pathname)
  if (!matches.at(-1)?.route.handle?.ssr) return null
  return requestApi.run(request.api, () => renderPage(url, matches))
}

async function renderPage(url: URL, matches: PageMatch[]): Promise<RenderedPage> {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false } },
  })
  queryClient.setQueryData(sessionQuery.queryKey, await currentPerson())

  // The page's modules (each loaded once per process) are here before the render, which never waits.
  await preloadRoutes(routes, url.pathname)
  const renderApp = () =>
    renderToString(
      <QueryClientProvider client={queryClient}>
        <StaticRouter location={`${url.pathname}${url.search}`}>
          <AppRoutes routes={routes} />
        </StaticRouter>
      </QueryClientProvider>,
    )

  let html = renderApp()
  for (let pass = 1; pass < MAX_PASSES; pass++) {
    const waiting = queryClient
      .getQueryCache()
      .findAll({ predicate: (query) => query.state.status === 'pending' && !isPersonal(query) && isEnabled(query) })
      .filter((query) => query.state.fetchStatus === 'idle')
    if (waiting.length === 0) break
    await Promise.all(waiting.map((query) => query.fetch().catch(() => undefined)))
    html = renderApp()
  }
  // A failure other than "not found" is the browser's to retry: the page is sent as loading, not failed.
  const failed = queryClient
    .getQueryCache()
    .findAll({ predicate: (query) => query.state.status === 'error' && !isNotFound(query.state.error) })
  if (failed.length > 0) {
    for (const query of failed) queryClient.getQueryCache().remove(query)
    html = renderApp()
  }

  const page = pageOfMatches(matches, url, queryClient)
  const meta = metaOfPage(page)
  const jsonLd = structuredData(page.handle?.structuredData, page.context)
  // The route's own status (the not-found page), or its address's (meta), or a page's data answered 404.
  const notFound = queryClient.getQueryCache().findAll({ predicate: (query) => isNotFound(query.state.error) })
  const status = matches.at(-1)?.route.handle?.status ?? meta.status ?? (notFound.length > 0 ? 404 : 200)
  const store = queryClient.getQueryData<CurrentStore>(storeQueryKey)
  const state = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) => query.state.status === 'success' || isNotFound(query.state.error),
  })
  return {
    status,
    head: renderHead(status === 404 ? { ...meta, noindex: true } : meta, store, jsonLd),
    html,
    state: encodeState(state),
  }
}

/** The session cookie's person, or null for a visitor; the page's calls carry the same cookies. */
async function currentPerson() {
  try {
    return (await api.get<Session>('/persona/Sesion')).persona
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null
    throw error
  }
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' }
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char)

/** JSON inside `<script>`: nothing in it may close the element or open a comment. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026')

export function renderHead(meta: PageMeta, store: CurrentStore | undefined, jsonLd: object[] = []): string {
  const tags: string[] = [`<title>${escapeHtml(meta.title)}</title>`]
  const metaTag = (attribute: 'name' | 'property', key: string, content: string | number | undefined) => {
    if (content !== undefined && content !== '') {
      tags.push(`<meta ${attribute}="${key}" content="${escapeHtml(String(content))}" />`)
    }
  }
  metaTag('name', 'description', meta.description)
  if (meta.noindex) metaTag('name', 'robots', 'noindex, follow')
  const canonical = meta.canonical && store ? absolute(meta.canonical, store) : undefined
  if (canonical) tags.push(`<link rel="canonical" href="${escapeHtml(canonical)}" />`)
  const image = meta.image && store ? absolute(meta.image, store) : undefined
  metaTag('property', 'og:type', meta.type)
  metaTag('property', 'og:site_name', store?.nombre)
  metaTag('property', 'og:locale', 'es_CO')
  metaTag('property', 'og:title', meta.title)
  metaTag('property', 'og:description', meta.description)
  metaTag('property', 'og:url', canonical)
  metaTag('property', 'og:image', image)
  metaTag('property', 'og:image:alt', image ? meta.imageAlt : undefined)
  if (meta.price !== undefined) {
    metaTag('property', 'product:price:amount', meta.price)
    metaTag('property', 'product:price:currency', 'COP')
  }
  metaTag('name', 'twitter:card', image ? 'summary_large_image' : 'summary')
  metaTag('name', 'twitter:title', meta.title)
  metaTag('name', 'twitter:description', meta.description)
  metaTag('name', 'twitter:image', image)
  for (const block of jsonLd) tags.push(`<script type="application/ld+json">${scriptJson(block)}</script>`)
  return tags.join('\n    ')
}
