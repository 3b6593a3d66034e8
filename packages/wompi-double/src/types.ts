import type { IncomingMessage, ServerResponse } from 'node:http'

export type WompiStatus = 'PENDING' | 'APPROVED' | 'DECLINED' | 'VOIDED' | 'ERROR'
export type FinalStatus = Exclude<WompiStatus, 'PENDING'>

export interface WompiDoubleOptions {
  /** Default: generated `pub_test_` + 32 alphanumerics. */
  publicKey?: string
  /** Default: generated `prv_test_…`. */
  privateKey?: string
  /** Default: generated `test_integrity_…`. */
  integritySecret?: string
  /** Default: generated `test_events_…`. */
  eventsSecret?: string
  /** Where `transaction.updated` events are POSTed; null = none. */
  eventsUrl?: string | null
  /** Absolute URL (or path like '/wompi-pruebas') at which BROWSERS reach this double: used in permalinks, async_payment_url, widget iframe. Default: the URL returned by listen(). */
  publicBaseUrl?: string
  /** Card/Nequi PENDING → final after this; default 1000. */
  finalizeDelayMs?: number
  /** PSE finalizes on its own after this if the payer never confirms on the bank page; default 120000. */
  pseAutoFinalizeMs?: number
  /** Default [1_800_000, 10_800_000, 86_400_000] (30 min, 3 h, 24 h); tests compress. */
  eventRetryDelaysMs?: number[]
  /** Accept self-signed TLS when delivering events to an https:// loopback URL. */
  insecureEventsTls?: boolean
  /**
   * The shop's addresses (their origins are kept): the only other site whose pages may call the API
   * (CORS), post to the pages and frame the checkout. Default: none (only the double's own pages).
   */
  shopOrigins?: readonly string[]
  /**
   * Serve the `/__control` endpoints (tests running the double in another process) on the double's own
   * port, which must then be a loopback one. Never served through `handle()`. Default false.
   */
  control?: boolean
}

export interface WompiKeys {
  publicKey: string
  privateKey: string
  integritySecret: string
  eventsSecret: string
}

export interface WompiBehaviour {
  dropNextEvents: number
  duplicateEvents: boolean
  latencyMs: number
  finalizeDelayMs: number
  pseAutoFinalizeMs: number
}

export interface WompiMerchantSummary {
  id: number
  name: string
  legal_name: string
  contact_name: string
  phone_number: string
  logo_url: string | null
  legal_id_type: string
  email: string
  legal_id: string
  public_key: string
}

export interface WompiPaymentMethod {
  type: string
  extra: Record<string, unknown>
  [field: string]: unknown
}

/** The transaction object exactly as `GET /v1/transactions/{id}` returns it under `data` (wompi.md §7.2). */
export interface WompiTransaction {
  id: string
  created_at: string
  finalized_at: string | null
  amount_in_cents: number
  reference: string
  customer_email: string
  currency: string
  payment_method_type: string
  payment_method: WompiPaymentMethod
  status: WompiStatus
  status_message: string | null
  billing_data: null
  shipping_address: Record<string, unknown> | null
  redirect_url: string | null
  payment_source_id: number | null
  payment_link_id: string | null
  customer_data: Record<string, unknown> | null
  bill_id: string | null
  taxes: unknown[]
  tip_in_cents: number | null
  merchant: WompiMerchantSummary
}

/** One delivery attempt of a `transaction.updated` event (or one dropped event). */
export interface EventDelivery {
  eventId: string
  transactionId: string
  status: WompiStatus
  url: string
  /** 1 for the first attempt, 2 for the first retry, … */
  attempt: number
  /** ISO time of the attempt. */
  at: string
  /** HTTP status answered by the receiver, when it answered. */
  httpStatus?: number
  /** Network error, timeout or TLS error, when it did not answer. */
  error?: string
  /** The event was lost on purpose (`behaviour.dropNextEvents`). */
  dropped?: boolean
  /** Second copy sent because `behaviour.duplicateEvents` was on. */
  duplicate?: boolean
}

export interface WompiDouble {
  readonly keys: WompiKeys
  /** Handles one request whose URL path is relative to the double's root (e.g. '/v1/transactions', '/widget.js'). Lets a host server mount the double under a prefix: host strips the prefix, passes raw req/res (body not yet read). Never serves `/__control`. */
  handle(req: IncomingMessage, res: ServerResponse, path: string): void
  /** Listens on its own port (default 0 = any free) on host (default 127.0.0.1); resolves its base URL, e.g. 'http://127.0.0.1:43210'. API base is `${url}/v1`. With `control`, host must be a loopback one (else it rejects). */
  listen(port?: number, host?: string): Promise<string>
  setEventsUrl(url: string | null): void
  /** Reliability knobs: change at any time. */
  behaviour: WompiBehaviour
  /** Force a PENDING transaction to a final status (cash paid at the correspondent, tests). Emits the event. */
  settle(transactionId: string, status: FinalStatus, statusMessage?: string): void
  /** The stored transaction object, as GET returns it (a copy). */
  transaction(id: string): WompiTransaction | undefined
  transactions(): WompiTransaction[]
  /** Every delivery attempt: { eventId, transactionId, status, url, httpStatus | error, attempt, at }. */
  deliveries(): EventDelivery[]
  /** Stops timers (finalization, retries) and the listener if any. */
  close(): Promise<void>
}
