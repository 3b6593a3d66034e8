import { scrubErrorText } from '@piel/contracts'
import {
  createEventEnvelope,
  createStackParser,
  type Event,
  getEnvelopeEndpointWithUrlEncodedAuth,
  isRateLimited,
  makeDsn,
  type RateLimits,
  SDK_VERSION,
  type SdkInfo,
  serializeEnvelope,
  updateRateLimits,
  uuid4,
} from '@sentry/core'
import { nodeStackLineParser } from '@sentry/core/server'
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../../config'
import type { ShopMetrics } from '../../shared/metrics'
import type { ErrorForwarder, ScrubbedErrorReport } from './service'

/*
 * The error reports relayed to Sentry or GlitchTip (issue 33, docs/decisions/019): the server sends the
 * browsers' reports, already validated and scrubbed, with its own unexpected errors, one event each, as
 * an envelope to the DSN's envelope endpoint. Nothing about who was there is sent: no address, cookie,
 * header, body, person or session. Sending never makes a request wait or fail.
 */

/** How long a send may take; the report is dropped after it. */
export const SEND_TIMEOUT_MS = 5_000

export interface ForwardLimits {
  /** A fingerprint is sent once in this window; the back office counts every repeat. */
  repeatAfterMs: number
  /** Reports sent in any minute, whatever their fingerprints. */
  perMinute: number
}

export const FORWARD_LIMITS: ForwardLimits = { repeatAfterMs: 10 * 60_000, perMinute: 30 }

/** What the events say sent them (the SDK of an event); the version is the `@sentry/core` that built them. */
const SDK: SdkInfo = {
  name: 'piel.error-reports',
  version: SDK_VERSION,
  packages: [{ name: 'npm:@sentry/core', version: SDK_VERSION }],
  // The service must not take the sender's address as a user's (it is the shop's server anyway).
  settings: { infer_ip: 'never' },
}

/** Sentry keeps 200 characters of a tag's value. */
const tag = (text: string) => scrubErrorText(text).slice(0, 200)

/** V8's stack lines (the server's, and Chrome's and Edge's); other browsers' stacks are sent as text. */
const parseStack = createStackParser(nodeStackLineParser())

/** `TypeError: x is undefined` → its type and value; a message without a type keeps all of it as the value. */
function exceptionOf(report: ScrubbedErrorReport): { type: string; value: string } {
  const named = /^([A-Z][\w$]*(?:Error|Exception)): ([\s\S]*)$/.exec(report.message)
  if (named?.[1] && named[2] !== undefined) return { type: named[1], value: named[2] }
  return { type: report.kind === 'peticion' ? 'PeticionFallida' : 'Error', value: report.message }
}

/**
 * The Sentry event of a report that has already been scrubbed (`scrubErrorReport`). Every text is scrubbed once
 * more on its way out; the fingerprint (a hash) is the group's, so Sentry groups as the back office does.
 */
export function sentryEventOf(
  report: ScrubbedErrorReport,
  environment: string,
  now: number = Date.now(),
): Event & { event_id: string } {
  const { type, value } = exceptionOf(report)
  const stack = report.stack === null ? null : scrubErrorText(report.stack)
  const frames = stack === null ? [] : parseStack(stack)
  const page = report.page === null ? null : tag(report.page)
  return {
    event_id: uuid4(),
    timestamp: now / 1000,
    platform: report.source === 'navegador' ? 'javascript' : 'node',
    level: 'error',
    environment,
    ...(report.release === null ? {} : { release: scrubErrorText(report.release) }),
    fingerprint: [report.fingerprint],
    ...(page === null ? {} : { transaction: page }),
    exception: {
      values: [
        {
          type: scrubErrorText(type),
          value: scrubErrorText(value),
          mechanism: { type: report.source === 'navegador' ? 'piel.navegador' : 'piel.servidor', handled: false },
          ...(frames.length > 0 ? { stacktrace: { frames } } : {}),
        },
      ],
    },
    tags: {
      origen: report.source,
      tipo: report.kind,
      ...(page === null ? {} : { [report.source === 'navegador' ? 'pagina' : 'ruta']: page }),
    },
    // A stack in a form the parser does not read (Firefox's, Safari's) goes as text.
    ...(stack !== null && frames.length === 0 ? { extra: { pila: stack } } : {}),
  }
}

/** An error as the log may name it: its kind and code, never its message (which could hold the endpoint). */
function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return 'desconocido'
  const code = (error.cause as { code?: unknown } | undefined)?.code
  return typeof code === 'string' ? `${error.name} ${code}` : error.name
}

export interface SentryForwarderOptions {
  metrics?: Pick<ShopMetrics, 'errorForwards'>
  limits?: ForwardLimits
  /** Tests move the clock. */
  now?: () => number
}

