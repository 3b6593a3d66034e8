import { mkdirSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import { inject } from 'vitest'
import { buildApp } from '../../server/src/app'
import { loadConfig } from '../../server/src/config'
import { type Database, openDatabase } from '../../server/src/db'

/** Where browser tests leave their screenshots (git-ignored). */
export const SCREENSHOT_DIR = fileURLToPath(new URL('../../../test-results/screenshots', import.meta.url))
const WEB_DIST = fileURLToPath(new URL('../dist', import.meta.url))
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export const VIEWPORTS = {
  phone: { width: 375, height: 812 },
  desktop: { width: 1280, height: 800 },
} as const

export interface Shop {
  baseUrl: string
  storeName: string
  browser: Browser
  /** The shop's database, for a test that must set up a state the UI cannot reach (a profile lacking data). */
  database: Database
  close(): Promise<void>
}

/**
 * The real shop for a browser test: the built web app and the API in one process on a random
 * port, an in-memory database holding the demo catalogue, and Debian's Chromium.
 */
export async function startShop(): Promise<Shop> {
  const config = loadConfig({
    LOG_LEVEL: 'warn',
    SEED_DEMO_DATA: 'false',
    WEB_DIST_DIR: WEB_DIST,
    PORT: '0',
    HOST: '127.0.0.1',
  })
  // The demo catalogue was seeded once for the run (global-setup.ts); each file starts from a copy.
  const snapshot = new Blob([await readFile(inject('seededDatabase'))])
  const database = await openDatabase({ kind: 'pglite', snapshot })
  await database.migrate()
  const app = await buildApp({ config, database })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as AddressInfo
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
  mkdirSync(SCREENSHOT_DIR, { recursive: true })
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    storeName: config.STORE_NAME,
    browser,
    database,
    close: async () => {
      await browser.close()
      await app.close()
      await database.close()
    },
  }
}

/** A page in a fresh context that records console errors and failed requests, so a test can assert none. */
export async function openPage(shop: Shop, viewport: { width: number; height: number }) {
  const context: BrowserContext = await shop.browser.newContext({ viewport, locale: 'es-CO', baseURL: shop.baseUrl })
  const page: Page = await context.newPage()
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`)
  })
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
  page.on('response', (response) => {
    if (response.status() >= 500) problems.push(`HTTP ${response.status()} ${response.url()}`)
  })
  page.on('requestfailed', (request) => problems.push(`failed: ${request.url()} ${request.failure()?.errorText ?? ''}`))
  return { page, context, problems }
}
