import { describe, expect, test } from 'vitest'
import { expandQuery, normalizeText, splitTerms } from './search'

describe('normalizeText', () => {
  test.each([
    ['Protección SOLAR', 'proteccion solar'],
    ['  Ácido   Hialurónico ', 'acido hialuronico'],
    ['Niño<script>', 'nino script'],
    ['FPS 50+', 'fps 50+'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeText(input)).toBe(expected)
  })
})

describe('splitTerms', () => {
  test('splits on commas and spaces, drops duplicates and empty pieces', () => {
    expect(splitTerms('Cerave, crema  cerave,,')).toEqual(['cerave', 'crema'])
  })

  test('keeps at most eight terms', () => {
    expect(splitTerms('a1 a2 a3 a4 a5 a6 a7 a8 a9 a10')).toHaveLength(8)
  })
})

describe('expandQuery', () => {
  const groups = [
    ['protector solar', 'bloqueador'],
    ['ojeras', 'contorno de ojos'],
  ]

  test('a synonym adds the other phrases of its group with a lower weight', () => {
    expect(expandQuery('Bloqueador', groups)).toEqual([
      { text: 'bloqueador', weight: 1 },
      { text: 'protector solar', weight: 0.8 },
    ])
  })

  test('a multi-word phrase is recognised inside a longer query, accents and case ignored', () => {
    const texts = expandQuery('crema PROTECTOR solar', groups).map((phrase) => phrase.text)
    expect(texts).toEqual(['crema', 'protector', 'solar', 'protector solar', 'bloqueador'])
  })

  test('words that are only part of a phrase do not trigger it', () => {
    expect(expandQuery('ojos', groups)).toEqual([{ text: 'ojos', weight: 1 }])
  })
})
