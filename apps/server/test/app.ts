import type { FastifyRequest } from 'fastify'
import { type BuildAppOptions, buildApp } from '../src/app'
import { type Config, loadConfig } from '../src/config'
import type { Database } from '../src/db'
import { createSessionResolver } from '../src/domains/accounts'
import type { Viewer } from '../src/shared/viewer'
import { openTestDatabase } from './database'

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>
  database: Database
  config: Config
  close(): Promise<void>
}

/**
 * A fresh app on its own migrated database, with no demo data: each test adds what it needs.
 * Requests are judged by their session cookie, as in production (see `test/session.ts` to
 * register and log in). As a shortcut, `viewers` maps a test header value (`x-test-viewer`) to a
 * viewer the request runs as without a session (and without the CSRF check that comes with one).
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  viewers: Record<string, Viewer> = {},
  options: Pick<BuildAppOptions, 'skinAnalyzer' | 'photoAnalysis' | 'wompi' | 'paymentWaitMs'> & {
    /** A database of the test's own (one whose statements it records, say); by default a fresh one. */
    database?: Database
    /** Routes of the test's own, added before the app is ready (one that throws, say). */
    routes?: (app: TestApp['app']) => void
  } = {},
): Promise<TestApp> {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    SEED_DEMO_DATA: 'false',
    ORDER_EXPIRY_SWEEP: 'false',
    PHOTO_RETENTION_SWEEP: 'false',
    PAYMENT_RECONCILE_SWEEP: 'false',
    DB_MAINTENANCE: 'false',
    BACKUP_EVERY: '0',
    // The tests' few shoppers place many orders each, all from 127.0.0.1; the caps are tested in hoarding.test.ts and holds.test.ts.
    ORDER_MAX_UNPAID: '100',
    ORDER_MAX_HELD_UNITS_PER_PERSON: '1000000',
    ORDER_MAX_HELD_UNITS_PER_ADDRESS: '1000000',
    // Every test registers its shoppers from 127.0.0.1; the limit itself is tested in accounts/registration-limit.test.ts.
    REGISTRATIONS_PER_ADDRESS_HOUR: '1000000',
    REGISTRATIONS_PER_ADDRESS_DAY: '1000000',
    ...env,
  })
  const { database = await openTestDatabase(), routes, ...appOptions } = options
  const sessions = createSessionResolver(database.db)
  const resolveViewer = async (request: FastifyRequest) => {
    const key = request.headers['x-test-viewer']
    return typeof key === 'string' ? (viewers[key] ?? null) : sessions(request)
  }
  const app = await buildApp({ config, database, resolveViewer, ...appOptions })
  routes?.(app)
  await app.ready()
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close()
      await database.close()
    },
  }
}

/** Sandbox-shaped Wompi keys, for configurations of a public https site (which must name its Wompi). */
export const WOMPI_SANDBOX_KEYS = {
  WOMPI_PUBLIC_KEY: 'pub_test_X0zDA9xoKdePzhd8a0x9HAez7HgGO2fH',
  WOMPI_PRIVATE_KEY: 'prv_test_434092Xa65F54dd6a181D1f87DFa03CzS',
  WOMPI_INTEGRITY_SECRET: 'test_integrity_ep4b3kSYJg2bWHwL7ulhPCDvaiyGDW7V',
  WOMPI_EVENTS_SECRET: 'test_events_Y49rL5FGw4vTeiUaZaJ957hlpezdPQ0r',
} as const
