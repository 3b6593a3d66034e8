import { type FilterGroup, type FilterSet, MESSAGES, type ProductPage } from '@piel/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, test } from 'vitest'
import { filterGroups, product, productPage, store } from '@/testing/fixtures'
import { renderRoutes } from '@/testing/render'
import { apiPath, server } from '@/testing/server'
import { Component as StoreProducts } from './store-products'

/** 14 products: a first page of 12 and a second of 2. */
const catalogue = Array.from({ length: 14 }, (_, i) => product(101 + i, `Producto ${String(i + 1).padStart(2, '0')}`))

type ListRequest = { body: FilterSet; page: number }

/** The counts the server answers with filters active (`POST Producto/GetFiltersByStore`). */
const facetedGroups = [
  {
    caracteristica: 'Marca',
    opciones: [
      { valor: 'Avène', cantidad: 2 },
      { valor: 'CeraVe', cantidad: 4 },
    ],
  },
  {
    caracteristica: 'Tipo de piel',
    opciones: [
      { valor: 'Grasa', cantidad: 3 },
      { valor: 'Sensible', cantidad: 1 },
    ],
  },
] satisfies FilterGroup[]

/**
 * The store, its filter groups (without filters; with them, `facetedGroups`, recording each request in `counted`),
 * and `GetBySpecificFilters` answering from `catalogue` (recording each request).
 */
function storeApi({ failures = 0, counted = [] as FilterSet[] } = {}) {
  const requests: ListRequest[] = []
  let failuresLeft = failures
  server.use(
    http.get(apiPath('/Tienda/Actual'), () => HttpResponse.json(store)),
    http.get(apiPath('/Producto/GetFiltersByStore'), () => HttpResponse.json(filterGroups)),
    http.post<never, FilterSet>(apiPath('/Producto/GetFiltersByStore'), async ({ request }) => {
      counted.push(await request.json())
      return HttpResponse.json(facetedGroups)
    }),
    http.post<never, FilterSet, ProductPage>(apiPath('/Producto/GetBySpecificFilters'), async ({ request }) => {
      const page = Number(new URL(request.url).searchParams.get('pagina'))
      requests.push({ body: await request.json(), page })
      if (failuresLeft > 0) {
        failuresLeft--
        return new HttpResponse(null, { status: 500 })
      }
      return HttpResponse.json(productPage(catalogue.slice((page - 1) * 12, page * 12), page, catalogue.length))
    }),
  )
  return requests
}

const renderList = (url = '/storeProducts/10018') =>
  renderRoutes([{ path: '/storeProducts/:id', Component: StoreProducts }], url)

const productNames = (list: HTMLElement) =>
  within(list)
    .getAllByRole('article')
    .map((card) => within(card).getByRole('heading').textContent)

describe('the store product list', () => {
  test("lists the store's products 12 at a time, and 'Cargar más' brings the next page", async () => {
    const requests = storeApi()
    await renderList()

    expect(await screen.findByRole('heading', { level: 1, name: 'Todos los productos' })).toBeVisible()
    const list = await screen.findByRole('list', { name: 'Productos' })
    expect(productNames(list)).toEqual(catalogue.slice(0, 12).map((item) => item.descripcion))
    expect(screen.getByText('14 productos')).toBeVisible()
    expect(screen.getByText('Mostrando 12 de 14 productos')).toBeVisible()
    expect(requests[0]).toMatchObject({ page: 1, body: { IdTienda: store.id, sort: 'DEFAULT', opciones: [] } })

    await userEvent.click(screen.getByRole('button', { name: 'Cargar más' }))
    await screen.findByText('Mostrando 14 de 14 productos')
    expect(productNames(list)).toEqual(catalogue.map((item) => item.descripcion))
    expect(requests.map((request) => request.page)).toEqual([1, 2])
    expect(screen.queryByRole('button', { name: 'Cargar más' })).toBeNull()
    expect(screen.getByText('Ya viste todos los productos.')).toBeVisible()
  })

  test('a filter chosen in the sidebar reaches the address and the API, and can be removed', async () => {
    const requests = storeApi()
    const { router } = await renderList()
    const sidebar = await screen.findByRole('complementary', { name: 'Filtros' })

    await userEvent.click(await within(sidebar).findByRole('checkbox', { name: /^Sensible/ }))
    await userEvent.click(within(sidebar).getByRole('button', { name: 'Aplicar filtros' }))

    await screen.findByRole('heading', { level: 1, name: 'Productos' })
    expect(new URLSearchParams(router.state.location.search).getAll('op')).toEqual(['Tipo de piel:Sensible'])
    await waitFor(() =>
      expect(requests.at(-1)?.body.opciones).toEqual([{ caracteristica: 'Tipo de piel', valor: 'Sensible' }]),
    )

    await userEvent.click(screen.getByRole('button', { name: 'Quitar filtro Tipo de piel: Sensible' }))
    await screen.findByRole('heading', { level: 1, name: 'Todos los productos' })
    expect(router.state.location.search).toBe('')
  })

  test("the counts beside the options follow the active filters: the server counts them with the list's filters", async () => {
    const counted: FilterSet[] = []
    storeApi({ counted })
    await renderList('/storeProducts/10018?op=Marca%3ACeraVe&min=30000&max=90000&sort=ASC')
    const sidebar = await screen.findByRole('complementary', { name: 'Filtros' })

    expect(await within(sidebar).findByRole('checkbox', { name: 'Grasa , 3 productos' })).not.toBeChecked()
    expect(within(sidebar).getByRole('checkbox', { name: 'Sensible , 1 producto' })).toBeVisible()
    // CeraVe is chosen; Avène, of the same characteristic, stays there to widen the list.
    expect(within(sidebar).getByRole('checkbox', { name: 'CeraVe , 4 productos' })).toBeChecked()
    expect(within(sidebar).getByRole('checkbox', { name: 'Avène , 2 productos' })).not.toBeChecked()
    expect(counted).toHaveLength(1)
    expect(counted[0]).toEqual({
      IdTienda: store.id,
      min: 30_000,
      max: 90_000,
      opciones: [{ caracteristica: 'Marca', valor: 'CeraVe' }],
    })
  })

  test('an API failure shows the Spanish notice, and Reintentar loads the list', async () => {
    // The list is asked for twice (one automatic retry) before the notice shows.
    storeApi({ failures: 2 })
    await renderList()

    const title = await screen.findByRole('heading', { name: 'No pudimos cargar los productos.' })
    const notice = title.closest<HTMLElement>('[role="alert"]')
    if (!notice) throw new Error('the notice is no alert')
    expect(notice.textContent).toContain(`500 ${MESSAGES.internal}`)
    expect(screen.queryByRole('list', { name: 'Productos' })).toBeNull()

    await userEvent.click(within(notice).getByRole('button', { name: 'Reintentar' }))
    const list = await screen.findByRole('list', { name: 'Productos' })
    expect(within(list).getAllByRole('article')).toHaveLength(12)
    expect(screen.queryByRole('heading', { name: 'No pudimos cargar los productos.' })).toBeNull()
  })
})
