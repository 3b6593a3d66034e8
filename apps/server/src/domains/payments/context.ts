import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../../config'
import type { Db } from '../../db'
import type { Mailer, StockObserver } from '../../shared/deps'
import type { WompiGateway } from './gateway'

/** What the payment flows need; built once by the routes. */
export interface PaymentsContext {
  db: Db
  gateway: WompiGateway
  config: Pick<Config, 'PUBLIC_URL' | 'STORE_NAME' | 'ORDER_EXPIRY_HOURS'>
  mailer: Mailer
  /** Told when a payment moved products' units sold. */
  catalog: StockObserver
  log: FastifyBaseLogger
  /** How long a payment call waits for Wompi's outcome before answering PENDING (card, Nequi). */
  waitMs?: number
}
