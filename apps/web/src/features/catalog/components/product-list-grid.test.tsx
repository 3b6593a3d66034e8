import type { FilterSet, ProductPage } from '@piel/contracts'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { product, productPage, store } from '@/testing/fixtures'
import { renderRoutes } from '@/testing/render'
import { apiPath, server } from '@/testing/server'
import { catalogQueries } from '../api'
import { useProductList } from '../use-product-list'
import { ProductListGrid } from './product-list-grid'

/**
 * The infinite list with a page laid out as in a browser: four cards a row, 600 px a row, a tall footer after the
 * list, and a viewport of 800 px (happy-dom's) that the test scrolls. happy-dom lays nothing out and its
 * IntersectionObserver never reports, so both are played here from that geometry.
 */
const VIEWPORT = 800
const GRID_TOP = 100
const ROW = 600
const COLUMNS = 4
/** "Mostrando…", the button, the footer: what lies between the list's end and the bottom of the page. */
const BELOW_THE_LIST = 1500

/** 40 products: pages of 12, 12, 12 and 4. */
const catalogue = Array.from({ length: 40 }, (_, i) => product(201 + i, `Producto ${i + 1}`))

let scrollY = 0
/** Scroll anchoring as Chrome does it at the bottom of a page: whatever grows above, the bottom stays in view. */
let anchored = false
const currentScrollY = () => (anchored ? Math.max(0, pageHeight() - VIEWPORT) : scrollY)
const cardCount = () => document.querySelectorAll('article').length
/** Where the sentinel after the grid is, from the top of the page. */
const sentinelOffset = () => GRID_TOP + Math.ceil(cardCount() / COLUMNS) * ROW + 32
const pageHeight = () => sentinelOffset() + BELOW_THE_LIST

function rectAt(top: number): DOMRect {
  return { top, bottom: top + 1, left: 0, right: 1280, width: 1280, height: 1, x: 0, y: top, toJSON: () => ({}) }
}

/** An IntersectionObserver that reports, like a browser's, on observing and whenever `isIntersecting` changes. */
class FakeIntersectionObserver {
  static all = new Set<FakeIntersectionObserver>()
  private readonly last = new Map<Element, boolean>()
  private readonly bottomMargin: number

  constructor(
    private readonly callback: IntersectionObserverCallback,
    options: IntersectionObserverInit = {},
  ) {
    // The bottom of the root margin, in px or % of the viewport ("0px 0px 100% 0px").
    const bottom = (options.rootMargin ?? '0px').split(/\s+/)[2] ?? '0px'
    this.bottomMargin = bottom.endsWith('%') ? (Number.parseFloat(bottom) / 100) * VIEWPORT : Number.parseFloat(bottom)
    FakeIntersectionObserver.all.add(this)
  }

  observe(target: Element) {
    this.last.delete(target)
    this.check(target)
  }

  disconnect() {
    FakeIntersectionObserver.all.delete(this)
    this.last.clear()
  }

  unobserve(target: Element) {
    this.last.delete(target)
  }

  takeRecords() {
    return []
  }

  /** What a browser does on the next frame: report the targets whose intersection changed. */
  check(target?: Element) {
    for (const element of target ? [target] : [...this.last.keys()]) {
      const rect = element.getBoundingClientRect()
      const isIntersecting = rect.bottom >= 0 && rect.top <= VIEWPORT + this.bottomMargin
      const changed = this.last.get(element) !== isIntersecting
      this.last.set(element, isIntersecting)
      if (!changed) continue
      const entry = { target: element, isIntersecting, boundingClientRect: rect } as IntersectionObserverEntry
      setTimeout(() => {
        if (FakeIntersectionObserver.all.has(this)) this.callback([entry], this as unknown as IntersectionObserver)
      })
    }
  }
}

/** The shopper moves the page to `y` (a wheel, a fling, the End key): frames are drawn, then the scroll ends. */
async function scrollTo(y: number) {
  scrollY = Math.max(0, Math.min(y, pageHeight() - VIEWPORT))
  await act(async () => {
    for (const observer of FakeIntersectionObserver.all) observer.check()
    await new Promise((resolve) => setTimeout(resolve))
    window.dispatchEvent(new Event('scroll'))
    window.dispatchEvent(new Event('scrollend'))
  })
}

type Request = { page: number; at: number }

/** `GetBySpecificFilters` answering from `catalogue` after `delayMs`, recording each request. */
function listApi(delayMs = 0) {
  const requests: Request[] = []
  let inFlight = 0
  let mostInFlight = 0
  server.use(
    http.post<never, FilterSet, ProductPage>(apiPath('/Producto/GetBySpecificFilters'), async ({ request }) => {
      const page = Number(new URL(request.url).searchParams.get('pagina'))
      requests.push({ page, at: Date.now() })
      inFlight++
      mostInFlight = Math.max(mostInFlight, inFlight)
      await new Promise((resolve) => setTimeout(resolve, delayMs))
      inFlight--
      return HttpResponse.json(productPage(catalogue.slice((page - 1) * 12, page * 12), page, catalogue.length))
    }),
  )
  return { pages: () => requests.map((request) => request.page), mostInFlight: () => mostInFlight }
}

