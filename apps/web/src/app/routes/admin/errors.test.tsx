import type { ErrorGroup, ErrorGroupPage } from '@piel/contracts'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, test, vi } from 'vitest'
import { CSRF_COOKIE, CSRF_HEADER } from '@/lib/api-client'
import { setCookie } from '@/testing/cookies'
import { renderRoutes } from '@/testing/render'
import { apiPath, server } from '@/testing/server'
import { Component as Errors } from './errors'

const crash: ErrorGroup = {
  id: 7,
  origen: 'navegador',
  tipo: 'fallo',
  mensaje: "TypeError: Cannot read properties of undefined (reading 'precio')\nen la ficha del producto",
  pila: "TypeError: Cannot read properties of undefined (reading 'precio')\n    at ProductCard (app-1a2b.js:1:200)",
  pagina: '/ProductDetail/12',
  version: 'abc1234',
  veces: 14,
  primeraVez: '2026-03-01T14:05:00.000Z',
  ultimaVez: '2026-03-07T20:30:00.000Z',
  estado: 'abierto',
}
const failedRequest: ErrorGroup = {
  id: 8,
  origen: 'servidor',
  tipo: 'peticion',
  mensaje: 'POST /swagger/api/carrito → 500',
  pila: null,
  pagina: '/swagger/api/carrito',
  version: null,
  veces: 1,
  primeraVez: '2026-03-06T10:00:00.000Z',
  ultimaVez: '2026-03-06T10:00:00.000Z',
  estado: 'ignorado',
}

const pageOf = (errores: ErrorGroup[], abiertos: number): ErrorGroupPage => ({
  errores,
  abiertos,
  total: errores.length,
  pagina: 1,
  tamanio: 20,
  hayMas: false,
})

/** Answers the list for each `estado` and `orden`, and records the queries asked for. */
function serveList(asked: URLSearchParams[]) {
  server.use(
    http.get(apiPath('/admin/errores'), ({ request }) => {
      const params = new URL(request.url).searchParams
      asked.push(params)
      const estado = params.get('estado')
      if (estado === 'abierto') return HttpResponse.json(pageOf([crash], 1))
      if (estado === 'ignorado') return HttpResponse.json(pageOf([failedRequest], 1))
      return HttpResponse.json(pageOf([crash, failedRequest], 1))
    }),
  )
}

describe('the back office’s error reports', () => {
  test('lists the open groups by default, with what happened, where, how often and when', async () => {
    const asked: URLSearchParams[] = []
    serveList(asked)
    await renderRoutes([{ path: '/admin/errores', Component: Errors }], '/admin/errores')

    const list = await screen.findByRole('list')
    const [item, ...others] = within(list).getAllByRole('listitem')
    expect(others).toHaveLength(0)
    const row = item as HTMLElement
    expect(within(row).getByRole('heading', { name: /Cannot read properties of undefined/ }).textContent).toBe(
      "TypeError: Cannot read properties of undefined (reading 'precio')",
    )
    expect(row.textContent).toContain('Navegador')
    expect(row.textContent).toContain('Fallo')
    expect(row.textContent).toContain('Abierto')
    expect(row.textContent).toContain('/ProductDetail/12')
    expect(row.textContent).toContain('abc1234')
    expect(row.textContent).toContain('14')
    const details = row.querySelector('details')
    expect(details?.textContent).toContain('at ProductCard')
    expect(details?.textContent).toContain('en la ficha del producto')
    expect(row.querySelectorAll('time')).toHaveLength(2)
    expect(within(row).getByRole('button', { name: 'Resolver' })).toBeEnabled()
    expect(within(row).getByRole('button', { name: 'Ignorar' })).toBeEnabled()
    expect(within(row).queryByRole('button', { name: 'Reabrir' })).toBeNull()
    expect(screen.getByText('1 abierto')).toBeVisible()

    expect(asked[0]?.get('estado')).toBe('abierto')
    expect(asked[0]?.get('orden')).toBe('recientes')
    expect(asked[0]?.get('pagina')).toBe('1')
  })

  test('the filters change the query and stay in the address', async () => {
    const user = userEvent.setup()
    const asked: URLSearchParams[] = []
    serveList(asked)
    const { router } = await renderRoutes([{ path: '/admin/errores', Component: Errors }], '/admin/errores')
    await screen.findByRole('button', { name: 'Resolver' })

    await user.click(screen.getByRole('link', { name: 'Ignorados' }))
    const reopen = await screen.findByRole('button', { name: 'Reabrir' })
    expect(reopen.closest('li')?.textContent).toContain('Servidor')
    expect(reopen.closest('li')?.textContent).toContain('Petición')
    expect(asked.at(-1)?.get('estado')).toBe('ignorado')
    expect(router.state.location.search).toBe('?estado=ignorado')

    await user.selectOptions(screen.getByRole('combobox', { name: 'Orden' }), 'Más frecuentes')
    await screen.findByRole('button', { name: 'Reabrir' })
    expect(asked.at(-1)?.get('orden')).toBe('frecuentes')
    expect(asked.at(-1)?.get('estado')).toBe('ignorado')
    expect(router.state.location.search).toBe('?estado=ignorado&orden=frecuentes')

    await user.click(screen.getByRole('link', { name: 'Todos' }))
    expect(await screen.findAllByRole('listitem')).toHaveLength(2)
    expect(asked.at(-1)?.get('estado')).toBe('todos')
  })

  test('"Resolver" posts the new state with the CSRF header, and the list is asked for again', async () => {
    const user = userEvent.setup()
    setCookie(CSRF_COOKIE, 'token-errores')
    const asked: URLSearchParams[] = []
    serveList(asked)
    const posted: { body: unknown; csrf: string | null }[] = []
    server.use(
      http.post(apiPath('/admin/errores/7/estado'), async ({ request }) => {
        posted.push({ body: await request.json(), csrf: request.headers.get(CSRF_HEADER) })
        return HttpResponse.json({ ...crash, estado: 'resuelto' })
      }),
    )
    await renderRoutes([{ path: '/admin/errores', Component: Errors }], '/admin/errores')

    await user.click(await screen.findByRole('button', { name: 'Resolver' }))

    expect(await screen.findByText('Error marcado como resuelto.')).toBeVisible()
    expect(posted).toEqual([{ body: { estado: 'resuelto' }, csrf: 'token-errores' }])
    await vi.waitFor(() => expect(asked.length).toBeGreaterThan(1))
  })

  test('an empty state says so', async () => {
    server.use(http.get(apiPath('/admin/errores'), () => HttpResponse.json(pageOf([], 0))))
    await renderRoutes([{ path: '/admin/errores', Component: Errors }], '/admin/errores?estado=resuelto')
    expect(await screen.findByText('No hay errores resueltos.')).toBeVisible()
    expect(screen.getByText('Ninguno abierto')).toBeVisible()
  })
})
