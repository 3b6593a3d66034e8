// @vitest-environment happy-dom
import { CLIMA_NO_ESPECIFICADO } from '@piel/contracts/values'
import { beforeEach, describe, expect, test } from 'vitest'
import { type AnalysisVisual, anonymousCode, CHAT_KEYS, type ChatHistory, chatStorage } from './chat-storage'

const puntajes = { redness: 80, wrinkle: 72, pore: 65, acne: 90, eye_bag: 70, texture: 75, firmness: 84 }

const analysis: AnalysisVisual = {
  analisis: { fecha: '2026-11-20T15:04:05.000Z', puntajes, general: 76 },
  primerAnalisis: { fecha: '2026-11-01T10:00:00-05:00', puntajes: { ...puntajes, acne: 60 }, general: 70 },
  comparacion: [{ medida: 'acne', antes: 60, despues: 90, diferencia: 30, banda: 6, veredicto: 'mejor' }],
  photo: {
    url: '/fotos/abc.webp',
    width: 800,
    height: 1000,
    regions: [
      {
        name: 'mejilla izquierda',
        polygon: [
          [1, 2],
          [3, 4],
          [5, 6],
        ],
        values: { redness: 40 },
      },
    ],
    lesiones: [{ x: 410.5, y: 620, radio: 4.2 }],
  },
  edadPiel: 29,
  gradoAcne: { escala: 'Hayashi', grado: 'leve', lesiones: 1, nombre: 'Acné leve' },
}

const history: ChatHistory = {
  messages: [
    { id: '1', text: 'Hola', sender: 'bot' },
    { id: '2', text: 'Tu piel…', sender: 'bot', html: true, analysis },
    { id: '3', text: '¿Y el sol?', sender: 'user', imageUrl: '/fotos/abc.webp', showQR: false },
    { id: '4', text: 'Para aconsejarte mejor…', sender: 'bot', profilePrompt: true },
  ],
  products: [{ id: 7, nombre: 'Protector', url: '/media/p7.webp', razon: 'Para el sol' }],
}

const store = (value: unknown) => localStorage.setItem(CHAT_KEYS.history, JSON.stringify(value))

beforeEach(() => localStorage.clear())

