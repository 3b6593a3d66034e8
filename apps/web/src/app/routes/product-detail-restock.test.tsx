import type { ProductDetail } from '@piel/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { describe, expect, test } from 'vitest'
import { product, store } from '@/testing/fixtures'
import { renderRoutes } from '@/testing/render'
import { apiPath, server } from '@/testing/server'
import { Component as ProductDetailPage } from './product-detail'

/** A product's detail as `Producto/DetailProduct` answers it, with `cantidad` units in stock. */
const detail = (id: number, name: string, cantidad: number): ProductDetail => ({
  ...product(id, name),
  cantidad,
  agotado: cantidad <= 0,
  detalle: 'Hidrata y protege la piel sensible.',
  imagenes: [`/media/productos/${id}.webp`],
  registroInvima: null,
  idCatalogo: null,
  nombreCatalogo: null,
  idSubcategoria: null,
  nombreSubcategoria: null,
  caracteristicasModel: [],
  comments: [],
})

function serve(...products: ProductDetail[]) {
  server.use(
    http.get(apiPath('/Tienda/Actual'), () => HttpResponse.json(store)),
    http.get(apiPath('/Producto/DetailProduct'), ({ request }) => {
      const id = Number(new URL(request.url).searchParams.get('id'))
      const found = products.find((item) => item.id === id)
      return found
        ? HttpResponse.json({ productDetailModel: found })
        : HttpResponse.json({ mensaje: 'No existe.', codigo: 'no_encontrado' }, { status: 404 })
    }),
  )
}

const renderPage = (url: string) => renderRoutes([{ path: '/detailProducts/:id', Component: ProductDetailPage }], url)

describe('a sold-out product’s page (issue 35)', () => {
  test('offers “Avísame cuando llegue” where the cart button was, instead of sending the shopper to write', async () => {
    serve(detail(7, 'Crema reparadora', 0))
    await renderPage('/detailProducts/7')

    expect(await screen.findByText('Este producto está agotado por ahora.')).toBeVisible()
    expect(screen.queryByText(/te avisamos cuando vuelva/)).toBeNull()
    expect(screen.queryByRole('link', { name: 'Escríbenos' })).toBeNull()
    expect(screen.queryByRole('button', { name: /Agregar al carrito/ })).toBeNull()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Avísame cuando llegue' })).toBeEnabled())
  })

  test('a product in stock has no alert to ask for', async () => {
    serve(detail(8, 'Gel limpiador', 4))
    await renderPage('/detailProducts/8')
    expect(await screen.findByRole('button', { name: /Agregar al carrito/ })).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Avísame cuando llegue' })).toBeNull()
  })

  test('the e-mail’s withdrawal link opens the alert above the product it was about', async () => {
    const token = 'abcdefghijklmnopqrstuvwxyz012345'
    serve(detail(7, 'Crema reparadora', 3))
    server.use(
      http.get(apiPath(`/AvisoDisponibilidad/${token}`), () =>
        HttpResponse.json({
          idProducto: 7,
          producto: 'Crema reparadora',
          correo: 'lu•••@ejemplo.com',
          estado: 'avisado',
          pedidoEl: '2026-11-02T15:00:00.000Z',
          avisadoEl: '2026-11-20T15:00:00.000Z',
        }),
      ),
    )
    await renderPage(`/detailProducts/7?retirarAviso=${token}`)
    const section = await screen.findByRole('region', { name: 'Tu aviso de disponibilidad' })
    expect(await within(section).findByRole('button', { name: 'Sí, borrar mi correo' })).toBeVisible()
    expect(await screen.findByRole('heading', { level: 1, name: 'Crema reparadora' })).toBeVisible()
  })
})
