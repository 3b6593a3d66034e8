import { SKIN_MEASURES } from '@piel/contracts'
import { describe, expect, it } from 'vitest'
import { type ConfidenceInput, confidenceSummary, measureConfidence } from './confidence'
import type { Measure } from './measures'

const everywhere = (skin: number, clipped: number) =>
  Object.fromEntries(SKIN_MEASURES.map((m) => [m, { skin, clipped }])) as ConfidenceInput['coverage']

const good: ConfidenceInput = {
  coverage: everywhere(0.95, 0),
  nativeIod: 200,
  sharpness: 300,
  pose: { yaw: 0.02, pitch: -0.03, roll: 0.1 },
}

describe('confidence of each reading', () => {
  it('trusts a sharp, frontal, well-exposed face with its skin in view fully, and names no reason', () => {
    for (const measure of SKIN_MEASURES) expect(measureConfidence(measure, good)).toEqual({ confianza: 1, motivos: [] })
  })

  it('lowers the colour readings most when highlights are clipped', () => {
    const clipped = { ...good, coverage: everywhere(0.95, 0.3) }
    const redness = measureConfidence('redness', clipped)
    const wrinkle = measureConfidence('wrinkle', clipped)
    expect(redness).toEqual({ confianza: 0.3, motivos: ['brillos'] })
    expect(wrinkle.confianza).toBeGreaterThan(redness.confianza)
  })

  it('lowers a reading whose regions are half hidden by shadow, hair or beard', () => {
    const coverage = { ...good.coverage, texture: { skin: 0.5, clipped: 0 } }
    const texture = measureConfidence('texture', { ...good, coverage })
    expect(texture.confianza).toBeLessThan(0.5)
    expect(texture.motivos).toEqual(['piel_cubierta'])
    expect(measureConfidence('redness', { ...good, coverage }).confianza).toBe(1)
  })

  it('lowers only the fine readings for a small or soft face, and every reading for a turned head', () => {
    const small = { ...good, nativeIod: 95, sharpness: 50 }
    const fine: Measure[] = ['wrinkle', 'pore', 'acne', 'texture']
    for (const measure of SKIN_MEASURES) {
      const { confianza, motivos } = measureConfidence(measure, small)
      if (fine.includes(measure)) {
        expect(confianza).toBeLessThan(0.5)
        expect(motivos).toEqual(['baja_resolucion', 'poca_nitidez'])
      } else expect(confianza).toBe(1)
    }
    const turned = measureConfidence('redness', { ...good, pose: { yaw: 0.4, pitch: 0, roll: 0 } })
    expect(turned.confianza).toBeLessThan(0.7)
    expect(turned.motivos).toEqual(['rostro_girado'])
  })
})

describe('confidence of a turned head read on one side, and of an expression', () => {
  it('names rostro_girado for every measure read on one side, even with a small yaw', () => {
    for (const side of ['right', 'left'] as const) {
      for (const measure of SKIN_MEASURES) {
        const oneSide = measureConfidence(measure, { ...good, pose: { yaw: 0.27, pitch: 0, roll: 0 }, side })
        expect(oneSide.confianza).toBeLessThanOrEqual(0.7)
        expect(oneSide.motivos).toContain('rostro_girado')
      }
    }
    // Both sides read: the pose's own ramp as before.
    expect(measureConfidence('pore', { ...good, side: 'both' })).toEqual({ confianza: 1, motivos: [] })
    const both = measureConfidence('pore', { ...good, pose: { yaw: 0.27, pitch: 0, roll: 0 }, side: 'both' })
    expect(both.confianza).toBeGreaterThan(0.7)
  })

  it('lowers a measure an expression folds without naming a reason (the contract has none for it)', () => {
    const folded = measureConfidence('firmness', { ...good, expression: ['firmness', 'eye_bag'] })
    expect(folded).toEqual({ confianza: 0.85, motivos: [] })
    expect(measureConfidence('redness', { ...good, expression: ['firmness'] })).toEqual({ confianza: 1, motivos: [] })
  })
})

describe('the summary of an analysis', () => {
  it('is the mean of the seven, its level, and each reason once with its Spanish sentence', () => {
    const perMeasure = Object.fromEntries(
      SKIN_MEASURES.map((m) => [m, measureConfidence(m, { ...good, coverage: everywhere(0.95, 0.3) })]),
    ) as Record<Measure, ReturnType<typeof measureConfidence>>
    const summary = confidenceSummary(perMeasure)
    expect(summary.nivel).toBe('baja')
    expect(summary.valor).toBeLessThan(0.5)
    expect(summary.motivos).toEqual([
      { codigo: 'brillos', mensaje: 'Parte de la piel sale quemada por la luz (brillos sin detalle).' },
    ])
    const clear = Object.fromEntries(SKIN_MEASURES.map((m) => [m, measureConfidence(m, good)])) as typeof perMeasure
    expect(confidenceSummary(clear)).toEqual({ valor: 1, nivel: 'alta', motivos: [] })
  })
})
