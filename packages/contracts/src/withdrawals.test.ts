import './zod-setup'
import { describe, expect, test } from 'vitest'
import { campos } from './testing/campos'
import {
  WithdrawalDecisionSchema,
  WithdrawalIdParamsSchema,
  WithdrawalQuerySchema,
  WithdrawalRefundSchema,
  WithdrawalRequestSchema,
} from './withdrawals'

const request = {
  motivo: ' El tono no era el que esperaba. ',
  productos: [{ idProducto: 7, cantidad: 1 }],
  aceptaPolitica: true,
}

describe('WithdrawalRequestSchema: what the shopper returns and why (Ley 1480 art. 47)', () => {
  test('the reason is trimmed', () => {
    expect(WithdrawalRequestSchema.parse(request)).toEqual({ ...request, motivo: 'El tono no era el que esperaba.' })
  })

  test('a reason of exactly 10 characters (after trimming) is enough', () => {
    expect(WithdrawalRequestSchema.parse({ ...request, motivo: '  1234567890  ' }).motivo).toBe('1234567890')
  })

  test('an empty request names each missing part', () => {
    expect(campos(WithdrawalRequestSchema, {})).toEqual({
      motivo: 'Cuéntanos el motivo con al menos 10 caracteres.',
      productos: 'Escoge al menos un producto para devolver.',
      aceptaPolitica: 'Debes aceptar la política de devoluciones.',
    })
  })

  test.each([
    [
      'a reason of 9 characters',
      { motivo: ' 123456789 ' },
      { motivo: 'Cuéntanos el motivo con al menos 10 caracteres.' },
    ],
    ['a reason of 1,001 characters', { motivo: 'a'.repeat(1001) }, { motivo: 'Escribe máximo 1000 caracteres.' }],
    ['no products', { productos: [] }, { productos: 'Escoge al menos un producto para devolver.' }],
    [
      'the policy not accepted',
      { aceptaPolitica: false },
      { aceptaPolitica: 'Debes aceptar la política de devoluciones.' },
    ],
    [
      '1,000 units of a product',
      { productos: [{ idProducto: 7, cantidad: 1000 }] },
      { 'productos.0.cantidad': 'No puedes devolver más unidades de las que compraste.' },
    ],
    [
      '0 units',
      { productos: [{ idProducto: 7, cantidad: 0 }] },
      { 'productos.0.cantidad': 'cantidad debe ser mayor que 0' },
    ],
    [
      'half a unit',
      { productos: [{ idProducto: 7, cantidad: 0.5 }] },
      { 'productos.0.cantidad': 'cantidad debe ser un número entero' },
    ],
    [
      'a product as a word',
      { productos: [{ idProducto: 'gel', cantidad: 1 }] },
      { 'productos.0.idProducto': 'idProducto debe ser un número' },
    ],
    [
      '51 products',
      { productos: Array.from({ length: 51 }, (_, i) => ({ idProducto: i + 1, cantidad: 1 })) },
      { productos: 'Demasiados productos.' },
    ],
  ])('refuses %s', (_, change, fields) => {
    expect(campos(WithdrawalRequestSchema, { ...request, ...change })).toEqual(fields)
  })
})

describe('WithdrawalDecisionSchema: a refusal needs its reason', () => {
  test.each([
    ['an acceptance without a note', { aceptar: true }],
    ['an acceptance with a note', { aceptar: true, nota: 'Recibimos la solicitud.' }],
    ['a refusal with its reason', { aceptar: false, nota: 'El producto fue abierto.' }],
  ])('accepts %s', (_, decision) => {
    expect(WithdrawalDecisionSchema.parse(decision)).toEqual(decision)
  })

  test.each([
    ['without a note', { aceptar: false }],
    ['with a note of spaces', { aceptar: false, nota: '   ' }],
    ['with a null note', { aceptar: false, nota: null }],
  ])('refuses a refusal %s', (_, decision) => {
    expect(campos(WithdrawalDecisionSchema, decision)).toEqual({ nota: 'Escribe la razón del rechazo.' })
  })

  test('refuses a decision that is not a boolean and a note of 1,001 characters', () => {
    expect(campos(WithdrawalDecisionSchema, { aceptar: 'si', nota: 'a'.repeat(1001) })).toEqual({
      aceptar: 'aceptar debe ser true o false',
      nota: 'Escribe máximo 1000 caracteres.',
    })
  })
})

describe('WithdrawalRefundSchema: Wompi’s void, or a refund by hand with its reference', () => {
  test.each([
    ['a Wompi void', { metodo: 'wompi_anulacion' }],
    ['cash', { metodo: 'efectivo' }],
    ['a transfer with its reference', { metodo: 'transferencia', referencia: 'TRF-55120' }],
    ['another means with its reference', { metodo: 'otro', referencia: 'Bono 12' }],
  ])('accepts %s', (_, refund) => {
    expect(WithdrawalRefundSchema.parse(refund)).toEqual(refund)
  })

  test.each([
    ['a transfer', { metodo: 'transferencia' }],
    ['a transfer with a blank reference', { metodo: 'transferencia', referencia: '  ' }],
    ['another means', { metodo: 'otro', referencia: null }],
  ])('refuses %s without a reference', (_, refund) => {
    expect(campos(WithdrawalRefundSchema, refund)).toEqual({
      referencia: 'Escribe la referencia del reembolso (número de la transferencia o comprobante).',
    })
  })

  test('refuses an unknown method and a reference of 201 characters', () => {
    expect(campos(WithdrawalRefundSchema, { metodo: 'cheque' })).toEqual({
      metodo: 'metodo debe ser wompi_anulacion, transferencia, efectivo u otro',
    })
    expect(campos(WithdrawalRefundSchema, { metodo: 'efectivo', referencia: 'a'.repeat(201) })).toEqual({
      referencia: 'Escribe máximo 200 caracteres.',
    })
  })
})

describe('WithdrawalQuerySchema and WithdrawalIdParamsSchema', () => {
  test('the newest requests first, any state, by default', () => {
    expect(WithdrawalQuerySchema.parse({})).toEqual({ orden: 'recientes', pagina: 1, tamanio: 20 })
  })

  test('name the allowed values', () => {
    expect(campos(WithdrawalQuerySchema, { estado: 'pendiente', orden: 'nuevos' })).toEqual({
      estado: 'estado debe ser solicitado, aceptado, rechazado, recibido o reembolsado',
      orden: 'orden debe ser recientes o antiguos',
    })
  })

  test.each([
    ['x', 'id debe ser un número'],
    ['0', 'id debe ser un número positivo'],
    ['2147483648', 'id es demasiado grande'],
  ])('refuse the request id «%s»', (id, message) => {
    expect(campos(WithdrawalIdParamsSchema, { id })).toEqual({ id: message })
  })
})
