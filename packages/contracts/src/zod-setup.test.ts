import './zod-setup'
import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { ErrorBodySchema } from './errors'

describe('zod-setup: validation messages a schema does not name itself read in Spanish', () => {
  test('a missing text', () => {
    expect(ErrorBodySchema.safeParse({ codigo: 'sin_stock' }).error?.issues[0]?.message).toBe(
      'Entrada inválida: se esperaba texto, recibido indefinido',
    )
  })

  test('a number where a text goes', () => {
    expect(ErrorBodySchema.safeParse({ mensaje: 5, codigo: 'x' }).error?.issues[0]?.message).toBe(
      'Entrada inválida: se esperaba texto, recibido número',
    )
  })

  test('a number too large', () => {
    expect(z.number().max(60).safeParse(61).error?.issues[0]?.message).toBe(
      'Demasiado grande: se esperaba que número fuera <=60',
    )
  })

  test('an error answer takes an optional field → message map', () => {
    expect(
      ErrorBodySchema.parse({ mensaje: 'Datos inválidos', codigo: 'datos_invalidos', campos: { email: 'Requerido' } }),
    ).toEqual({ mensaje: 'Datos inválidos', codigo: 'datos_invalidos', campos: { email: 'Requerido' } })
  })
})
