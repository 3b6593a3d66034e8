import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { CSRF_COOKIE, CSRF_HEADER } from '../domains/accounts'
import { API_PREFIX } from './domains'
import type { Server } from './server'

/** What the web app's server renderer (`apps/web/src/entry-server.tsx`, built into `dist-ssr/`) exports. */
type Renderer = {
  render(request: {
    url: string
    api: (url: string, init: RequestInit) => Promise<Response>
  }): Promise<{ status: number; head: string; html: string; state: string } | null>
}

/**
 * The one POST a public page makes: the product list asks with its filter set in the body, and
 * changes nothing. A page's render may make no other call but GETs.
 */
const READ_ONLY_POSTS = new Set([`${API_PREFIX}/Producto/GetBySpecificFilters`])

/** The request headers a page's API calls carry on: who is asking, and in which language. */
const FORWARDED_HEADERS = ['cookie', 'host', 'accept-language', 'user-agent'] as const

/**
 * The shop's pages as HTML (issue 16). A public page (home, catalogues, product lists and details,
 * about, contact, legal documents, the not-found page) is rendered by the web app's own components on
 * the server, its data fetched through this same server (`inject`, with the shopper's cookies, so a
 * corporate client sees their prices), and sent with its head tags, its status (404 for an unknown
 * page or product) and the query cache the browser hydrates from. Every other page is the app's
 * shell, rendered in the browser. A page that cannot be rendered falls back to the shell.
 */
export function createPageRenderer(app: Server, webRoot: string, ssrEntry?: string) {
  const template = readFileSync(join(webRoot, 'index.html'), 'utf8')
  const entry = ssrEntry ?? resolve(webRoot, '../dist-ssr/entry-server.js')
  let renderer: Promise<Renderer | null> | undefined
  const loadRenderer = () => {
    renderer ??= existsSync(entry)
      ? (import(pathToFileURL(entry).href) as Promise<Renderer>).catch((error: unknown) => {
          app.log.error({ err: error }, 'el renderizador de páginas no cargó; las páginas se dibujan en el navegador')
          return null
        })
      : Promise.resolve(null)
    return renderer
  }

  const callApi = (request: FastifyRequest) => async (url: string, init: RequestInit) => {
    const method = init.method ?? 'GET'
    if (method !== 'GET' && !READ_ONLY_POSTS.has(url.split('?')[0] ?? '')) {
      throw new Error(`A page render may only read: ${method} ${url}`)
    }
    const headers: Record<string, string> = { ...(init.headers as Record<string, string> | undefined) }
    for (const name of FORWARDED_HEADERS) {
      const value = request.headers[name]
      if (typeof value === 'string') headers[name] = value
    }
    // The shopper's own session asks (its double-submit token from its cookie), for a read only.
    const csrf = request.cookies?.[CSRF_COOKIE]
    if (method === 'POST' && csrf) headers[CSRF_HEADER] = csrf
    const answer = await app.inject({
      method: method as 'GET' | 'POST',
      url,
      headers,
      ...(typeof init.body === 'string' && { payload: init.body }),
      remoteAddress: request.ip,
    })
    return new Response(answer.statusCode === 204 ? null : answer.payload, {
      status: answer.statusCode,
      statusText: answer.statusMessage,
      headers: { 'content-type': String(answer.headers['content-type'] ?? '') },
    })
  }

  return async function sendPage(request: FastifyRequest, reply: FastifyReply) {
    const render = await loadRenderer()
    let page: Awaited<ReturnType<Renderer['render']>> = null
    if (render) {
      try {
        page = await render.render({ url: request.url, api: callApi(request) })
      } catch (error) {
        request.log.error({ err: error }, 'la página no se pudo dibujar en el servidor; se envía la aplicación')
      }
    }
    if (!page) return reply.header('cache-control', 'no-cache').sendFile('index.html')
    const html = fillTemplate(template, page)
    // The query cache carries the time of each answer; what the page shows is what the tag stands for.
    const etag = `W/"${createHash('sha1').update(template).update(page.head).update(page.html).digest('base64url')}"`
    reply
      .status(page.status)
      .header('content-type', 'text/html; charset=utf-8')
      // The page may carry the shopper's own prices: shared caches keep none of it.
      .header('cache-control', request.headers.cookie ? 'private, no-cache' : 'no-cache')
      .header('vary', 'Cookie, Accept-Encoding')
      .header('etag', etag)
    if (page.status === 200 && request.headers['if-none-match'] === etag) return reply.status(304).send()
    return reply.send(html)
  }
}

/** The built `index.html` with the page's head tags in place of the shell's title and description. */
function fillTemplate(template: string, page: { head: string; html: string; state: string }) {
  return template
    .replace(/<title>[\s\S]*?<\/title>/, '')
    .replace(/<meta\s+name="description"[\s\S]*?\/>/, '')
    .replace('</head>', () => `    ${page.head}\n  </head>`)
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root">${page.html}</div>\n    <script type="application/json" id="piel-estado">${page.state}</script>`,
    )
}
