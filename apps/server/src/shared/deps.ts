import type { Config } from '../config'
import type { Database, Db } from '../db'
import type { Mailer } from './mail'
import type { ShopMetrics } from './metrics'

/**
 * The catalogue as other domains reach it: they say when they changed products' stock or units
 * sold (an order placed, paid, cancelled or expired), and the catalogue drops the answers of its
 * cache that show them. The catalogue's `createCatalogCache` makes one per app.
 */
export interface StockObserver {
  stockChanged(): void
}

/** What every domain's routes receive (passed as plugin options, never read from globals). */
export interface Deps {
  config: Config
  db: Db
  database: Database
  /** Key that signs `apiTkn` bearer tokens. */
  tokenSecret: string
  /** This app's catalogue (its cached answers), told when stock changes. */
  catalog: StockObserver
  /** The shop's e-mail: the `mail_outbox` table, and SMTP when `SMTP_URL` is set. */
  mailer: Mailer
  /** The app's Prometheus registry and the counters domains keep (`GET /metrics`). */
  metrics: ShopMetrics
}
