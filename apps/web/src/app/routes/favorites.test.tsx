import type { Favorite } from '@piel/contracts'
import { screen, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { describe, expect, test } from 'vitest'
import { CSRF_COOKIE } from '@/lib/api-client'
import { setCookie } from '@/testing/cookies'
import { person, store } from '@/testing/fixtures'
import { renderRoutes } from '@/testing/render'
import { apiPath, server } from '@/testing/server'
import { Component as Favorites } from './favorites'

/** A discounted favourite with reviews, and one without either (`persona/GetFavoriteProducts`). */
const favorites = [
  {
    id: 401,
    descripcion: 'Crema Hidratante CeraVe 454 g',
    valorMoneda: '$ 89.900',
    valorAnterior: 98_890,
    valorAnteriorMoneda: '$ 98.890',
    descuento: 10,
    detalle: 'Hidratante con ceramidas.',
    calificacion: 4.5,
    fotoPrincipal: '/media/productos/401.webp',
  },
  {
    id: 402,
    descripcion: 'Anthelios FPS 50+',
    valorMoneda: '$ 119.900',
    valorAnterior: null,
    valorAnteriorMoneda: null,
    descuento: 0,
    detalle: 'Protector solar.',
    calificacion: 0,
    fotoPrincipal: '/media/productos/402.webp',
  },
] satisfies Favorite[]

describe('the favourites page', () => {
  test('a discounted favourite shows its old price struck through; one without reviews shows no stars', async () => {
    setCookie(CSRF_COOKIE, 'prueba')
    server.use(
      http.get(apiPath('/persona/Sesion'), () => HttpResponse.json({ persona: person })),
      http.get(apiPath('/Tienda/Actual'), () => HttpResponse.json(store)),
      http.get(apiPath('/persona/GetFavoriteProducts'), () => HttpResponse.json(favorites)),
    )
    await renderRoutes([{ path: '/favorites', Component: Favorites }], '/favorites')

    const list = await screen.findByRole('list', { name: 'Productos favoritos' })
    const [cream, sunscreen] = within(list).getAllByRole('article') as [HTMLElement, HTMLElement]

    expect(cream.textContent).toContain('-10 %')
    const old = within(cream).getByText('$ 98.890')
    expect(old.closest('s')?.textContent).toBe('Precio anterior: $ 98.890')
    expect(within(cream).getByText('$ 89.900')).toBeVisible()
    expect(within(cream).getByRole('img', { name: 'Calificación 4,5 de 5' })).toBeVisible()

    expect(sunscreen.querySelector('s')).toBeNull()
    expect(within(sunscreen).getByText('$ 119.900')).toBeVisible()
    expect(within(sunscreen).getByText('Sin opiniones')).toBeVisible()
    expect(within(sunscreen).queryByRole('img', { name: /^Calificación/ })).toBeNull()
  })
})
