import type { Measure } from './measures'

/**
 * From severity to scores. Both scores run from 1 to 100 and are higher for healthier skin (less of
 * the concern), the convention of the output the specification copies.
 *
 * raw_score = clamp(100 / (1 + exp((s − m) / k)), 1, 100): a logistic curve standing in for the
 * empirical distribution of the severity s in a reference population (raw = 100·(1 − F(s))). `m`
 * is the severity that scores 50 and `k` its spread. They were first set from the severities of the
 * evaluation photos (`npm run eval:skin`, section 5): `m` near their 90th percentile (where skin
 * shows the concern plainly), so an ordinary clear face scores in the 80s–90s. Issue 13 then widened
 * `k` (moving `m` to keep the clear faces' scores) wherever the curve was steeper than the measure's
 * noise, until no change of the repeatability table moves a score beyond its bound, while each
 * controlled change of the evaluation still moves its own measure by more than 10.
 *
 * ui_score = round(100 · (raw / 100)^0.75): monotone, keeps 1 → 1 and 100 → 100 at its ends (up to
 * rounding) and lifts the middle gently (50 → 59, 80 → 85), as consumer skin apps do; the raw score
 * stays available for comparisons.
 */
export const CALIBRATION: Record<Measure, { m: number; k: number }> = {
  redness: { m: 56, k: 13.5 },
  wrinkle: { m: 29.5, k: 6.25 },
  pore: { m: 0.55, k: 0.15 },
  acne: { m: 10, k: 5 },
  eye_bag: { m: 38.5, k: 12.75 },
  texture: { m: 5.95, k: 1.5 },
  firmness: { m: 68, k: 17 },
}

export const UI_EXPONENT = 0.75

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value))

export function rawScore(measure: Measure, severity: number): number {
  const { m, k } = CALIBRATION[measure]
  const raw = 100 / (1 + Math.exp((severity - m) / k))
  return Math.round(clamp(raw, 1, 100) * 100) / 100
}

export function uiScore(raw: number): number {
  return Math.round(clamp(100 * (clamp(raw, 1, 100) / 100) ** UI_EXPONENT, 1, 100))
}

export interface Score {
  ui_score: number
  raw_score: number
}

export function score(measure: Measure, severity: number): Score {
  const raw = rawScore(measure, severity)
  return { raw_score: raw, ui_score: uiScore(raw) }
}

/** The overall score: the mean raw score of the seven measures, through the same ui transform. */
export function overallScore(scores: Record<Measure, Score>): Score {
  const values = Object.values(scores)
  const raw = Math.round((values.reduce((sum, s) => sum + s.raw_score, 0) / values.length) * 100) / 100
  return { raw_score: raw, ui_score: uiScore(raw) }
}
