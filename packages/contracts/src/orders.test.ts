import './zod-setup'
import { describe, expect, test } from 'vitest'
import {
  AdminOrderQuerySchema,
  CreateOrderSchema,
  IdempotencyKeySchema,
  OrderIdParamsSchema,
  OrderItemInputSchema,
  OrderTransitionSchema,
  QuoteRequestSchema,
} from './orders'
import { campos } from './testing/campos'

const line = (idProducto: number, cantidadComprada = 1) => ({ idProducto, cantidadComprada })

describe('IdempotencyKeySchema: the checkout page’s key for one order', () => {
  test.each(['a'.repeat(16), 'A-b_9'.padEnd(64, 'x'), '0f8e2c1d-4b6a-4e7f'])('accepts %s', (key) => {
    expect(IdempotencyKeySchema.parse(key)).toBe(key)
  })

  test.each([
    ['15 characters', 'a'.repeat(15)],
    ['65 characters', 'a'.repeat(65)],
    ['a space', 'abcdefgh ijklmnop'],
    ['a dot', 'abcdefgh.ijklmnop'],
  ])('refuses a key of %s', (_, key) => {
    expect(campos(IdempotencyKeySchema, key)).toEqual({
      '': 'claveIdempotencia debe tener de 16 a 64 letras, números, - o _',
    })
  })
})

describe('OrderItemInputSchema: a cart line', () => {
  test('reads numbers sent as text', () => {
    expect(OrderItemInputSchema.parse({ idProducto: '7', cantidadComprada: '2' })).toEqual(line(7, 2))
  })

  test.each([
    ['1 unit', 1],
    ['99 units', 99],
  ])('accepts %s', (_, units) => {
    expect(OrderItemInputSchema.parse(line(7, units)).cantidadComprada).toBe(units)
  })

  test.each([
    ['0 units', { cantidadComprada: 0 }, { cantidadComprada: 'La cantidad mínima es 1' }],
    ['100 units', { cantidadComprada: 100 }, { cantidadComprada: 'La cantidad máxima por producto es 99' }],
    ['half a unit', { cantidadComprada: 1.5 }, { cantidadComprada: 'cantidadComprada debe ser un número entero' }],
    ['a quantity as a word', { cantidadComprada: 'dos' }, { cantidadComprada: 'cantidadComprada debe ser un número' }],
    ['a product as a word', { idProducto: 'crema' }, { idProducto: 'idProducto debe ser un número' }],
    [
      'a product past the database’s integers',
      { idProducto: 2_147_483_648 },
      { idProducto: 'idProducto es demasiado grande' },
    ],
  ])('refuses %s', (_, change, fields) => {
    expect(campos(OrderItemInputSchema, { ...line(7), ...change })).toEqual(fields)
  })
})

describe('CreateOrderSchema (POST orden/CrearOrden)', () => {
  test('keeps only ids, quantities, the note and the key; prices sent by the browser are dropped', () => {
    expect(
      CreateOrderSchema.parse({
        idDireccion: '3',
        observacion: ' Dejar en portería ',
        productos: [{ ...line(7, 2), valorUnitario: 1 }],
        total: 1,
        claveIdempotencia: 'k'.repeat(16),
      }),
    ).toEqual({
      idDireccion: 3,
      observacion: 'Dejar en portería',
      productos: [line(7, 2)],
      claveIdempotencia: 'k'.repeat(16),
    })
  })

  test('an order without an address or products says so in the shop’s words', () => {
    expect(campos(CreateOrderSchema, { idDireccion: '', productos: [] })).toEqual({
      idDireccion: 'Debe escoger una dirección',
      productos: 'No hay productos.',
    })
    expect(campos(CreateOrderSchema, { productos: [line(1)] })).toEqual({ idDireccion: 'Debe escoger una dirección' })
  })

  test('each bad line is named by its place in the cart', () => {
    expect(campos(CreateOrderSchema, { idDireccion: 3, productos: [line(1), line(2, 0), line(3, 100)] })).toEqual({
      'productos.1.cantidadComprada': 'La cantidad mínima es 1',
      'productos.2.cantidadComprada': 'La cantidad máxima por producto es 99',
    })
  })

  test('50 lines are the most an order takes', () => {
    const lines = Array.from({ length: 51 }, (_, i) => line(i + 1))
    expect(CreateOrderSchema.safeParse({ idDireccion: 3, productos: lines.slice(0, 50) }).success).toBe(true)
    expect(campos(CreateOrderSchema, { idDireccion: 3, productos: lines })).toEqual({
      productos: 'Máximo 50 productos por orden',
    })
  })

  test('a note of 501 characters is refused', () => {
    expect(campos(CreateOrderSchema, { idDireccion: 3, productos: [line(1)], observacion: 'a'.repeat(501) })).toEqual({
      observacion: 'Máximo 500 caracteres',
    })
  })
})

