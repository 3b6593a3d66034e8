import type { Config } from '../config'
import type { Database, Db } from '../db'
import type { ShopMetrics } from './metrics'

/**
 * The catalogue as other domains reach it: they say when they changed products' stock or units
 * sold (an order placed, paid, cancelled or expired), and the catalogue drops the answers of its
 * cache that show them. The catalogue's `createCatalogCache` makes one per app.
 */
export interface StockObserver {
  stockChanged(): void
}

/** One e-mail of the shop, in plain text and HTML (the mail domain's `renderMail` makes both). */
export interface MailMessage {
  to: string
  subject: string
  text: string
  html: string
  /**
   * The message carries a secret (a temporary password) valid until `expiresAt`; `text` and `html`
   * without it are what the outbox keeps once the message is on its way.
   */
  secret?: { expiresAt: Date; text: string; html: string }
}

/**
 * The shop's e-mail as domains reach it: they send a message, and the mail domain's `createMailer`
 * stores it in the outbox and delivers it (SMTP when configured).
 */
export interface Mailer {
  send(message: MailMessage): Promise<void>
  /** Resolves when every delivery started so far has finished (tests, shutdown). */
  idle(): Promise<void>
  close(): Promise<void>
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
