import type { IncomingMessage, ServerResponse } from 'node:http'
import { cardTokenData, issueCardToken, validateCardInput } from './cards'
import type { DoubleContext, RouteRequest } from './context'
import {
  type ErrorAnswer,
  notFoundError,
  readJsonObject,
  reasonError,
  sendData,
  sendError,
  sendJson,
  validationError,
} from './http-utils'
import { authenticate, isProductionKey, type KeyKind, WRONG_KEY_REASON } from './keys'
import { merchantInfo, PSE_BANKS } from './merchant'
import type { TransactionOrigin } from './transactions'
import { validateTransaction } from './validation'

function unauthorized(reason: string): ErrorAnswer {
  return reasonError(401, 'INVALID_ACCESS_TOKEN', reason)
}

/** Answers 401 and returns false when the request's key does not pass. */
function checkAuth(
  ctx: DoubleContext,
  req: IncomingMessage,
  res: ServerResponse,
  allowed: readonly KeyKind[],
  required: boolean,
): boolean {
  const auth = authenticate(req, ctx.keys, allowed, required)
  if (!auth.ok) sendError(res, unauthorized(auth.reason))
  return auth.ok
}

/**
 * `POST /v1/transactions` and the hosted checkout's `POST /p/transacciones` (same validation, but the
 * checkout may reuse a reference for reattempts, wompi.md §5.5).
 */
export async function createTransaction(
  ctx: DoubleContext,
  req: IncomingMessage,
  res: ServerResponse,
  origin: TransactionOrigin,
): Promise<void> {
  if (!checkAuth(ctx, req, res, ['public', 'private'], true)) return
  const body = await readJsonObject(req)
  if (!body.ok) return sendError(res, body.error)
  const outcome = validateTransaction(body.value, {
    acceptance: ctx.acceptance,
    cardToken: (id) => ctx.cardTokens.get(id),
    integritySecret: ctx.keys.integritySecret,
    isReferenceTaken: (reference) => origin === 'api' && ctx.store.isReferenceTaken(reference),
  })
  if (!outcome.ok) return sendError(res, outcome.error)
  const { input } = outcome
  if (origin === 'checkout') {
    const approved = ctx.store.list().some((s) => s.tx.reference === input.reference && s.tx.status === 'APPROVED')
    if (approved) return sendError(res, validationError({ reference: ['La referencia ya tiene un pago aprobado'] }))
  }
  ctx.acceptance.consume(input.acceptanceToken)
  ctx.acceptance.consume(input.personalAuthToken)
  const checkoutUrl = origin === 'checkout' ? checkoutReturnUrl(body.value.checkout_url) : null
  const tx = ctx.store.create(input, origin, ctx.publicBase(req), checkoutUrl)
  sendData(res, 201, tx)
}

/** The hosted checkout's own URL, to come back to after the PSE bank page (only a `/p/` page is kept). */
function checkoutReturnUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 4096) return null
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && /\/p\/?$/.test(url.pathname)
      ? url.toString()
      : null
  } catch {
    return null
  }
}

/** Routes under /v1. Returns false when nothing matches (the caller answers 404). */
export async function handleApi(
  ctx: DoubleContext,
  req: IncomingMessage,
  res: ServerResponse,
  route: RouteRequest,
): Promise<boolean> {
  const { method, segments, query } = route
  const [, resource, id, action, ...rest] = segments
  if (rest.length > 0) return false

  if (resource === 'merchants' && id !== undefined && action === undefined && method === 'GET') {
    if (id !== ctx.keys.publicKey) {
      sendError(res, isProductionKey(id) ? unauthorized(WRONG_KEY_REASON) : notFoundError())
      return true
    }
    sendData(res, 200, merchantInfo(ctx.merchant, ctx.acceptance, ctx.publicBase(req)))
    return true
  }

  if (resource === 'tokens' && id === 'cards' && action === undefined && method === 'POST') {
    if (!checkAuth(ctx, req, res, ['public'], true)) return true
    const body = await readJsonObject(req)
    if (!body.ok) {
      sendError(res, body.error)
      return true
    }
    const card = validateCardInput(body.value)
    if (!card.ok) {
      sendError(res, validationError(card.messages))
      return true
    }
    const token = issueCardToken(ctx.merchant.id, card)
    ctx.cardTokens.set(token.id, token)
    sendJson(res, 201, { status: 'CREATED', data: cardTokenData(token) })
    return true
  }

  if (resource === 'pse' && id === 'financial_institutions' && action === undefined && method === 'GET') {
    if (checkAuth(ctx, req, res, ['public', 'private'], false)) sendData(res, 200, PSE_BANKS)
    return true
  }

  if (resource !== 'transactions') return false

  if (id === undefined) {
    if (method === 'POST') {
      await createTransaction(ctx, req, res, 'api')
      return true
    }
    if (method !== 'GET') return false
    if (!checkAuth(ctx, req, res, ['private'], true)) return true
    const filters = ['reference', 'id', 'status', 'payment_method_type', 'customer_email'] as const
    let found = ctx.store.list().map((stored) => stored.tx)
    for (const filter of filters) {
      const value = query.get(filter)
      if (value !== null && value !== '') found = found.filter((tx) => tx[filter] === value)
    }
    if (query.get('order')?.toUpperCase() === 'DESC') found.reverse()
    sendData(res, 200, structuredClone(found))
    return true
  }

  if (action === undefined && method === 'GET') {
    if (!checkAuth(ctx, req, res, ['public', 'private'], false)) return true
    const stored = ctx.store.get(id)
    if (stored === undefined) sendError(res, notFoundError())
    else sendData(res, 200, structuredClone(stored.tx))
    return true
  }

  if (action === 'void' && method === 'POST') {
    if (!checkAuth(ctx, req, res, ['private'], true)) return true
    const body = await readJsonObject(req, true)
    if (!body.ok) {
      sendError(res, body.error)
      return true
    }
    const stored = ctx.store.get(id)
    if (stored === undefined) sendError(res, notFoundError())
    else sendData(res, 201, ctx.store.requestVoid(stored))
    return true
  }
  return false
}
