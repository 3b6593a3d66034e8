import type { IncomingMessage } from 'node:http'
import type { CardToken } from './cards'
import type { EventSender } from './events'
import type { AcceptanceTokens } from './merchant'
import type { TransactionStore } from './transactions'
import type { WompiBehaviour, WompiKeys, WompiMerchantSummary } from './types'

/** Everything the route handlers of one double share. */
export interface DoubleContext {
  keys: WompiKeys
  merchant: WompiMerchantSummary
  behaviour: WompiBehaviour
  store: TransactionStore
  events: EventSender
  acceptance: AcceptanceTokens
  cardTokens: Map<string, CardToken>
  /** Where browsers reach the double (no trailing slash): publicBaseUrl, else listen()'s URL, else the Host header. */
  publicBase(req: IncomingMessage): string
  setEventsUrl(url: string | null): void
  /** The shop's origins (option `shopOrigins`). */
  shopOrigins: string[]
  /** The `/__control` endpoints and the index's transaction list are on (option `control`, own port only). */
  control: boolean
}

/** A parsed request: `segments` of the path relative to the double's root, e.g. ['v1', 'transactions']. */
export interface RouteRequest {
  method: string
  segments: string[]
  query: URLSearchParams
  /** Arrived through `handle()` (mounted in a host server), not on the double's own port. */
  mounted: boolean
}
