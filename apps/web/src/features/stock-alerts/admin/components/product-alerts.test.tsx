import type { AdminStockAlert, AdminStockAlertPage } from '@piel/contracts'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, test } from 'vitest'
import { renderRoutes } from '@/testing/render'
import { apiPath, server } from '@/testing/server'
import { ProductAlerts } from './product-alerts'

const waiting: AdminStockAlert = {
  id: 3,
  correo: 'ursula@ejemplo.com',
  conCuenta: false,
  estado: 'esperando',
  pedidoEl: '2026-11-21T15:00:00.000Z',
  avisadoEl: null,
}
const sent: AdminStockAlert = {
  id: 1,
  correo: 'lucia@ejemplo.com',
  conCuenta: true,
  estado: 'avisado',
  pedidoEl: '2026-11-02T15:00:00.000Z',
  avisadoEl: '2026-11-20T15:00:00.000Z',
}

const pageOf = (avisos: AdminStockAlert[]): AdminStockAlertPage => ({
  esperando: avisos.filter((alert) => alert.avisadoEl === null).length,
  avisados: avisos.filter((alert) => alert.avisadoEl !== null).length,
  avisos,
  total: avisos.length,
  pagina: 1,
  tamanio: 20,
  hayMas: false,
})

const renderPanel = () =>
  renderRoutes([{ path: '/admin/productos/9', element: <ProductAlerts productId={9} /> }], '/admin/productos/9')

describe('a product’s back-in-stock alerts in the back office', () => {
  test('how many wait, then each alert: the whole e-mail, how it was asked, when, and whether it was sent', async () => {
    server.use(http.get(apiPath('/admin/productos/9/avisos'), () => HttpResponse.json(pageOf([waiting, sent]))))
    await renderPanel()
    const list = await screen.findByRole('list', { name: 'Avisos de disponibilidad' })
    const [first, second] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement]
    expect(screen.getByText('persona espera que vuelva').previousSibling?.textContent).toBe('1')
    expect(screen.getByText(/1 aviso enviado \(se guardan 90 días\)/)).toBeVisible()
    expect(first).toHaveTextContent('ursula@ejemplo.com')
    expect(first).toHaveTextContent('Sin cuenta, con su autorización')
    expect(first).toHaveTextContent('Esperando')
    expect(second).toHaveTextContent('lucia@ejemplo.com')
    expect(second).toHaveTextContent('Con su cuenta')
    expect(second).toHaveTextContent('Avisado el')
  })

  test('nobody asked yet: says so', async () => {
    server.use(http.get(apiPath('/admin/productos/9/avisos'), () => HttpResponse.json(pageOf([]))))
    await renderPanel()
    expect(await screen.findByText('Nadie ha pedido que le avisemos cuando vuelva este producto.')).toBeVisible()
  })

  test('deleting an alert asks first, then removes it from the list', async () => {
    const user = userEvent.setup()
    let alerts = [waiting, sent]
    const deleted: string[] = []
    server.use(
      http.get(apiPath('/admin/productos/9/avisos'), () => HttpResponse.json(pageOf(alerts))),
      http.delete(apiPath('/admin/productos/9/avisos/:id'), ({ params }) => {
        deleted.push(String(params.id))
        alerts = alerts.filter((alert) => String(alert.id) !== params.id)
        return HttpResponse.json({ exito: true, mensaje: 'Aviso eliminado.' })
      }),
    )
    await renderPanel()
    await user.click(await screen.findByRole('button', { name: 'Eliminar el aviso de ursula@ejemplo.com' }))
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar este aviso?' })
    expect(dialog).toHaveTextContent('ursula@ejemplo.com')
    expect(deleted).toEqual([])
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }))
    expect(await screen.findByText('Aviso eliminado.')).toBeVisible()
    expect(deleted).toEqual(['3'])
    const list = await screen.findByRole('list', { name: 'Avisos de disponibilidad' })
    await expect.poll(() => within(list).queryAllByRole('listitem').length).toBe(1)
    expect(list).not.toHaveTextContent('ursula@ejemplo.com')
  })
})
