import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, test } from 'vitest'
import { ProductGrid } from '@/features/catalog/components/product-grid'
import { CSRF_COOKIE } from '@/lib/api-client'
import { HISTORY_KEY } from '@/lib/session'
import { setCookie } from '@/testing/cookies'
import { person, product } from '@/testing/fixtures'
import { renderRoutes } from '@/testing/render'
import { apiPath, server } from '@/testing/server'
import { Component as Login } from './login'
import { Component as Register } from './register'

const serum = product(301, 'Sérum de niacinamida')

/** A product list as a visitor sees it: the heart asks to log in. */
function ListPage() {
  return <ProductGrid products={[serum]} label="Productos" loggedIn={false} />
}

const routes = [
  { path: '/storeProducts/:id', Component: ListPage },
  { path: '/login', Component: Login },
  { path: '/register', Component: Register },
  { path: '/home', Component: () => <h1>Inicio</h1> },
  { path: '/favorites', Component: () => <h1>Favoritos</h1> },
]

/** Google sign-in is not configured; `POST login` opens a session for `person`. */
function accountsApi() {
  const logins: unknown[] = []
  server.use(
    http.get(apiPath('/login/google/disponible'), () => HttpResponse.json({ disponible: false })),
    http.post(apiPath('/login'), async ({ request }) => {
      logins.push(await request.json())
      return HttpResponse.json(person)
    }),
  )
  return logins
}

/** A shopper whose session is already open (the session cookie and `persona/Sesion`). */
function openSession() {
  setCookie(CSRF_COOKIE, 'prueba')
  server.use(http.get(apiPath('/persona/Sesion'), () => HttpResponse.json({ persona: person })))
}

const here = (router: { state: { location: { pathname: string; search: string } } }) =>
  `${router.state.location.pathname}${router.state.location.search}`

describe('the login prompt brings the shopper back', () => {
  test("a visitor's heart → Iniciar sesión requerido → /login → back to the list, with its search", async () => {
    const logins = accountsApi()
    const { router } = await renderRoutes(routes, '/storeProducts/10018?q=crema&sort=ASC')

    // The list arrives from the (fake) API after the first render.
    await userEvent.click(await screen.findByRole('button', { name: `Agregar a favoritos: ${serum.descripcion}` }))
    const dialog = await screen.findByRole('dialog', { name: 'Iniciar sesión requerido' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Iniciar sesión' }))
    await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' })
    expect(here(router)).toBe('/login')
    expect(sessionStorage.getItem(HISTORY_KEY)).toBe('/storeProducts/10018?q=crema&sort=ASC')

    await userEvent.type(screen.getByLabelText('Usuario'), person.email)
    await userEvent.type(screen.getByLabelText('Clave'), 'Clave2024')
    await userEvent.click(screen.getByRole('button', { name: 'Iniciar' }))

    await waitFor(() => expect(here(router)).toBe('/storeProducts/10018?q=crema&sort=ASC'))
    expect(logins).toEqual([{ email: person.email, password: 'Clave2024' }])
    expect(sessionStorage.getItem(HISTORY_KEY)).toBeNull()
    expect(await screen.findByRole('button', { name: `Agregar a favoritos: ${serum.descripcion}` })).toBeVisible()
  })

  test('without a remembered route the login lands on /home', async () => {
    accountsApi()
    const { router } = await renderRoutes(routes, '/login')
    await userEvent.type(await screen.findByLabelText('Usuario'), person.email)
    await userEvent.type(screen.getByLabelText('Clave'), 'Clave2024')
    await userEvent.click(screen.getByRole('button', { name: 'Iniciar' }))
    await screen.findByRole('heading', { name: 'Inicio' })
    expect(here(router)).toBe('/home')
  })
})

describe('a logged-in shopper does not see /login or /register', () => {
  test('/login sends them to the remembered route, once', async () => {
    accountsApi()
    openSession()
    sessionStorage.setItem(HISTORY_KEY, '/favorites')
    const { router } = await renderRoutes(routes, '/login')
    await screen.findByRole('heading', { name: 'Favoritos' })
    expect(here(router)).toBe('/favorites')
    expect(sessionStorage.getItem(HISTORY_KEY)).toBeNull()
    expect(screen.queryByRole('button', { name: 'Iniciar' })).toBeNull()
  })

  test('/register sends them to /home when nothing is remembered', async () => {
    accountsApi()
    openSession()
    server.use(http.get(apiPath('/Domain/ObtenerTiposDocCuenta'), () => HttpResponse.json([])))
    const { router } = await renderRoutes(routes, '/register')
    await screen.findByRole('heading', { name: 'Inicio' })
    expect(here(router)).toBe('/home')
    expect(screen.queryByRole('button', { name: 'Registrarse' })).toBeNull()
  })
})
