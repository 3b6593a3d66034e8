import type { Config } from '../config'
import type { Database, Db } from '../db'
import type { CatalogCache } from './cache'
import type { Mailer } from './mail'

/** What every domain's routes receive (passed as plugin options, never read from globals). */
export interface Deps {
  config: Config
  db: Db
  database: Database
  /** Key that signs `apiTkn` bearer tokens. */
  tokenSecret: string
  /** Cached catalogue answers; whoever changes products or stock invalidates it. */
  catalogCache: CatalogCache
  /** The shop's e-mail: the `mail_outbox` table, and SMTP when `SMTP_URL` is set. */
  mailer: Mailer
}
