import { mkdirSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { type AddressInfo, createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import { inject } from 'vitest'
import { buildApp } from '../../server/src/app'
import { loadConfig } from '../../server/src/config'
import { type Database, openDatabase } from '../../server/src/db'
import type { TestOidcProvider } from '../../server/test/oidc-provider'
import { startSmtpServer } from '../../server/test/smtp'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium'

/** Where browser tests leave their screenshots (git-ignored). */
export const SCREENSHOT_DIR = fileURLToPath(new URL('../../../test-results/screenshots', import.meta.url))
const WEB_DIST = fileURLToPath(new URL('../dist', import.meta.url))

export const VIEWPORTS = {
  phone: { width: 375, height: 812 },
  desktop: { width: 1280, height: 800 },
} as const

export interface Shop {
  baseUrl: string
  storeName: string
  browser: Browser
  /** The shop's administrator (`ADMIN_EMAIL`, `ADMIN_PASSWORD`), who calls the admin API in fixtures.ts. */
  admin: { email: string; password: string }
  /** The mail server the shop sends through (`SMTP_URL`): every message it delivered. */
  mail: Awaited<ReturnType<typeof startSmtpServer>>
  /** The OpenID Connect provider standing in for Google, when `startShop({ google: true })`. */
  google: TestOidcProvider | undefined
  /** The shop's database: for the one test door of fixtures.ts, never for the tests themselves. */
  database: Database
  close(): Promise<void>
}

/** The administrator the shop creates at start-up from its configuration. */
const ADMIN = { email: 'administracion@ejemplo.com', password: 'Admin2024' }
/** The shop's client at the Google stand-in. */
const GOOGLE_CLIENT = { clientId: 'piel-e2e', clientSecret: 'secreto-del-cliente-e2e' }

/** A TCP port that was free a moment ago, so that PUBLIC_URL can name the shop's real address before it listens. */
async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return port
}

/** Another Chromium (the shop's own stays as it is), for a test that needs switches of its own (a fake camera). */
export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...extraArgs] })
}

/**
 * The real shop for a browser test: the built web app and the API in one process on a random
 * port (also its PUBLIC_URL, so the addresses it hands out, such as a photo's `image_url`, work),
 * an in-memory database holding the demo catalogue, its administrator, a real SMTP server for its
 * mail, Debian's Chromium, and with `google` an OpenID Connect provider for "Accede con Google".
 */
export async function startShop(options: { google?: boolean; skinEngine?: boolean } = {}): Promise<Shop> {
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  const mail = await startSmtpServer()
  // Loaded only when asked for: oidc-provider is large and warns about the Node version on import.
  const google = options.google
    ? await (await import('../../server/test/oidc-provider')).startTestOidcProvider({
        ...GOOGLE_CLIENT,
        redirectUri: `${baseUrl}/swagger/api/login/google/callback`,
      })
    : undefined
  const config = loadConfig({
    LOG_LEVEL: 'warn',
    SEED_DEMO_DATA: 'false',
    WEB_DIST_DIR: WEB_DIST,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    // The other name a test's phone reaches the shop by (upload.test.ts, plain http from another address): its
    // pages may write only because it is listed, as a phone's address on the local network would be.
    ALLOWED_HOSTS: `tienda.piel.test:${port}`,
    SMTP_URL: mail.url,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ...(google && {
      GOOGLE_CLIENT_ID: GOOGLE_CLIENT.clientId,
      GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT.clientSecret,
      GOOGLE_ISSUER: google.issuer,
    }),
  })
  // The demo catalogue was seeded once for the run (global-setup.ts); each file starts from a copy.
  const snapshot = new Blob([await readFile(inject('seededDatabase'))])
  const database = await openDatabase({ kind: 'pglite', snapshot })
  await database.migrate()
  // The skin engine (as main.ts gives it) only for the tests that analyse a photo: it takes seconds to load.
  const skinAnalyzer = options.skinEngine ? await (await import('@piel/skin')).SkinEngine.create() : undefined
  const app = await buildApp({
    config,
    database,
    ...(google && { google: { allowHttpIssuer: true } }),
    ...(skinAnalyzer && { skinAnalyzer }),
  })
  await app.listen({ port, host: '127.0.0.1' })
  const browser = await launchChromium()
  mkdirSync(SCREENSHOT_DIR, { recursive: true })
  return {
    baseUrl,
    storeName: config.STORE_NAME,
    browser,
    admin: ADMIN,
    mail,
    google,
    database,
    close: async () => {
      await browser.close()
      await app.close()
      await database.close()
      await mail.close()
      await google?.close()
    },
  }
}

/** A page in a fresh context that records console errors and failed requests, so a test can assert none. */
export async function openPage(
  shop: Shop,
  viewport: { width: number; height: number },
  browser = shop.browser,
  { tour = false } = {},
) {
  // A shopper in Colombia: dates the page formats in the browser's zone read as the server's e-mails and instructions do.
  const context: BrowserContext = await browser.newContext({
    viewport,
    locale: 'es-CO',
    timezoneId: 'America/Bogota',
    baseURL: shop.baseUrl,
  })
  // The assistant's tour of a first visit to /home stays out of the way of tests about other things.
  if (!tour) await context.addInitScript(() => localStorage.setItem('asistenteTourVisto', 'true'))
  const page: Page = await context.newPage()
  // A server-rendered page is drawn before its script has taken it over: a test acts once the app is ready,
  // as a shopper's tap lands on a page that long has been (`<html data-app-ready>`, set by the app).
  for (const method of ['goto', 'reload'] as const) {
    const navigate = page[method].bind(page) as (...args: unknown[]) => ReturnType<Page['goto']>
    Object.assign(page, {
      [method]: async (...args: unknown[]) => {
        const response = await navigate(...args)
        await page.waitForSelector('html[data-app-ready]', { state: 'attached' })
        return response
      },
    })
  }
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`)
  })
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
  page.on('response', (response) => {
    if (response.status() >= 500) problems.push(`HTTP ${response.status()} ${response.url()}`)
  })
  page.on('requestfailed', (request) => {
    const error = request.failure()?.errorText ?? ''
    // A request the page itself cancelled is not a failure: a picture whose element left the page (a
    // list replaced while it loaded), or a query TanStack Query aborts when its screen goes away.
    // A server that fails answers differently (status ≥ 500 above, or a reset connection).
    if (error === 'net::ERR_ABORTED') return
    problems.push(`failed: ${request.url()} ${error}`)
  })
  return { page, context, problems }
}
