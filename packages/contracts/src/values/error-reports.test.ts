import { describe, expect, test } from 'vitest'
import { scrubErrorText } from './error-reports'

describe('scrubErrorText: a report keeps no personal data', () => {
  test.each([
    ['No existe la cuenta ana.perez+piel@correo.com.co', 'No existe la cuenta [correo]'],
    ['GET /swagger/api/orden/7?token=abc&email=x@y.co falló', 'GET /swagger/api/orden/7?[consulta] falló'],
    [
      'at https://tienda.piel.co/assets/index-Bx9.js?v=3:1:200',
      'at https://tienda.piel.co/assets/index-Bx9.js?[consulta]',
    ],
    ['Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOjF9.sig', 'Authorization: Bearer [clave]'],
    ['csrf 4f3c2a1b9d8e7f6a5b4c3d2e1f0a9b8c no coincide', 'csrf [clave] no coincide'],
    ['Cédula 1.085.234.567 y celular 321 123 4567', 'Cédula [número] y celular [número]'],
  ])('%s', (text, scrubbed) => {
    expect(scrubErrorText(text)).toBe(scrubbed)
  })

  test('what carries no personal data stays as it was', () => {
    const text =
      "TypeError: Cannot read properties of undefined (reading 'precio')\n    at ProductCard (ProductCard.tsx:42:17)"
    expect(scrubErrorText(text)).toBe(text)
  })

  test.each([
    ['Orden 123456 no encontrada', 'Orden 123456 no encontrada'],
    ['at ProductCard (ProductCard.tsx:142:17)', 'at ProductCard (ProductCard.tsx:142:17)'],
    ['versión 1.2.3', 'versión 1.2.3'],
    ['Orden 1234567 no encontrada', 'Orden [número] no encontrada'],
  ])('numbers of up to six characters stay, seven or more are hidden: %s', (text, scrubbed) => {
    expect(scrubErrorText(text)).toBe(scrubbed)
  })

  test('the bearer word is found in any case', () => {
    expect(scrubErrorText('authorization: BEARER abc.def')).toBe('authorization: BEARER [clave]')
  })
})