/**
 * The forwarder of `SENTRY_DSN`, or none without it (then nothing is sent anywhere). Reports are sent one at a
 * time, in order, fire and forget: a fingerprint once in ten minutes, at most `perMinute` a minute, none while
 * the service asked to pause (a 429's `Retry-After` or `X-Sentry-Rate-Limits`). Failures are only logged,
 * never with the DSN.
 */
export function createSentryForwarder(
  config: Pick<Config, 'SENTRY_DSN' | 'SENTRY_ENVIRONMENT'>,
  log: FastifyBaseLogger,
  { metrics, limits = FORWARD_LIMITS, now = Date.now }: SentryForwarderOptions = {},
): ErrorForwarder | undefined {
  if (config.SENTRY_DSN === undefined) return undefined
  // config.ts checked the DSN's form, so `makeDsn` (which prints a DSN it cannot read) reads it.
  const dsn = makeDsn(config.SENTRY_DSN)
  if (!dsn) {
    log.warn('SENTRY_DSN unreadable: error reports are not relayed')
    return undefined
  }
  const endpoint = getEnvelopeEndpointWithUrlEncodedAuth(dsn, undefined, SDK)
  const count = (result: 'sent' | 'failed' | 'refused' | 'skipped') => metrics?.errorForwards.inc({ result })

  let rateLimits: RateLimits = {}
  let pausedLogged = false
  const lastSent = new Map<string, number>()
  const sentThisMinute: number[] = []
  const queue: Event[] = []
  let running: Promise<void> | null = null
  let closed = false
  const closing = new AbortController()

  const paused = () => isRateLimited(rateLimits, 'error', now())

  /** Whether the limits let this report go now; if so it counts against them. */
  function admit(report: ScrubbedErrorReport): boolean {
    const at = now()
    if (paused()) return false
    for (const [fingerprint, sentAt] of lastSent) {
      if (at - sentAt >= limits.repeatAfterMs) lastSent.delete(fingerprint)
    }
    if (lastSent.has(report.fingerprint)) return false
    while (sentThisMinute.length > 0 && at - (sentThisMinute[0] ?? 0) >= 60_000) sentThisMinute.shift()
    if (sentThisMinute.length >= limits.perMinute) return false
    lastSent.set(report.fingerprint, at)
    sentThisMinute.push(at)
    return true
  }

  async function send(event: Event): Promise<void> {
    // Asked to pause while this one waited its turn.
    if (paused()) return void count('skipped')
    try {
      // An envelope without attachments serialises as text.
      const envelope = serializeEnvelope(createEventEnvelope(event, dsn, { sdk: SDK }))
      const res = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-sentry-envelope' },
        body: typeof envelope === 'string' ? envelope : new TextDecoder().decode(envelope),
        signal: AbortSignal.any([AbortSignal.timeout(SEND_TIMEOUT_MS), closing.signal]),
      })
      await res.arrayBuffer().catch(() => undefined)
      // A 2xx may carry limits too (one category paused); a 429 without them pauses a minute.
      rateLimits = updateRateLimits(
        rateLimits,
        {
          statusCode: res.status,
          headers: {
            'x-sentry-rate-limits': res.headers.get('x-sentry-rate-limits'),
            'retry-after': res.headers.get('retry-after'),
          },
        },
        now(),
      )
      if (paused() && !pausedLogged) {
        pausedLogged = true
        log.warn({ status: res.status }, 'Sentry asked to pause: error reports are not relayed for a while')
      } else if (!paused()) {
        pausedLogged = false
      }
      if (res.ok) return void count('sent')
      if (res.status === 429) return void count('refused')
      count('failed')
      log.warn({ status: res.status }, 'error report refused by Sentry')
    } catch (error) {
      count('failed')
      log.warn({ reason: reasonOf(error) }, 'error report not relayed to Sentry')
    }
  }

  async function drain(): Promise<void> {
    for (let event = queue.shift(); event !== undefined && !closing.signal.aborted; event = queue.shift()) {
      await send(event)
    }
  }

  /** Sends what waits, one at a time (and again for a report that came as the last send ended). */
  function pump() {
    if (running !== null || closing.signal.aborted) return
    running = drain().finally(() => {
      running = null
      if (queue.length > 0) pump()
    })
  }

  return {
    forward(report) {
      try {
        // A service that answers slowly must not pile reports up here: as many wait as may go in a minute.
        if (closed || queue.length >= limits.perMinute || !admit(report)) return void count('skipped')
        queue.push(sentryEventOf(report, config.SENTRY_ENVIRONMENT, now()))
        pump()
      } catch (error) {
        // Relaying must never break the request that reports.
        log.warn({ reason: reasonOf(error) }, 'error report not relayed to Sentry')
      }
    },
    async close() {
      closed = true
      const timer = setTimeout(() => closing.abort(), SEND_TIMEOUT_MS)
      while (running !== null) await running
      clearTimeout(timer)
    },
  }
}
