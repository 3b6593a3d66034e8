import { MESSAGES } from '@piel/contracts/values'
import { act, render, screen } from '@testing-library/react'
import { Link, MemoryRouter, Outlet } from 'react-router'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { AppRoutes, preloadRoutes, routeObjects, usePageMatches } from './route-tree'

function Frame() {
  const matches = usePageMatches()
  return (
    <div>
      <header>
        <Link to="/bien">Bien</Link>
        <Link to="/roto">Roto</Link>
        <Link to="/perezosa">Perezosa</Link>
      </header>
      <p data-testid="title">{matches.at(-1)?.route.handle?.status ?? 'sin estado'}</p>
      <main>
        <Outlet />
      </main>
    </div>
  )
}

function Broken(): never {
  throw new Error('la página se rompió')
}

function LazyPage() {
  return <h1>Página perezosa</h1>
}

const lazyPage = vi.fn(async () => ({ Component: LazyPage }))

const routes = routeObjects([
  {
    Component: Frame,
    crash: 'full',
    children: [
      {
        crash: 'page',
        children: [
          { path: 'bien', Component: () => <h1>Página bien</h1> },
          { path: 'roto', Component: Broken },
          { path: 'perezosa', load: lazyPage },
          { path: '*', Component: () => <h1>No encontrada</h1>, handle: { status: 404 } },
        ],
      },
    ],
  },
])

const renderAt = (url: string) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <AppRoutes routes={routes} />
    </MemoryRouter>,
  )

afterEach(() => vi.restoreAllMocks())

describe('the shop’s routes', () => {
  test('a page that fails shows the crash screen inside the frame, and another page shows again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    renderAt('/roto')
    expect(screen.getByRole('heading', { name: MESSAGES.unexpected })).toBeVisible()
    // The frame stays: the header's links still lead elsewhere.
    await act(async () => screen.getByRole('link', { name: 'Bien' }).click())
    expect(screen.getByRole('heading', { name: 'Página bien' })).toBeVisible()
    expect(screen.queryByRole('heading', { name: MESSAGES.unexpected })).toBeNull()
  })

  test('a lazy page shows the loader, then itself; once loaded it is drawn at once', async () => {
    renderAt('/perezosa')
    expect(screen.getByRole('status')).toHaveTextContent('Cargando…')
    expect(await screen.findByRole('heading', { name: 'Página perezosa' })).toBeVisible()
    expect(lazyPage).toHaveBeenCalledTimes(1)
    renderAt('/perezosa')
    expect(screen.getAllByRole('heading', { name: 'Página perezosa' })).toHaveLength(2)
    expect(lazyPage).toHaveBeenCalledTimes(1)
  })

  test('the matched routes carry their handle, and preloading fetches the page’s module', async () => {
    renderAt('/no-existe')
    expect(screen.getByTestId('title').textContent).toBe('404')
    const fresh = vi.fn(async () => ({ Component: Outlet }))
    const others = routeObjects([{ path: 'otra', load: fresh }])
    await preloadRoutes(others, '/otra')
    await preloadRoutes(others, '/otra')
    expect(fresh).toHaveBeenCalledTimes(1)
  })
})
