import { describe, expect, test } from 'vitest'
import { pageTitle } from './page-title'

describe('tab titles (issue 35: the account pages read in Spanish)', () => {
  test.each([
    ['/direccProfile', 'Mis direcciones'],
    ['/cart', 'Carro de compras'],
    ['/Favorites', 'Favoritos'],
    ['/login', 'Iniciar sesión'],
    ['/infoProfile', 'Mi perfil'],
    ['/SendProducts', 'Finalizar compra'],
    ['/PayMethod/12', 'Pago de la orden'],
    ['/TracingStepper/12', 'Seguimiento de la orden'],
    ['/OrderDetail/12', 'Detalle de la orden'],
    ['/OrderDetail/12/recibo', 'Comprobante de compra'],
    ['/chatbot', 'Asistente de piel'],
    ['/upload', 'Subir foto'],
  ])('%s → "%s | Piel"', (path, label) => {
    expect(pageTitle(path, 'Piel')).toBe(`${label} | Piel`)
  })

  test('an address without a Spanish name keeps the spec rule; a malformed escape stays as typed', () => {
    expect(pageTitle('/novedades/3', 'Piel')).toBe('Novedades | Piel')
    expect(pageTitle('/%E0%A4%A')).toBe('%E0%A4%A')
  })
})