describe('the chat kept in this browser', () => {
  test('reads back exactly what it wrote, analyses and products included', () => {
    chatStorage.writeHistory(history)
    expect(chatStorage.readHistory()).toEqual(history)
  })

  test('a history written before products were kept reads with none', () => {
    store({ messages: history.messages })
    expect(chatStorage.readHistory()).toEqual({ messages: history.messages, products: [] })
  })

  test('an analysis kept before the lesions, the skin age and the acne grade reads without them', () => {
    const { edadPiel: _age, gradoAcne: _grade, ...before } = analysis
    const photo = { ...analysis.photo, lesiones: undefined }
    store({ messages: [{ id: '1', text: 'x', sender: 'bot', analysis: { ...before, photo } }] })
    const read = chatStorage.readHistory()?.messages[0]?.analysis
    expect(read).toEqual({ ...before, photo: { ...photo, lesiones: undefined } })
    expect(read && 'gradoAcne' in read).toBe(false)
    expect(read?.photo && 'lesiones' in read.photo).toBe(false)
  })

  test('a skin age the engine could not read (null) is kept as null', () => {
    chatStorage.writeHistory({
      ...history,
      messages: [{ id: '1', text: 'x', sender: 'bot', analysis: { ...analysis, edadPiel: null } }],
    })
    expect(chatStorage.readHistory()?.messages[0]?.analysis?.edadPiel).toBeNull()
  })

  test('drops fields it does not know', () => {
    store({ ...history, messages: [{ ...history.messages[0], onclick: 'alert(1)' }], extra: true })
    expect(chatStorage.readHistory()?.messages).toEqual([history.messages[0]])
  })

  test.each([
    ['a sender that is neither the shopper nor the bot', { messages: [{ id: '1', text: 'x', sender: 'admin' }] }],
    ['a message without text', { messages: [{ id: '1', sender: 'bot' }] }],
    ['a flag that is not true or false', { messages: [{ id: '1', text: 'x', sender: 'bot', html: 'yes' }] }],
    [
      'an analysis missing a measure',
      {
        messages: [
          {
            id: '1',
            text: 'x',
            sender: 'bot',
            analysis: { ...analysis, analisis: { ...analysis.analisis, puntajes: { redness: 1 } } },
          },
        ],
      },
    ],
    [
      'an analysis whose date is not a date',
      {
        messages: [
          {
            id: '1',
            text: 'x',
            sender: 'bot',
            analysis: { ...analysis, analisis: { ...analysis.analisis, fecha: 'ayer' } },
          },
        ],
      },
    ],
    [
      'a comparison with an unknown verdict',
      {
        messages: [
          {
            id: '1',
            text: 'x',
            sender: 'bot',
            analysis: { ...analysis, comparacion: [{ ...analysis.comparacion[0], veredicto: 'genial' }] },
          },
        ],
      },
    ],
    [
      'an acne grade of another scale',
      {
        messages: [
          {
            id: '1',
            text: 'x',
            sender: 'bot',
            analysis: { ...analysis, gradoAcne: { ...analysis.gradoAcne, escala: 'x' } },
          },
        ],
      },
    ],
    [
      'a lesion without its radius',
      {
        messages: [
          {
            id: '1',
            text: 'x',
            sender: 'bot',
            analysis: { ...analysis, photo: { ...analysis.photo, lesiones: [{ x: 1, y: 2 }] } },
          },
        ],
      },
    ],
    ['a product whose id is not a whole number', { messages: [], products: [{ ...history.products[0], id: 1.5 }] }],
    ['more than 500 messages', { messages: Array.from({ length: 501 }, () => history.messages[0]) }],
    ['a list that is not a list', { messages: 'hola' }],
  ])('reads as no history when it holds %s', (_, value) => {
    store(value)
    expect(chatStorage.readHistory()).toBeNull()
  })

  test('stored text that is not JSON reads as no history', () => {
    localStorage.setItem(CHAT_KEYS.history, '{"messages": [')
    expect(chatStorage.readHistory()).toBeNull()
  })

  test('the weather: out of range or absent reads as "No especificado"', () => {
    chatStorage.writeWeather({ temperatura: 18, humedad: 70, uv: 9, estado: 'Nublado' })
    expect(chatStorage.readWeather()).toEqual({ temperatura: 18, humedad: 70, uv: 9, estado: 'Nublado' })
    chatStorage.writeWeather({ temperatura: 99 })
    expect(chatStorage.readWeather()).toEqual({ estado: CLIMA_NO_ESPECIFICADO })
  })

  test('"Quitar" the weather: nothing is kept and it reads as "No especificado"', () => {
    chatStorage.writeWeather({ temperatura: 20, humedad: 70, uv: 5 })
    chatStorage.clearWeather()
    expect(localStorage.getItem(CHAT_KEYS.weather)).toBeNull()
    expect(chatStorage.readWeather()).toEqual({ estado: CLIMA_NO_ESPECIFICADO })
  })

  test('a visitor keeps a valid code and gets a new one for a tampered value', () => {
    const code = anonymousCode()
    expect(code).toMatch(/^[A-Za-z0-9]{8}$/)
    expect(anonymousCode()).toBe(code)
    localStorage.setItem(CHAT_KEYS.uniqueCode, JSON.stringify('../../x'))
    expect(anonymousCode()).not.toBe('../../x')
  })

  test('a saved analysis needs all seven scores', () => {
    chatStorage.saveAnalysis('ana@example.com', puntajes, 1000)
    expect(chatStorage.readLastAnalysis('ana@example.com')).toEqual({ time: 1000, puntajes })
    localStorage.setItem(CHAT_KEYS.lastAnalysis('ana@example.com'), JSON.stringify({ time: 1, puntajes: { acne: 1 } }))
    expect(chatStorage.readLastAnalysis('ana@example.com')).toBeNull()
  })
})
