import type { IncomingMessage, ServerResponse } from 'node:http'
import { createTransaction } from './api-routes'
import { checkoutPage, parseCheckoutParams } from './checkout-page'
import type { DoubleContext, RouteRequest } from './context'
import { readForm, redirect, sendHtml, sendText } from './http-utils'
import { ACCEPTANCE_DOCUMENTS } from './merchant'
import { errorPage } from './page-layout'
import { bankPage, correspondentLookupPage, correspondentPage, indexPage, outcomePage, termsPage } from './pages'
import { setPageHeaders } from './security'
import { bankPagePath, type StoredTransaction } from './transactions'
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

/** Refusal of the bank page without the payer's secret: the same for an unknown id, a wrong or a missing token. */
export const BANK_LINK_REFUSAL =
  'Este enlace del banco no es válido: le falta la clave del pago o no corresponde a ningún pago. Vuelve a la tienda y abre el enlace que te dio.'
export const CORRESPONDENT_MISSING = 'Escribe el convenio y la referencia de pago que te dio la tienda.'
export const CORRESPONDENT_NOT_FOUND =
  'No encontramos un pago en efectivo con ese convenio y esa referencia de pago. Revisa los números que te dio la tienda.'

async function readPageForm(req: IncomingMessage, res: ServerResponse): Promise<URLSearchParams | null> {
  const body = await readForm(req)
  if (body.ok) return body.form
  sendHtml(res, body.error.status, errorPage('Solicitud no válida', body.error.body.error.reason ?? ''))
  return null
}

/**
 * `pse/banco`: GET shows the bank, POST is the payer's choice. Both need the transaction id and the
 * token of the `async_payment_url` the shop sent the payer to; anything less changes nothing (404).
 */
async function bankRoute(ctx: DoubleContext, req: IncomingMessage, res: ServerResponse, route: RouteRequest) {
  let fields = route.query
  if (route.method === 'POST') {
    const form = await readPageForm(req, res)
    if (form === null) return
    fields = form
  }
  const id = fields.get('id')
  const token = fields.get('token')
  const stored = id === null || token === null ? undefined : ctx.store.forBankPage(id, token)
  if (stored === undefined || token === null) {
    return sendHtml(res, 404, errorPage('Enlace no válido', BANK_LINK_REFUSAL))
  }
  // Its form leads back to the checkout or to the shop's redirect_url (a redirect the CSP's form-action covers).
  setPageHeaders(res, { shopOrigins: ctx.shopOrigins, formTargets: [returnUrl(stored)] })
  if (route.method !== 'POST') return sendHtml(res, 200, bankPage(structuredClone(stored.tx), token, returnUrl(stored)))
  const action = fields.get('accion')
  if (action === 'pagar' || action === 'cancelar')
    ctx.store.resolveAtBank(stored, action === 'pagar' ? 'pay' : 'cancel')
  else if (stored.tx.status === 'PENDING') {
    return sendHtml(res, 422, errorPage('Acción no válida', 'Elige una de las acciones de la página.'))
  }
  redirect(res, 303, returnUrl(stored) ?? `banco?${new URLSearchParams({ id: stored.tx.id, token }).toString()}`)
}

/** Digits as a person types them: spaces, dots and dashes between groups do not count. */
function typedNumber(value: string | null): string {
  return (value ?? '').replace(/[\s.-]/g, '').slice(0, 64)
}

/**
 * `corresponsal`: the cashier asks for the agreement code and the payment reference the payer brings
 * (GET), shows the cash payment they match (POST `consultar`) and marks it paid (POST `pagar`). The
 * transaction id is not enough: only the payer was given the payment reference.
 */
async function correspondentRoute(ctx: DoubleContext, req: IncomingMessage, res: ServerResponse, route: RouteRequest) {
  if (route.method !== 'POST') return sendHtml(res, 200, correspondentLookupPage())
  const form = await readPageForm(req, res)
  if (form === null) return
  const typed = {
    agreementCode: typedNumber(form.get('convenio')),
    paymentReference: typedNumber(form.get('referencia')),
  }
  if (typed.agreementCode === '' || typed.paymentReference === '') {
    return sendHtml(res, 422, correspondentLookupPage(typed, CORRESPONDENT_MISSING))
  }
  const stored = ctx.store.forCorrespondent(typed.agreementCode, typed.paymentReference)
  if (stored === undefined) return sendHtml(res, 404, correspondentLookupPage(typed, CORRESPONDENT_NOT_FOUND))
  const target = returnUrl(stored)
  setPageHeaders(res, { shopOrigins: ctx.shopOrigins, formTargets: [target] })
  const action = form.get('accion')
  if (action === 'consultar') return sendHtml(res, 200, correspondentPage(structuredClone(stored.tx), target))
  if (action !== 'pagar')
    return sendHtml(res, 422, errorPage('Acción no válida', 'Elige una de las acciones de la página.'))
  if (stored.tx.status === 'PENDING') ctx.store.settle(stored.tx.id, 'APPROVED')
  if (target !== null) return redirect(res, 303, target)
  sendHtml(res, 200, outcomePage(structuredClone(stored.tx)))
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
        indexPage(
          ctx.control && !route.mounted
            ? ctx.store.list().map((stored) => ({
                tx: structuredClone(stored.tx),
                bankPath: stored.bankToken === null ? null : bankPagePath(stored.tx.id, stored.bankToken),
              }))
            : null,
        ),
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
      if (!isGet && method !== 'POST') return false
      await bankRoute(ctx, req, res, route)
      return true
    case '/corresponsal':
      if (!isGet && method !== 'POST') return false
      await correspondentRoute(ctx, req, res, route)
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
