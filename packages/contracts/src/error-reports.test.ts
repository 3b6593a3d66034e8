import './zod-setup'
import { describe, expect, test } from 'vitest'
import {
  ClientErrorReportSchema,
  ErrorGroupIdParamsSchema,
  ErrorGroupQuerySchema,
  ErrorGroupStateSchema,
} from './error-reports'
import { campos } from './testing/campos'

const report = { tipo: 'fallo', mensaje: 'TypeError: x is undefined', pagina: '/Cart', version: '2026.03.1' }

describe('ClientErrorReportSchema: a report is cut, never refused for its length', () => {
  test('a short report passes as sent', () => {
    expect(ClientErrorReportSchema.parse(report)).toEqual(report)
  })

  test('each text is cut to its limit', () => {
    const parsed = ClientErrorReportSchema.parse({
      ...report,
      mensaje: 'm'.repeat(600),
      pila: 'p'.repeat(5000),
      pagina: `/${'a'.repeat(400)}`,
      version: 'v'.repeat(50),
      ruta: `/${'r'.repeat(400)}`,
    })
    expect(
      [parsed.mensaje, parsed.pila, parsed.pagina, parsed.version, parsed.ruta].map((text) => text?.length),
    ).toEqual([500, 4000, 300, 40, 300])
    expect(parsed.mensaje).toBe('m'.repeat(500))
  })

  test('a failed request carries its status and method', () => {
    const request = { ...report, tipo: 'peticion', estado: 0, metodo: 'POST', ruta: '/swagger/api/orden/CrearOrden' }
    expect(ClientErrorReportSchema.parse(request)).toEqual(request)
  })

  test.each([
    ['an unknown kind', { tipo: 'aviso' }, { tipo: 'tipo debe ser fallo o peticion' }],
    ['an empty message', { mensaje: '' }, { mensaje: 'mensaje es obligatorio' }],
  ])('refuses %s', (_, change, fields) => {
    expect(campos(ClientErrorReportSchema, { ...report, ...change })).toEqual(fields)
  })

  test.each([
    ['a status above 599', { estado: 600 }, 'estado'],
    ['a fractional status', { estado: 404.5 }, 'estado'],
    ['a method the browser never sends', { metodo: 'TRACE' }, 'metodo'],
  ])('refuses %s', (_, change, field) => {
    expect(Object.keys(campos(ClientErrorReportSchema, { ...report, ...change }))).toEqual([field])
  })
})

describe('ErrorGroupQuerySchema', () => {
  test('lists the open groups, the newest first, by default', () => {
    expect(ErrorGroupQuerySchema.parse({})).toEqual({ estado: 'abierto', orden: 'recientes', pagina: 1, tamanio: 20 })
  })

  test('takes every state, or all of them', () => {
    expect(ErrorGroupQuerySchema.parse({ estado: 'todos', orden: 'frecuentes' })).toMatchObject({
      estado: 'todos',
      orden: 'frecuentes',
    })
  })

  test('names the allowed values', () => {
    expect(campos(ErrorGroupQuerySchema, { estado: 'cerrado', orden: 'antiguos' })).toEqual({
      estado: 'estado debe ser abierto, resuelto, ignorado o todos',
      orden: 'orden debe ser recientes o frecuentes',
    })
  })
})

describe('ErrorGroupStateSchema and ErrorGroupIdParamsSchema', () => {
  test('a group is marked open, resolved or ignored, never «todos»', () => {
    expect(ErrorGroupStateSchema.parse({ estado: 'resuelto' })).toEqual({ estado: 'resuelto' })
    expect(campos(ErrorGroupStateSchema, { estado: 'todos' })).toEqual({
      estado: 'estado debe ser abierto, resuelto o ignorado',
    })
  })

  test.each([
    ['x', 'id debe ser un número'],
    ['1.5', 'id debe ser un número entero'],
    ['0', 'id debe ser un número positivo'],
    ['2147483648', 'id es demasiado grande'],
  ])('refuse the group id «%s»', (id, message) => {
    expect(campos(ErrorGroupIdParamsSchema, { id })).toEqual({ id: message })
  })
})
