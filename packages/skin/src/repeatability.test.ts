import { describe, expect, it } from 'vitest'
import { compareScores, REPEATABILITY_BANDS } from './repeatability'

describe('telling a change from noise between two analyses', () => {
  it('calls a move within the band the same, beyond it better or worse', () => {
    const band = REPEATABILITY_BANDS.eye_bag
    expect(compareScores('eye_bag', { ui_score: 80 }, { ui_score: 80 + band })).toEqual({
      difference: band,
      band,
      verdict: 'igual',
    })
    expect(compareScores('eye_bag', { ui_score: 80 }, { ui_score: 81 + band }).verdict).toBe('mejor')
    expect(compareScores('eye_bag', { ui_score: 80 }, { ui_score: 79 - band }).verdict).toBe('peor')
  })

  it('widens the band when either reading is less trusted, up to double', () => {
    const band = REPEATABILITY_BANDS.pore
    const trusted = compareScores('pore', { ui_score: 70, confianza: 0.9 }, { ui_score: 70 + band + 2, confianza: 0.8 })
    expect(trusted).toMatchObject({ band, verdict: 'mejor' })
    const doubtful = compareScores(
      'pore',
      { ui_score: 70, confianza: 0.9 },
      { ui_score: 70 + band + 2, confianza: 0.5 },
    )
    expect(doubtful.band).toBeGreaterThan(band)
    expect(doubtful.verdict).toBe('igual')
    expect(compareScores('pore', { ui_score: 70, confianza: 0.1 }, { ui_score: 70 }).band).toBe(2 * band)
  })
})
