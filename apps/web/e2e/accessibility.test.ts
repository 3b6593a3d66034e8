import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { ProductSummary } from '@piel/contracts'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { adminCookie, cookiesOf, newShopper } from './fixtures'
import { openPage, type Shop, startShop, VIEWPORTS } from './harness'

/**
 * Issue 35: axe-core's WCAG 2.2 A and AA rules over the shop's screens, the shopper's account and the back office
 * included, at phone and desktop size. The walk found one defect (a `<dl>` holding other elements than its terms
 * and descriptions on /AboutUs and /contacts); this keeps the count at zero.
 */

/** axe's source, evaluated in the page (the shop's Content-Security-Policy refuses an injected script tag, as it should). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

let shop: Shop
let shopper: Awaited<ReturnType<typeof newShopper>>
let orderId: number
let product: ProductSummary
let admin: string

beforeAll(async () => {
  shop = await startShop()
  shopper = await newShopper(shop)
  const res = await fetch(`${shop.baseUrl}/swagger/api/Tienda/ProductosPorTienda?IdTienda=10018&pagina=1&tamanio=20`)
  const list = ((await res.json()) as { productos: ProductSummary[] }).productos
  product = list.find((item) => !item.agotado) as ProductSummary
  ;({ idOrden: orderId } = await shopper.post<{ idOrden: number }>('orden/CrearOrden', {
    idDireccion: shopper.addressId,
    productos: [{ idProducto: product.id, cantidadComprada: 1 }],
  }))
  admin = await adminCookie(shop)
})
afterAll(() => shop?.close())

/** What axe finds on the page as it is: each rule broken, its impact and the first elements it names. */
async function violations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE)
  const found = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<unknown> } }).axe
    const result = (await axe.run(document, { runOnly: { type: 'tag', values: tags } })) as {
      violations: { id: string; impact: string; nodes: { target: string[] }[] }[]
    }
    return result.violations.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    )
  }, WCAG_TAGS)
  return found
}

const SCREENS: { who: 'visitor' | 'shopper' | 'admin'; path: () => string; ready: string }[] = [
  { who: 'visitor', path: () => '/home', ready: 'main' },
  { who: 'visitor', path: () => '/Catalogs', ready: 'main h1' },
  { who: 'visitor', path: () => '/storeProducts/10018', ready: 'main h1' },
  { who: 'visitor', path: () => `/detailProducts/${product.id}`, ready: 'main h1' },
  { who: 'visitor', path: () => '/AboutUs', ready: 'main h1' },
  { who: 'visitor', path: () => '/contacts', ready: 'main h1' },
  { who: 'visitor', path: () => '/login', ready: 'main h1' },
  { who: 'visitor', path: () => '/register', ready: 'main h1' },
  { who: 'visitor', path: () => '/cart', ready: 'main h1' },
  { who: 'visitor', path: () => '/documentos/terminos-y-condiciones', ready: 'main h1' },
  { who: 'visitor', path: () => '/no-existe', ready: 'main h1' },
  { who: 'shopper', path: () => '/infoProfile', ready: 'main h1' },
  { who: 'shopper', path: () => '/direccProfile', ready: 'main h1' },
  { who: 'shopper', path: () => '/order', ready: 'main h1' },
  { who: 'shopper', path: () => `/OrderDetail/${orderId}`, ready: 'main h1' },
  { who: 'shopper', path: () => `/PayMethod/${orderId}`, ready: 'main h1' },
  { who: 'shopper', path: () => `/TracingStepper/${orderId}`, ready: 'main h1' },
  { who: 'shopper', path: () => `/OrderDetail/${orderId}/recibo`, ready: 'main h1' },
  { who: 'admin', path: () => '/admin', ready: 'main h1' },
  { who: 'admin', path: () => '/admin/productos', ready: 'main h1' },
  { who: 'admin', path: () => '/admin/ordenes', ready: 'main h1' },
  { who: 'admin', path: () => '/admin/envios', ready: 'main h1' },
  { who: 'admin', path: () => '/admin/codigos', ready: 'main h1' },
  { who: 'admin', path: () => '/admin/correos', ready: 'main h1' },
  { who: 'admin', path: () => '/admin/opiniones', ready: 'main h1' },
]

describe.each(Object.entries(VIEWPORTS))('WCAG 2.2 A and AA at %s size', (_name, viewport) => {
  test('axe finds nothing on any screen', async () => {
    const found: Record<string, string[]> = {}
    for (const who of ['visitor', 'shopper', 'admin'] as const) {
      const { page, context, problems } = await openPage(shop, viewport)
      if (who === 'shopper') await context.addCookies(cookiesOf(shop, shopper.cookie))
      if (who === 'admin') await context.addCookies(cookiesOf(shop, admin))
      for (const screen of SCREENS.filter((item) => item.who === who)) {
        await page.goto(screen.path(), { waitUntil: 'networkidle' })
        await page.locator(screen.ready).first().waitFor()
        // Skeletons gone: the page's data is drawn.
        await page.waitForFunction(
          () => !document.querySelector('main [aria-busy="true"], main .animate-pulse'),
          null,
          {
            timeout: 10_000,
          },
        )
        const broken = await violations(page)
        if (broken.length > 0) found[screen.path()] = broken
      }
      expect(problems.filter((problem) => !problem.includes('404'))).toEqual([])
      await context.close()
    }
    expect(found).toEqual({})
  })
})
