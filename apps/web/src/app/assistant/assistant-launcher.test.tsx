import { screen } from '@testing-library/react'
import { beforeEach, describe, expect, test } from 'vitest'
import { renderRoutes } from '@/testing/render'
import { AssistantLauncher } from './assistant-launcher'

const shopper = { id: 7, email: 'ana@ejemplo.com', nombres: 'Ana', apellidos: 'Pérez' }
const admin = { ...shopper, id: 1, esAdmin: true }

const renderAt = (url: string, user: typeof shopper | null) =>
  renderRoutes([{ path: '*', element: <AssistantLauncher user={user} /> }], url)

beforeEach(() => localStorage.clear())

describe('where the assistant shows (issue 35)', () => {
  test.each(['/cart', '/SendProducts', '/PayMethod/12', '/PaymentConfirmationPSE/12', '/chatbot', '/admin/envios'])(
    'no bubble on %s: it covered the totals and the payment instructions on a phone',
    async (url) => {
      await renderAt(url, shopper)
      expect(screen.queryByRole('button', { name: 'Abrir el asistente de piel' })).toBeNull()
    },
  )

  test('the bubble on the catalogue; the first visit to /home gets the tour, an administrator does not', async () => {
    await renderAt('/storeProducts/10018', shopper)
    expect(screen.getByRole('button', { name: 'Abrir el asistente de piel' })).toBeVisible()

    await renderAt('/home', admin)
    expect(screen.queryByRole('region', { name: 'Recorrido del asistente de piel' })).toBeNull()
  })

  test('a shopper’s first visit to /home gets the tour', async () => {
    await renderAt('/home', shopper)
    expect(await screen.findByRole('region', { name: 'Recorrido del asistente de piel' })).toBeVisible()
  })
})