describe('QuoteRequestSchema (POST orden/Cotizar)', () => {
  test('takes from 1 to 50 lines', () => {
    expect(QuoteRequestSchema.parse({ productos: [line(1, 3)] })).toEqual({ productos: [line(1, 3)] })
    expect(QuoteRequestSchema.safeParse({ productos: [] }).success).toBe(false)
    expect(QuoteRequestSchema.safeParse({ productos: Array.from({ length: 51 }, (_, i) => line(i + 1)) }).success).toBe(
      false,
    )
  })
})

describe('OrderIdParamsSchema and OrderTransitionSchema', () => {
  test('an order id comes from the path as text', () => {
    expect(OrderIdParamsSchema.parse({ id: '41' })).toEqual({ id: 41 })
    expect(campos(OrderIdParamsSchema, { id: 'ultima' })).toEqual({ id: 'id debe ser un número' })
    expect(campos(OrderIdParamsSchema, { id: '2147483648' })).toEqual({ id: 'id es demasiado grande' })
  })

  test('a transition’s note is trimmed and limited to 300 characters', () => {
    expect(OrderTransitionSchema.parse({ idEstado: 4, nota: ' Empacado ' })).toEqual({ idEstado: 4, nota: 'Empacado' })
    expect(OrderTransitionSchema.safeParse({ idEstado: 4, nota: 'a'.repeat(301) }).success).toBe(false)
  })
})

describe('AdminOrderQuerySchema', () => {
  test('takes a range of days in Colombia, a state and a payment type', () => {
    expect(
      AdminOrderQuerySchema.parse({ desde: '2026-03-01', hasta: '2026-03-31', idEstado: '2', tipoPago: '3' }),
    ).toEqual({ desde: '2026-03-01', hasta: '2026-03-31', idEstado: 2, tipoPago: 3, pagina: 1, tamanio: 20 })
  })

  test('a single day is a range', () => {
    expect(AdminOrderQuerySchema.parse({ desde: '2026-03-01', hasta: '2026-03-01' }).desde).toBe('2026-03-01')
  })

  test('the first day may not come after the last', () => {
    expect(campos(AdminOrderQuerySchema, { desde: '2026-03-02', hasta: '2026-03-01' })).toEqual({
      desde: 'La fecha inicial no puede ser posterior a la final.',
    })
  })

  test.each([
    ['29 February of a leap year', '2024-02-29', {}],
    ['29 February of a common year', '2023-02-29', { desde: 'desde debe ser una fecha AAAA-MM-DD' }],
    ['31 April', '2026-04-31', { desde: 'desde debe ser una fecha AAAA-MM-DD' }],
    ['a day-month-year date', '01/03/2026', { desde: 'desde debe ser una fecha AAAA-MM-DD' }],
    ['the first day of 2000', '2000-01-01', {}],
    ['the last day of 1999', '1999-12-31', { desde: 'desde debe estar entre 2000 y 2099' }],
    ['the last day of 2099', '2099-12-31', {}],
    ['the first day of 2100', '2100-01-01', { desde: 'desde debe estar entre 2000 y 2099' }],
  ])('%s', (_, desde, fields) => {
    expect(campos(AdminOrderQuerySchema, { desde })).toEqual(fields)
  })

  test.each([
    ['a state that is not a number', { idEstado: 'pagada' }, { idEstado: 'idEstado debe ser un número' }],
    ['a state of 0', { idEstado: '0' }, { idEstado: 'idEstado debe ser un número positivo' }],
    ['a payment type of 1.5', { tipoPago: '1.5' }, { tipoPago: 'tipoPago debe ser un número entero' }],
    [
      'a corporate filter other than si or no',
      { corporativo: 'true' },
      { corporativo: 'corporativo debe ser si o no' },
    ],
  ])('refuses %s', (_, query, fields) => {
    expect(campos(AdminOrderQuerySchema, query)).toEqual(fields)
  })
})
