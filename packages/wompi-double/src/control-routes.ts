import type { IncomingMessage, ServerResponse } from 'node:http'
import type { DoubleContext, RouteRequest } from './context'
import {
  notFoundError,
  readJsonObject,
  reasonError,
  sendData,
  sendError,
  type ValidationMessages,
  validationError,
} from './http-utils'
import { FINAL_STATUSES } from './transactions'
import type { FinalStatus, WompiBehaviour } from './types'

const NUMERIC_KNOBS = ['dropNextEvents', 'latencyMs', 'finalizeDelayMs', 'pseAutoFinalizeMs'] as const

/** Applies a partial behaviour after checking every field; nothing changes when one is wrong. */
function updateBehaviour(behaviour: WompiBehaviour, patch: Record<string, unknown>): ValidationMessages | null {
  const messages: ValidationMessages = {}
  const next: Partial<WompiBehaviour> = {}
  for (const [key, value] of Object.entries(patch)) {
    if ((NUMERIC_KNOBS as readonly string[]).includes(key)) {
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
        messages[key] = ['Debe ser un entero mayor o igual a 0']
      } else next[key as (typeof NUMERIC_KNOBS)[number]] = value
    } else if (key === 'duplicateEvents') {
      if (typeof value !== 'boolean') messages[key] = ['Debe ser true o false']
      else next.duplicateEvents = value
    } else messages[key] = ['Opción desconocida']
  }
  if (Object.keys(messages).length > 0) return messages
  Object.assign(behaviour, next)
  return null
}

/**
 * Control endpoints for tests that run the double in another process (documented in the README):
 * GET|POST /__control/behaviour, POST /__control/transactions/{id}/settle, GET /__control/transactions,
 * GET /__control/deliveries, POST /__control/events-url.
 */
export async function handleControl(
  ctx: DoubleContext,
  req: IncomingMessage,
  res: ServerResponse,
  route: RouteRequest,
): Promise<boolean> {
  const { method, segments } = route
  const [, resource, id, action, ...rest] = segments
  if (rest.length > 0) return false

  if (resource === 'behaviour' && id === undefined) {
    if (method === 'GET') {
      sendData(res, 200, { ...ctx.behaviour })
      return true
    }
    if (method !== 'POST') return false
    const body = await readJsonObject(req)
    if (!body.ok) sendError(res, body.error)
    else {
      const problems = updateBehaviour(ctx.behaviour, body.value)
      if (problems === null) sendData(res, 200, { ...ctx.behaviour })
      else sendError(res, validationError(problems))
    }
    return true
  }

  if (resource === 'deliveries' && id === undefined && method === 'GET') {
    sendData(res, 200, ctx.events.deliveries())
    return true
  }

  if (resource === 'transactions' && id === undefined && method === 'GET') {
    sendData(
      res,
      200,
      ctx.store.list().map((stored) => structuredClone(stored.tx)),
    )
    return true
  }

  if (resource === 'events-url' && id === undefined && method === 'POST') {
    const body = await readJsonObject(req)
    if (!body.ok) sendError(res, body.error)
    else if (
      body.value.url !== null &&
      (typeof body.value.url !== 'string' || !/^https?:\/\/\S+$/i.test(body.value.url))
    ) {
      sendError(res, validationError({ url: ['Debe ser una URL http(s) o null'] }))
    } else {
      ctx.setEventsUrl(body.value.url as string | null)
      sendData(res, 200, { url: body.value.url })
    }
    return true
  }

  if (resource === 'transactions' && id !== undefined && action === 'settle' && method === 'POST') {
    const body = await readJsonObject(req)
    if (!body.ok) {
      sendError(res, body.error)
      return true
    }
    const { status, statusMessage } = body.value
    const stored = ctx.store.get(id)
    if (stored === undefined) sendError(res, notFoundError())
    else if (typeof status !== 'string' || !(FINAL_STATUSES as readonly string[]).includes(status)) {
      sendError(res, validationError({ status: [`Debe ser uno de: ${FINAL_STATUSES.join(', ')}`] }))
    } else if (statusMessage !== undefined && statusMessage !== null && typeof statusMessage !== 'string') {
      sendError(res, validationError({ statusMessage: ['Debe ser un texto'] }))
    } else if (stored.tx.status !== 'PENDING') {
      sendError(res, reasonError(422, 'UNPROCESSABLE', `La transacción ya está en estado final (${stored.tx.status})`))
    } else {
      const message = typeof statusMessage === 'string' ? statusMessage : undefined
      sendData(res, 200, ctx.store.settle(id, status as FinalStatus, message))
    }
    return true
  }
  return false
}
