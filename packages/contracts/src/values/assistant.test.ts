import { describe, expect, test } from 'vitest'
import { ANALYSIS_COOLDOWN_MS, analysisWaitMessage, daysUntil } from './assistant'

const now = new Date('2026-03-10T15:00:00Z')
const after = (ms: number) => new Date(now.getTime() + ms)
const HOUR = 3_600_000
const DAY = 24 * HOUR

describe('daysUntil: days still to wait before the next skin analysis, rounded up', () => {
  test.each([
    ['the whole 7-day wait', ANALYSIS_COOLDOWN_MS, 7],
    ['6 days and 1 ms', 6 * DAY + 1, 7],
    ['exactly 6 days', 6 * DAY, 6],
    ['25 hours', 25 * HOUR, 2],
    ['exactly 1 day', DAY, 1],
    ['2 hours', 2 * HOUR, 1],
    ['1 ms', 1, 1],
  ])('%s → %i', (_, wait, days) => {
    expect(daysUntil(after(wait), now)).toBe(days)
  })

  test('a wait already over still reads 1 day, never 0 or less', () => {
    expect(daysUntil(after(0), now)).toBe(1)
    expect(daysUntil(after(-3 * DAY), now)).toBe(1)
  })

  test('the cooldown is 7 days', () => {
    expect(ANALYSIS_COOLDOWN_MS).toBe(7 * DAY)
  })
})

describe('analysisWaitMessage (spec 001 §8)', () => {
  test('one day reads "1 día"', () => {
    expect(analysisWaitMessage(1)).toBe(
      'Ya tienes un análisis de piel reciente. Para que la comparación muestre cambios reales, el siguiente análisis se hace 7 días después del anterior: podrás enviar una foto nueva en 1 día.',
    )
  })

  test('more days read "días"', () => {
    expect(analysisWaitMessage(6)).toMatch(/podrás enviar una foto nueva en 6 días\.$/)
  })
})
