import './zod-setup'
import { describe, expect, test } from 'vitest'
import {
  AdminOrderQuerySchema,
  CorporateClientQuerySchema,
  IdOrderSchema,
  IdParamsSchema,
  StockMovementInputSchema,
  StockMovementQuerySchema,
} from './admin'
import { campos } from './testing/campos'

describe('CorporateClientQuerySchema', () => {
  test('lists the pending requests by default, 20 a page', () => {
    expect(CorporateClientQuerySchema.parse({})).toEqual({ estado: 'pendientes', pagina: 1, tamanio: 20 })
  })

  test('refuses an unknown state and a search longer than 200 characters', () => {
    expect(campos(CorporateClientQuerySchema, { estado: 'rechazados', buscar: 'a'.repeat(201) })).toEqual({
      estado: 'estado debe ser pendientes, autorizados o todos',
      buscar: 'Escribe máximo 200 caracteres.',
    })
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

describe('StockMovementInputSchema: units received or a count corrected', () => {
  test.each([
    ['a reception of 12 units', { tipo: 'recepcion', cantidad: 12 }],
    ['a correction down', { tipo: 'correccion', cantidad: -3 }],
    ['a correction up by the most allowed', { tipo: 'correccion', cantidad: 100_000 }],
    ['a correction down by the most allowed', { tipo: 'correccion', cantidad: -100_000 }],
  ])('accepts %s', (_, movement) => {
    expect(StockMovementInputSchema.parse(movement)).toEqual(movement)
  })

  test('a note is trimmed and kept', () => {
    expect(StockMovementInputSchema.parse({ tipo: 'recepcion', cantidad: 1, nota: ' Factura 991 ' }).nota).toBe(
      'Factura 991',
    )
  })

  test.each([
    [
      'a reception that takes units',
      { tipo: 'recepcion', cantidad: -5 },
      { cantidad: 'Una recepción suma unidades: cantidad debe ser mayor que 0.' },
    ],
    ['a movement of 0', { tipo: 'correccion', cantidad: 0 }, { cantidad: 'cantidad no puede ser 0' }],
    [
      'more than 100,000 units',
      { tipo: 'correccion', cantidad: 100_001 },
      { cantidad: 'cantidad debe estar entre -100000 y 100000' },
    ],
    [
      'less than -100,000 units',
      { tipo: 'correccion', cantidad: -100_001 },
      { cantidad: 'cantidad debe estar entre -100000 y 100000' },
    ],
    ['half a unit', { tipo: 'recepcion', cantidad: 1.5 }, { cantidad: 'cantidad debe ser un número entero' }],
    ['a quantity as text', { tipo: 'recepcion', cantidad: '5' }, { cantidad: 'cantidad debe ser un número' }],
    ['an unknown kind', { tipo: 'venta', cantidad: 5 }, { tipo: 'tipo debe ser recepcion o correccion' }],
    [
      'a note of 301 characters',
      { tipo: 'recepcion', cantidad: 5, nota: 'a'.repeat(301) },
      { nota: 'Escribe máximo 300 caracteres.' },
    ],
  ])('refuses %s', (_, movement, fields) => {
    expect(campos(StockMovementInputSchema, movement)).toEqual(fields)
  })
})

describe('IdParamsSchema: the `{id}` of the back office’s calls', () => {
  test('reads the path’s text as a number', () => {
    expect(IdParamsSchema.parse({ id: '15' })).toEqual({ id: 15 })
  })

  test.each([
    ['abc', 'id debe ser un número'],
    ['1.5', 'id debe ser un número entero'],
    ['0', 'id debe ser un número positivo'],
    ['2147483648', 'id es demasiado grande'],
  ])('refuses «%s»: %s', (id, message) => {
    expect(campos(IdParamsSchema, { id })).toEqual({ id: message })
  })
})

describe('IdOrderSchema: a new order of a list', () => {
  test('takes every id once', () => {
    expect(IdOrderSchema.parse({ ids: [3, 1, 2] })).toEqual({ ids: [3, 1, 2] })
    expect(IdOrderSchema.parse({ ids: [] })).toEqual({ ids: [] })
  })

  test.each([
    ['a repeated id', { ids: [1, 2, 1] }, { ids: 'ids: un id está repetido' }],
    ['something other than a list', { ids: '1,2' }, { ids: 'ids debe ser una lista de ids' }],
    ['an id of 0', { ids: [0] }, { 'ids.0': 'Cada id debe ser un número positivo' }],
    ['an id as text', { ids: [1, '2'] }, { 'ids.1': 'Cada id debe ser un número' }],
    ['a fractional id', { ids: [1.5] }, { 'ids.0': 'Cada id debe ser un número entero' }],
    ['an id past the database’s integers', { ids: [2_147_483_648] }, { 'ids.0': 'Un id es demasiado grande' }],
    ['501 ids', { ids: Array.from({ length: 501 }, (_, i) => i + 1) }, { ids: 'ids: máximo 500' }],
  ])('refuses %s', (_, body, fields) => {
    expect(campos(IdOrderSchema, body)).toEqual(fields)
  })
})

describe('StockMovementQuerySchema', () => {
  test('pages the movements 20 at a time by default', () => {
    expect(StockMovementQuerySchema.parse({})).toEqual({ pagina: 1, tamanio: 20 })
  })
})
