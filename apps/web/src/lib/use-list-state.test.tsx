import { act, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router'
import { describe, expect, test } from 'vitest'
import { type ListParams, listParam, useListState } from './use-list-state'

/** A list like the back office's: a state tab, a search, a number filter, a day, the sort, the page, an open row. */
type Place = {
  estado: 'abierto' | 'cerrado' | 'todos'
  buscar: string
  idCatalogo: number | undefined
  desde: string | undefined
  orden: 'recientes' | 'antiguos'
  pagina: number
  abierto: number | null
}
const PLACE: ListParams<Place> = {
  estado: listParam.oneOf(['abierto', 'cerrado', 'todos'] as const, 'abierto'),
  buscar: listParam.text(),
  idCatalogo: listParam.id(undefined, { name: 'catalogo' }),
  desde: listParam.day(),
  orden: listParam.sort(['recientes', 'antiguos'] as const, 'recientes'),
  pagina: listParam.page(),
  abierto: listParam.open(),
}

/** The hook at `url` inside a router, with the address it is at. */
function renderAt(url: string) {
  let router: ReturnType<typeof createMemoryRouter> | undefined
  const wrapper = ({ children }: { children: ReactNode }) => {
    router ??= createMemoryRouter([{ path: '/lista', element: children }], { initialEntries: [url] })
    return <RouterProvider router={router} />
  }
  const view = renderHook(() => ({ list: useListState(PLACE), location: useLocation() }), { wrapper })
  return {
    current: () => view.result.current.list,
    search: () => view.result.current.location.search,
    back: () =>
      act(async () => {
        await router?.navigate(-1)
      }),
  }
}

describe('useListState: a back-office list kept in the address', () => {
  test('an address with nothing in it is the list by default', () => {
    const list = renderAt('/lista')
    expect(list.current().state).toEqual({
      estado: 'abierto',
      buscar: '',
      idCatalogo: undefined,
      desde: undefined,
      orden: 'recientes',
      pagina: 1,
      abierto: null,
    })
    expect(list.current().filtered).toBe(false)
    expect(list.current().href({})).toBe('?')
  })

  test('reads every value from the address, under its own name there (catalogo for idCatalogo), trimmed', () => {
    const list = renderAt(
      '/lista?estado=cerrado&buscar=%20crema%20&catalogo=12&desde=2026-03-01&orden=antiguos&pagina=3&abierto=7',
    )
    expect(list.current().state).toEqual({
      estado: 'cerrado',
      buscar: 'crema',
      idCatalogo: 12,
      desde: '2026-03-01',
      orden: 'antiguos',
      pagina: 3,
      abierto: 7,
    })
    expect(list.current().filtered).toBe(true)
  })

  test('values it does not understand are the defaults', () => {
    const list = renderAt('/lista?estado=borrado&catalogo=-4&desde=ayer&orden=alfabetico&pagina=cero&abierto=1.5')
    expect(list.current().state).toMatchObject({
      estado: 'abierto',
      idCatalogo: undefined,
      desde: undefined,
      orden: 'recientes',
      pagina: 1,
      abierto: null,
    })
    expect(renderAt('/lista?pagina=-2').current().state.pagina).toBe(1)
  })

  test('writes only what differs from the defaults, in the order the values are declared', () => {
    const list = renderAt('/lista')
    expect(list.current().href({ orden: 'antiguos', estado: 'todos', idCatalogo: 4, buscar: 'sérum' })).toBe(
      '?estado=todos&buscar=s%C3%A9rum&catalogo=4&orden=antiguos',
    )
    expect(list.current().href({ estado: 'abierto', orden: 'recientes', buscar: '' })).toBe('?')
  })

  test('a filter or the sort changed sends the list back to page 1 and closes what was open', () => {
    const list = renderAt('/lista?estado=cerrado&pagina=3&abierto=7')
    expect(list.current().href({ buscar: 'gel' })).toBe('?estado=cerrado&buscar=gel')
    expect(list.current().href({ orden: 'antiguos' })).toBe('?estado=cerrado&orden=antiguos')
    expect(list.current().href({ estado: 'todos', pagina: 2 })).toBe('?estado=todos&pagina=2')
  })

  test('another page closes what was open; opening a row keeps the page, and closing it too', () => {
    const list = renderAt('/lista?estado=cerrado&pagina=3&abierto=7')
    expect(list.current().href({ pagina: 4 })).toBe('?estado=cerrado&pagina=4')
    expect(list.current().href({ abierto: 9 })).toBe('?estado=cerrado&pagina=3&abierto=9')
    expect(list.current().href({ abierto: null })).toBe('?estado=cerrado&pagina=3')
  })

  test('set goes to the changed list as a new entry in the history: Back returns to the previous one', async () => {
    const list = renderAt('/lista?estado=cerrado&pagina=3')
    // The router navigates after the render: the act waits for it.
    await act(async () => list.current().set({ buscar: 'protector' }))
    expect(list.search()).toBe('?estado=cerrado&buscar=protector')
    expect(list.current().state).toMatchObject({ estado: 'cerrado', buscar: 'protector', pagina: 1 })

    await list.back()
    expect(list.search()).toBe('?estado=cerrado&pagina=3')
  })

  test('clear removes every filter and keeps the sort', async () => {
    const list = renderAt('/lista?estado=todos&buscar=gel&catalogo=3&desde=2026-01-31&orden=antiguos&pagina=2')
    await act(async () => list.current().clear())
    expect(list.search()).toBe('?orden=antiguos')
    expect(list.current().filtered).toBe(false)
  })
})
