import type { IncomingMessage, ServerResponse } from 'node:http'
import { createTransaction } from './api-routes'
import { checkoutPage, parseCheckoutParams } from './checkout-page'
import type { DoubleContext, RouteRequest } from './context'
import { readForm, redirect, sendHtml, sendText } from './http-utils'
import { ACCEPTANCE_DOCUMENTS } from './merchant'
import { errorPage } from './page-layout'
import { bankPage, correspondentPage, indexPage, termsPage } from './pages'
import { setPageHeaders } from './security'
import type { StoredTransaction } from './transactions'
import { WIDGET_SCRIPT } from './widget-script'

/** Where the payer goes after the bank or the correspondent: the checkout, else the shop's redirect_url. */
function returnUrl(stored: StoredTransaction): string | null {
  const { tx } = stored
  const target = stored.origin === 'checkout' && stored.checkoutUrl !== null ? stored.checkoutUrl : tx.redirect_url
  if (target === null) return null
  try {
    const url = new URL(target)
    if (target === stored.checkoutUrl) url.searchParams.set('transaccion', tx.id)
    else {
      url.searchParams.set('id', tx.id)
      url.searchParams.set('env', 'test')
    }
    return url.toString()
  } catch {
    return null
  }
}

function notFoundPage(res: ServerResponse) {
  sendHtml(res, 404, errorPage('Transacción no encontrada', 'La entidad solicitada no existe'))
}

/** The simulator pages of one payment method (`pse/banco`, `corresponsal`): GET shows, POST acts. */
async function simulatorPage(
  ctx: DoubleContext,
  req: IncomingMessage,
  res: ServerResponse,
  route: RouteRequest,
  kind: 'PSE' | 'BANCOLOMBIA_COLLECT',
): Promise<void> {
  const selfPath = kind === 'PSE' ? 'banco' : 'corresponsal'
  let id = route.query.get('id')
  let action: string | null = null
  if (route.method === 'POST') {
    const body = await readForm(req)
    if (!body.ok)
      return sendHtml(res, body.error.status, errorPage('Solicitud no válida', body.error.body.error.reason ?? ''))
    id = body.form.get('id')
    action = body.form.get('accion')
  }
  const stored = id === null ? undefined : ctx.store.get(id)
  if (stored === undefined) return notFoundPage(res)
  if (stored.tx.payment_method_type !== kind) {
    return sendHtml(res, 422, errorPage('Medio de pago distinto', 'Esta transacción no usa este medio de pago.'))
  }
  // Its form leads back to the checkout or to the shop's redirect_url (a redirect the CSP's form-action covers).
  setPageHeaders(res, { shopOrigins: ctx.shopOrigins, formTargets: [returnUrl(stored)] })
  if (route.method !== 'POST') {
    const page = kind === 'PSE' ? bankPage : correspondentPage
    return sendHtml(res, 200, page(structuredClone(stored.tx), returnUrl(stored)))
  }
  if (kind === 'PSE' && (action === 'pagar' || action === 'cancelar')) {
    ctx.store.resolveAtBank(stored, action === 'pagar' ? 'pay' : 'cancel')
  } else if (kind === 'BANCOLOMBIA_COLLECT' && action === 'pagar' && stored.tx.status === 'PENDING') {
    ctx.store.settle(stored.tx.id, 'APPROVED')
  } else if (stored.tx.status === 'PENDING') {
    return sendHtml(res, 422, errorPage('Acción no válida', 'Elige una de las acciones de la página.'))
  }
  const target = returnUrl(stored)
  redirect(res, 303, target ?? `${selfPath}?id=${encodeURIComponent(stored.tx.id)}`)
}

/** Browser-facing routes: widget, hosted checkout, bank, correspondent, documents, index. */
export async function handlePages(
  ctx: DoubleContext,
  req: IncomingMessage,
  res: ServerResponse,
  route: RouteRequest,
  pathname: string,
): Promise<boolean> {
  const { method, query } = route
  const isGet = method === 'GET' || method === 'HEAD'
  switch (pathname) {
    case '/':
      if (!isGet) return false
      // The transactions (who pays what, links to settle them) only for tests, on the double's own port.
      sendHtml(
        res,
        200,
        indexPage(ctx.control && !route.mounted ? ctx.store.list().map((stored) => structuredClone(stored.tx)) : null),
      )
      return true
    case '/widget.js':
      if (!isGet) return false
      sendText(res, 200, 'application/javascript; charset=utf-8', WIDGET_SCRIPT)
      return true
    case '/p':
      if (!isGet) return false
      redirect(res, 301, `p/${query.toString() === '' ? '' : `?${query.toString()}`}`)
      return true
    case '/p/': {
      if (!isGet) return false
      const parsed = parseCheckoutParams(query, ctx.keys)
      if (!parsed.ok) {
        sendHtml(res, parsed.status, errorPage('No se puede mostrar el pago', parsed.message))
        return true
      }
      const { params } = parsed
      const approved = ctx.store
        .list()
        .find((stored) => stored.tx.reference === params.reference && stored.tx.status === 'APPROVED')
      const base = ctx.publicBase(req)
      // The widget shows it in an iframe of the shop's page: the shop may frame it, no one else.
      setPageHeaders(res, { shopOrigins: ctx.shopOrigins, framable: true })
      sendHtml(
        res,
        200,
        checkoutPage({
          params,
          approved: approved === undefined ? null : structuredClone(approved.tx),
          permalinks: {
            endUserPolicy: `${base}${ACCEPTANCE_DOCUMENTS.END_USER_POLICY.path}`,
            personalData: `${base}${ACCEPTANCE_DOCUMENTS.PERSONAL_DATA_AUTH.path}`,
          },
        }),
      )
      return true
    }
    case '/p/transacciones':
      if (method !== 'POST') return false
      await createTransaction(ctx, req, res, 'checkout')
      return true
    case '/pse/banco':
    case '/corresponsal':
      if (!isGet && method !== 'POST') return false
      await simulatorPage(ctx, req, res, route, pathname === '/pse/banco' ? 'PSE' : 'BANCOLOMBIA_COLLECT')
      return true
    case '/terminos/usuarios':
    case '/terminos/datos-personales':
      if (!isGet) return false
      sendHtml(res, 200, termsPage(pathname === '/terminos/usuarios' ? 'usuarios' : 'datos-personales'))
      return true
    default:
      return false
  }
}