function List() {
  const list = useProductList(catalogQueries.filtered({ IdTienda: store.id, sort: 'DEFAULT', opciones: [] }))
  return (
    <ProductListGrid
      list={list}
      label="Productos"
      loading={{ count: 12, label: 'Cargando productos…' }}
      loadingCards={4}
      failed={() => <p>Falló</p>}
      empty={<p>Vacío</p>}
      loggedIn={false}
    />
  )
}

const renderList = async () => {
  await renderRoutes([{ path: '/storeProducts/:id', Component: List }], '/storeProducts/10018')
  return screen.findByRole('list', { name: 'Productos' })
}

/** A moment for anything that would still load by itself. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 100)))

beforeEach(() => {
  scrollY = 0
  anchored = false
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver)
  const original = HTMLElement.prototype.getBoundingClientRect
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    return this.hasAttribute('data-list-end') ? rectAt(sentinelOffset() - currentScrollY()) : original.call(this)
  })
})

afterEach(() => {
  vi.unstubAllGlobals()
  FakeIntersectionObserver.all.clear()
})

/** A page arrives after fake network delays and a scroll's end: slow on a busy machine, so waited for generously. */
const LOADED = { timeout: 5_000 }

describe('the infinite product list', () => {
  test('the End key (a jump past the list and the footer) loads the next pages until the screen is filled', async () => {
    // Pages take a moment to arrive, so the jump itself is seen before the page it asks for moves the list.
    const api = listApi(200)
    const list = await renderList()
    expect(within(list).getAllByRole('article')).toHaveLength(12)
    await settle()
    expect(api.pages()).toEqual([1])

    // End: from the top straight to the bottom of the page; the sentinel is never in sight during a frame.
    await scrollTo(Number.POSITIVE_INFINITY)
    expect(sentinelOffset() - scrollY).toBeLessThan(0)
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(24), LOADED)
    // Page 2 pushed the sentinel down, but still within the look-ahead below the viewport: page 3 follows by itself.
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(36), LOADED)
    await settle()
    // Now the list reaches well below the viewport: nothing more until the shopper scrolls on.
    expect(api.pages()).toEqual([1, 2, 3])
    expect(sentinelOffset() - scrollY).toBeGreaterThan(2 * VIEWPORT)
  })

  test('scrolling down loads one page at a time, never two requests at once, and stops at the last page', async () => {
    const api = listApi(50)
    const list = await renderList()
    await settle()
    expect(api.pages()).toEqual([1])

    // A fling that ends a little short of the list's end: the observer's look-ahead starts page 2.
    await scrollTo(sentinelOffset() - VIEWPORT - 200)
    // More scrolling while page 2 is on its way asks for nothing more.
    await scrollTo(scrollY + 100)
    await scrollTo(scrollY + 100)
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(24), LOADED)
    await settle()
    expect(api.pages()).toEqual([1, 2])

    for (const count of [36, 40]) {
      await scrollTo(sentinelOffset())
      await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(count), LOADED)
    }
    await scrollTo(Number.POSITIVE_INFINITY)
    await settle()
    expect(api.pages()).toEqual([1, 2, 3, 4])
    expect(api.mostInFlight()).toBe(1)
    expect(screen.getByText('Ya viste todos los productos.')).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Cargar más' })).toBeNull()
  })

  test('a browser keeping the bottom of the page in view as the list grows gets one page per jump, not all', async () => {
    const api = listApi()
    const list = await renderList()
    await settle()

    anchored = true
    await scrollTo(Number.POSITIVE_INFINITY)
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(24), LOADED)
    // The browser's own scrolling that keeps the bottom in view: the sentinel stays above the viewport.
    await scrollTo(Number.POSITIVE_INFINITY)
    await scrollTo(Number.POSITIVE_INFINITY)
    await settle()
    expect(api.pages()).toEqual([1, 2])

    // Back up to the end of the list: the sentinel comes into sight and the next page loads.
    anchored = false
    await scrollTo(sentinelOffset() - VIEWPORT + 200)
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(36), LOADED)
    expect(api.pages()).toEqual([1, 2, 3])
  })

  test('without IntersectionObserver nothing loads by itself, and "Cargar más" still brings the next page', async () => {
    vi.stubGlobal('IntersectionObserver', undefined)
    const api = listApi()
    const list = await renderList()
    await scrollTo(Number.POSITIVE_INFINITY)
    await settle()
    expect(api.pages()).toEqual([1])

    await userEvent.click(screen.getByRole('button', { name: 'Cargar más' }))
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(24), LOADED)
    expect(api.pages()).toEqual([1, 2])
  })
})
