import './zod-setup'
import { describe, expect, test } from 'vitest'
import {
  AnalysisWaitSchema,
  ChatbotMessageSchema,
  ChatRequestSchema,
  ClimaRequestSchema,
  ClimaSchema,
  ImageChatbotRequestSchema,
  MyAnalysesQuerySchema,
  PrediccionesSchema,
  ProductUrlsQuerySchema,
} from './assistant'
import { campos } from './testing/campos'

describe('ChatbotMessageSchema: a free-text message to the advisor', () => {
  test('is trimmed; the weather is optional', () => {
    expect(ChatbotMessageSchema.parse({ mensaje: '  ¿Qué protector uso?  ' })).toEqual({
      mensaje: '¿Qué protector uso?',
    })
  })

  test('2,000 characters are the longest message', () => {
    expect(ChatbotMessageSchema.parse({ mensaje: 'a'.repeat(2000) }).mensaje).toHaveLength(2000)
  })

  test.each([
    ['missing', undefined, 'Escriba un mensaje.'],
    ['only spaces', '   ', 'Escriba un mensaje.'],
    ['of 2,001 characters', 'a'.repeat(2001), 'El mensaje no puede tener más de 2.000 caracteres.'],
    ['with a control character', 'hola\u0007', 'El mensaje tiene caracteres no válidos.'],
    ['with half an emoji', 'hola \uD83D', 'El mensaje tiene caracteres no válidos.'],
  ])('refuses a message %s', (_, mensaje, message) => {
    expect(campos(ChatbotMessageSchema, { mensaje })).toEqual({ mensaje: message })
  })

  test('the image and chat server’s /chat applies the same rule to `message`', () => {
    expect(campos(ChatRequestSchema, { message: ' ' })).toEqual({ message: 'Escriba un mensaje.' })
    expect(ChatRequestSchema.parse({ message: ' hola ', uniqueCode: 'AB12CD34' })).toEqual({
      message: 'hola',
      uniqueCode: 'AB12CD34',
    })
  })
})

describe('ClimaSchema: the weather where the shopper is', () => {
  test('accepts the edges of each reading', () => {
    const extremes = { temperatura: -60, humedad: 100, uv: 20, estado: 'Soleado' }
    expect(ClimaSchema.parse(extremes)).toEqual(extremes)
    expect(ClimaSchema.parse({ temperatura: 60, humedad: 0, uv: 0 })).toEqual({ temperatura: 60, humedad: 0, uv: 0 })
  })

  test('refuses readings no place on Earth has', () => {
    expect(Object.keys(campos(ClimaSchema, { temperatura: 61, humedad: -1, uv: 21, estado: 'a'.repeat(61) }))).toEqual([
      'temperatura',
      'humedad',
      'uv',
      'estado',
    ])
  })
})

describe('ClimaRequestSchema: where the shopper is', () => {
  test('reads the coordinates as numbers', () => {
    expect(ClimaRequestSchema.parse({ Latitud: '4.6097', Longitud: '-74.0817' })).toEqual({
      Latitud: 4.6097,
      Longitud: -74.0817,
    })
  })

  test.each([
    [
      'a latitude past the pole',
      { Latitud: 90.1, Longitud: 0 },
      { Latitud: 'Latitud debe ser un número entre -90 y 90.' },
    ],
    [
      'a latitude as a word',
      { Latitud: 'norte', Longitud: 0 },
      { Latitud: 'Latitud debe ser un número entre -90 y 90.' },
    ],
    [
      'a longitude past the antimeridian',
      { Latitud: 0, Longitud: -180.5 },
      { Longitud: 'Longitud debe ser un número entre -180 y 180.' },
    ],
  ])('refuses %s', (_, body, fields) => {
    expect(campos(ClimaRequestSchema, body)).toEqual(fields)
  })
})

describe('ProductUrlsQuerySchema: up to 50 product names', () => {
  test('one name in the query is a list of one', () => {
    expect(ProductUrlsQuerySchema.parse({ nombres: 'Gel limpiador' })).toEqual({ nombres: ['Gel limpiador'] })
    expect(ProductUrlsQuerySchema.parse({ nombres: ['A', 'B'] })).toEqual({ nombres: ['A', 'B'] })
  })

  test.each([
    ['no name', {}, { nombres: 'Indique al menos un nombre de producto (nombres).' }],
    ['an empty list', { nombres: [] }, { nombres: 'Indique al menos un nombre de producto (nombres).' }],
    ['51 names', { nombres: Array(51).fill('Crema') }, { nombres: 'Se pueden consultar hasta 50 nombres a la vez.' }],
    [
      'a name of 301 characters',
      { nombres: ['a'.repeat(301)] },
      { 'nombres.0': 'Un nombre de producto no puede tener más de 300 caracteres.' },
    ],
    ['a name with NUL', { nombres: ['ok', 'Crema\u0000'] }, { 'nombres.1': 'El nombre tiene caracteres no válidos.' }],
  ])('refuses %s', (_, query, fields) => {
    expect(campos(ProductUrlsQuerySchema, query)).toEqual(fields)
  })
})

describe('PrediccionesSchema: the measures the chat sends', () => {
  test('a measure without its scores counts as 0', () => {
    expect(PrediccionesSchema.parse({ redness: {}, pore: { uiScore: 80 } })).toEqual({
      redness: { uiScore: 0, rawScore: 0 },
      pore: { uiScore: 80, rawScore: 0 },
    })
  })

  test('a score above 100 is refused', () => {
    expect(Object.keys(campos(PrediccionesSchema, { acne: { uiScore: 101 } }))).toEqual(['acne.uiScore'])
  })
})

describe('the chat’s key in the analysis calls', () => {
  test.each([
    ['an anonymous code', 'AB12CD34'],
    ['a logged-in shopper’s e-mail', 'ana.perez@correo.co'],
  ])('accepts %s', (_, userId) => {
    expect(MyAnalysesQuerySchema.parse({ userId })).toEqual({ userId })
    expect(ImageChatbotRequestSchema.parse({ userId })).toEqual({ userId })
  })

  test('refuses a missing or short key', () => {
    expect(campos(MyAnalysesQuerySchema, {})).toEqual({ userId: 'Falta el código del chat.' })
    expect(campos(ImageChatbotRequestSchema, { userId: 'abc' })).toEqual({
      userId: 'El código del chat debe tener entre 8 y 64 caracteres.',
    })
  })
})

describe('AnalysisWaitSchema: the 429 within 7 days of the last analysis', () => {
  const wait = {
    mensaje: 'Ya tienes un análisis de piel reciente.',
    codigo: 'analisis_reciente',
    diasRestantes: 1,
    proximoAnalisis: '2026-03-17T15:00:00.000Z',
  }

  test('says at least one day remains', () => {
    expect(AnalysisWaitSchema.parse(wait)).toEqual(wait)
    expect(Object.keys(campos(AnalysisWaitSchema, { ...wait, diasRestantes: 0 }))).toEqual(['diasRestantes'])
  })

  test('carries its own code and an ISO moment with its offset', () => {
    expect(Object.keys(campos(AnalysisWaitSchema, { ...wait, codigo: 'otro', proximoAnalisis: '17/03/2026' }))).toEqual(
      ['codigo', 'proximoAnalisis'],
    )
    expect(AnalysisWaitSchema.safeParse({ ...wait, proximoAnalisis: '2026-03-17T10:00:00-05:00' }).success).toBe(true)
  })
})
