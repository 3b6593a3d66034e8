import './zod-setup'
import { describe, expect, test } from 'vitest'
import {
  StoreMessageIdParamsSchema,
  StoreMessageQuerySchema,
  StoreMessageReadSchema,
  StoreMessageReplyInputSchema,
  StoreMessageSchema,
} from './contact'
import { campos } from './testing/campos'

describe('StoreMessageSchema: a comment to the store', () => {
  test('is trimmed; name and e-mail are optional', () => {
    expect(StoreMessageSchema.parse({ Asunto: ' Pedido ', Observacion: ' No llegó. ' })).toEqual({
      Asunto: 'Pedido',
      Observacion: 'No llegó.',
    })
  })

  test('names the missing subject and text and a bad e-mail', () => {
    expect(campos(StoreMessageSchema, { Asunto: '', Observacion: '  ', Correo: 'ana@' })).toEqual({
      Asunto: 'Asunto es requerido',
      Observacion: 'Observacion es requerido',
      Correo: 'Correo inválido',
    })
  })

  test('limits the subject to 150 and the text to 3,000 characters', () => {
    expect(campos(StoreMessageSchema, { Asunto: 'a'.repeat(151), Observacion: 'a'.repeat(3001) })).toEqual({
      Asunto: 'Asunto admite máximo 150 caracteres',
      Observacion: 'Observacion admite máximo 3000 caracteres',
    })
  })
})

describe('StoreMessageQuerySchema', () => {
  test('lists every message by default, 20 a page', () => {
    expect(StoreMessageQuerySchema.parse({})).toEqual({ estado: 'todos', pagina: 1, tamanio: 20 })
  })

  test('refuses an unknown state', () => {
    expect(campos(StoreMessageQuerySchema, { estado: 'nuevos' })).toEqual({
      estado: 'estado debe ser sin-leer, leidos o todos',
    })
  })
})

describe('StoreMessageReplyInputSchema: the reply sent by e-mail', () => {
  test('is trimmed', () => {
    expect(StoreMessageReplyInputSchema.parse({ mensaje: ' Gracias por escribirnos. ' })).toEqual({
      mensaje: 'Gracias por escribirnos.',
    })
  })

  test.each([
    ['missing', undefined, 'Escribe la respuesta.'],
    ['only spaces', '   ', 'Escribe la respuesta.'],
    ['of 5,001 characters', 'a'.repeat(5001), 'Escribe máximo 5000 caracteres.'],
  ])('refuses a reply %s', (_, mensaje, message) => {
    expect(campos(StoreMessageReplyInputSchema, { mensaje })).toEqual({ mensaje: message })
  })

  test('5,000 characters are the longest reply', () => {
    expect(StoreMessageReplyInputSchema.parse({ mensaje: 'a'.repeat(5000) }).mensaje).toHaveLength(5000)
  })
})

describe('StoreMessageReadSchema and StoreMessageIdParamsSchema', () => {
  test('mark a message read or unread with a boolean only', () => {
    expect(StoreMessageReadSchema.parse({ leido: false })).toEqual({ leido: false })
    expect(campos(StoreMessageReadSchema, { leido: 'si' })).toEqual({ leido: 'leido debe ser true o false' })
  })

  test.each([
    ['abc', 'id debe ser un número'],
    ['2.5', 'id debe ser un número entero'],
    ['-1', 'id debe ser un número positivo'],
    ['2147483648', 'id es demasiado grande'],
  ])('refuse the message id «%s»', (id, message) => {
    expect(campos(StoreMessageIdParamsSchema, { id })).toEqual({ id: message })
  })
})
