import type { StockMovementPage } from '@piel/contracts'
import { screen, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { expect, test } from 'vitest'
import { renderRoutes } from '@/testing/render'
import { apiPath, server } from '@/testing/server'
import { InventoryPanel } from './inventory-panel'

const order = (tipo: 'orden' | 'cancelacion' | 'retracto', cantidad: number, idOrden: number, fecha: string) => ({
  id: null,
  tipo,
  cantidad,
  antes: null,
  despues: null,
  nota: null,
  idPersona: null,
  quien: null,
  fecha,
  idOrden,
})

const page: StockMovementPage = {
  existencia: 13,
  movimientos: [
    order('retracto', 1, 123, '2026-11-20T15:00:00.000Z'),
    order('cancelacion', 2, 122, '2026-11-19T15:00:00.000Z'),
    order('orden', -2, 122, '2026-11-18T15:00:00.000Z'),
    {
      id: 7,
      tipo: 'recepcion',
      cantidad: 6,
      antes: 8,
      despues: 14,
      nota: 'Factura 1234',
      idPersona: 1,
      quien: 'admin@piel.example',
      fecha: '2026-11-17T15:00:00.000Z',
      idOrden: null,
    },
  ],
  pagina: 1,
  tamanio: 20,
  total: 4,
  hayMas: false,
}

test("a product's movements show the orders' units with a link to each order, and the manual ones as before", async () => {
  server.use(http.get(apiPath('/admin/inventario/5/movimientos'), () => HttpResponse.json(page)))
  await renderRoutes([{ path: '/', element: <InventoryPanel productId={5} threshold={3} /> }], '/')

  const items = within(await screen.findByRole('list')).getAllByRole('listitem')
  expect(items.map((item) => item.textContent)).toEqual([
    expect.stringContaining('+1Retracto de la orden N.º 123'),
    expect.stringContaining('+2Orden N.º 122 cancelada'),
    expect.stringContaining('-2Orden N.º 122Unidades reservadas'),
    expect.stringContaining('+6Recepción · Factura 1234admin@piel.example8 → 14'),
  ])
  expect(within(items[0] as HTMLElement).getByRole('link', { name: 'orden N.º 123' })).toHaveAttribute(
    'href',
    '/admin/ordenes/123',
  )
  expect(within(items[2] as HTMLElement).getByRole('link', { name: 'Orden N.º 122' })).toHaveAttribute(
    'href',
    '/admin/ordenes/122',
  )
})
