import { SKIN_MEASURES, type SkinMeasure } from '@piel/contracts'
import { REPEATABILITY_BANDS } from '@piel/skin/repeatability'
import { describe, expect, it } from 'vitest'
import { composeAnalysisReply, type Readings } from './analysis-reply'
import { compareReadings, composeComparisonReply } from './comparison'
import { KNOWLEDGE, levelOf } from './knowledge'

const readings = (scores: Partial<Record<SkinMeasure, number>>, base = 92): Readings =>
  Object.fromEntries(
    SKIN_MEASURES.map((m) => {
      const ui = scores[m] ?? base
      return [m, { ui_score: ui, raw_score: ui }]
    }),
  ) as Readings

/** Words a cosmetic advisor must not use about a shopper's face: it does not diagnose nor cure. */
const NOT_COSMETIC = /\b(enfermedad|diagnostic[oa] (de|que)|padeces|sufres de|rosácea|dermatitis|curar|cura\b)/i

describe('the knowledge base', () => {
  it('explains every measure in plain words, with actives, characteristics, care and when to see a dermatologist', () => {
    for (const m of SKIN_MEASURES) {
      const k = KNOWLEDGE[m]
      expect(k.nombre.length).toBeGreaterThan(3)
      expect(k.queMide.length).toBeGreaterThan(20)
      expect(k.activos.length).toBeGreaterThanOrEqual(3)
      expect(k.caracteristicas.length).toBeGreaterThanOrEqual(4)
      expect(k.cuidados.length).toBeGreaterThanOrEqual(2)
      expect(k.dermatologo).toMatch(/dermatólogo|médico/)
    }
  })

  it('reads a score as a level: 85 and above well, under 50 marked', () => {
    expect([95, 85, 84, 70, 69, 50, 49, 10].map(levelOf)).toEqual([
      'bien',
      'bien',
      'leve',
      'leve',
      'moderada',
      'moderada',
      'marcada',
      'marcada',
    ])
  })
})

describe('the reply to a first analysis', () => {
  it('for clear skin: the overall score, what reads well, nothing to treat, no dermatologist', () => {
    const reply = composeAnalysisReply(readings({}), 'abc12345')
    expect(reply.enfoque).toEqual([])
    expect(reply.dermatologo).toBe(false)
    expect(reply.texto).toContain('Tu puntaje general es 92 de 100.')
    expect(reply.texto).toContain('Ninguna medida muestra algo que atender')
    expect(reply.texto).toContain('no un diagnóstico médico')
  })

  it('advises on the measures most in need, lowest first, naming what they measure and the actives that help', () => {
    const reply = composeAnalysisReply(readings({ pore: 74, texture: 62, redness: 80 }), 'abc12345')
    expect(reply.enfoque).toEqual(['texture', 'pore', 'redness'])
    expect(reply.texto).toContain('Textura (62/100): mide qué tan lisa y pareja se ve la superficie de la piel')
    expect(reply.texto).toContain('Ayudan ácido glicólico, ácido láctico y urea.')
    expect(reply.texto.indexOf('Textura (62')).toBeLessThan(reply.texto.indexOf('Poros (74'))
    expect(reply.dermatologo).toBe(false)
  })

  it('always advises a dermatologist when a result is marked, and stays cosmetic in its words', () => {
    for (const m of SKIN_MEASURES) {
      const reply = composeAnalysisReply(readings({ [m]: 30 }), `seed-${m}`)
      expect(reply.dermatologo).toBe(true)
      expect(reply.enfoque[0]).toBe(m)
      expect(reply.texto).toContain(KNOWLEDGE[m].dermatologo)
      expect(reply.texto).not.toMatch(NOT_COSMETIC)
    }
  })

  it('says the skin age as what the face shows in the photo, not a diagnosis; nothing when there is none', () => {
    const reply = composeAnalysisReply(readings({}), 'abc12345', { edadPiel: 34 })
    const lines = reply.texto.split('\n\n')
    expect(lines[1]).toBe(
      'Tu piel aparenta unos 34 años. Es la edad que aparentan tu rostro y la textura de tu piel en esta foto, estimada por el análisis; no es un diagnóstico y puede cambiar con la luz o la expresión.',
    )
    expect(reply.texto).not.toMatch(NOT_COSMETIC)
    for (const edadPiel of [null, undefined]) {
      expect(composeAnalysisReply(readings({}), 'abc12345', { edadPiel }).texto).not.toContain('aparenta')
    }
    expect(composeAnalysisReply(readings({}), 'abc12345').texto).not.toContain('aparenta')
  })

  it('counts the inflammatory lesions before the acne advice from moderate acne on (Hayashi); nothing for milder grades', () => {
    const sentence =
      'Conté 12 lesiones inflamatorias en la mitad más afectada del rostro (acné moderado según la escala de Hayashi).'
    const reply = composeAnalysisReply(readings({ acne: 60 }), 'abc12345', {
      gradoAcne: { grado: 'moderado', lesiones: 12 },
    })
    const lines = reply.texto.split('\n\n')
    const acneAdvice = lines.findIndex((line) => line.startsWith('Imperfecciones (60/100)'))
    expect(acneAdvice).toBeGreaterThan(0)
    expect(lines[acneAdvice - 1]).toBe(sentence)
    expect(reply.texto).not.toMatch(NOT_COSMETIC)

    // Said once, even when the acne score reads well enough to be left out of the advice.
    const outOfFocus = composeAnalysisReply(readings({ acne: 90 }), 'abc12345', {
      gradoAcne: { grado: 'muy_severo', lesiones: 64 },
    })
    expect(outOfFocus.texto.split('\n\n').filter((line) => line.startsWith('Conté'))).toEqual([
      'Conté 64 lesiones inflamatorias en la mitad más afectada del rostro (acné muy severo según la escala de Hayashi).',
    ])

    for (const gradoAcne of [
      { grado: 'leve', lesiones: 4 } as const,
      { grado: 'sin_lesiones', lesiones: 0 } as const,
      null,
      undefined,
    ]) {
      expect(composeAnalysisReply(readings({ acne: 60 }), 'abc12345', { gradoAcne }).texto).not.toContain('Conté')
    }
  })

  it('says plainly when a reading is unreliable, and why', () => {
    const base = readings({ texture: 60 })
    const doubtful: Readings = {
      ...base,
      texture: { ui_score: 60, raw_score: 55, confianza: 0.4, motivos: ['piel_cubierta'] },
    }
    const reply = composeAnalysisReply(doubtful, 'abc12345')
    expect(reply.texto).toContain(
      'La lectura de la textura es poco confiable: sombras, vello, barba o brillos cubren parte de la piel medida.',
    )
    expect(composeAnalysisReply(base, 'abc12345').texto).not.toContain('poco confiable')
  })

  it('a photo read with little confidence says so, even when every score reads well', () => {
    const fine = readings({})
    const glare: Readings = {
      ...fine,
      redness: { ui_score: 97, raw_score: 95, confianza: 0.3, motivos: ['brillos'] },
      eye_bag: { ui_score: 96, raw_score: 94, confianza: 0.35, motivos: ['brillos'] },
    }
    const reply = composeAnalysisReply(glare, 'abc12345')
    expect(reply.texto).toContain('Las lecturas de la rojez y las ojeras y bolsas son poco confiables')
    expect(reply.texto).toContain('Repite la foto')
    expect(reply.texto).not.toContain('Ninguna medida muestra algo que atender')
    const photo = composeAnalysisReply(glare, 'abc12345', { confianza: { valor: 0.42 } })
    expect(photo.texto).toContain('Esta foto se pudo leer con poca confianza')
    expect(composeAnalysisReply(fine, 'abc12345', { confianza: { valor: 0.9 } }).texto).not.toMatch(
      /confianza|confiable/,
    )
    // A comparison with such a photo says it too.
    expect(composeComparisonReply(fine, glare, 'abc12345').texto).toContain('poco confiables')
  })

  it('reads the same for the same input and varies its phrasing between shoppers', () => {
    const input = readings({ acne: 66, eye_bag: 72 })
    expect(composeAnalysisReply(input, 'ana@correo.co').texto).toBe(composeAnalysisReply(input, 'ana@correo.co').texto)
    const texts = new Set(
      ['a1', 'b2', 'c3', 'd4', 'e5', 'f6', 'g7', 'h8'].map((s) => composeAnalysisReply(input, s).texto),
    )
    expect(texts.size).toBeGreaterThan(2)
  })
})

describe('the comparison with the first analysis', () => {
  it('calls a move within the measure’s band "se mantiene", and beyond it better or worse with both numbers', () => {
    const before = readings({ redness: 70, texture: 80, pore: 75 })
    const after = readings({
      redness: 70 + REPEATABILITY_BANDS.redness,
      texture: 80 - REPEATABILITY_BANDS.texture - 8,
      pore: 75 + REPEATABILITY_BANDS.pore + 7,
    })
    const byMeasure = Object.fromEntries(compareReadings(before, after).map((c) => [c.measure, c]))
    expect(byMeasure.redness?.verdict).toBe('igual')
    expect(byMeasure.texture).toMatchObject({
      verdict: 'peor',
      antes: 80,
      despues: 80 - REPEATABILITY_BANDS.texture - 8,
    })
    expect(byMeasure.pore?.verdict).toBe('mejor')

    const reply = composeComparisonReply(before, after, 'abc12345')
    expect(reply.texto).toContain(
      `• Poros: mejoró, de 75 a ${75 + REPEATABILITY_BANDS.pore + 7} (+${REPEATABILITY_BANDS.pore + 7}).`,
    )
    expect(reply.texto).toContain(
      `• Textura: empeoró, de 80 a ${80 - REPEATABILITY_BANDS.texture - 8} (−${REPEATABILITY_BANDS.texture + 8}).`,
    )
    expect(reply.texto).toContain(
      `• Rojez: se mantiene (70 → ${70 + REPEATABILITY_BANDS.redness}; hasta ±${REPEATABILITY_BANDS.redness} puntos`,
    )
    expect(reply.texto).toContain('Mejoró 1 medida, empeoró 1, 5 se mantienen.')
    expect(reply.enfoque).toEqual(['texture'])
  })

  it('never congratulates nor alarms on noise: moves within every band read as a stable skin', () => {
    const before = readings({})
    const after = readings(Object.fromEntries(SKIN_MEASURES.map((m) => [m, 92 - REPEATABILITY_BANDS[m]])))
    const reply = composeComparisonReply(before, after, 'abc12345')
    expect(reply.medidas.every((c) => c.verdict === 'igual')).toBe(true)
    expect(reply.texto).toContain('Tu piel se mantiene estable')
    expect(reply.texto).not.toMatch(/mejoró|empeoró|avance/)
  })

  it('widens the band when a reading is less trusted', () => {
    const before = readings({ pore: 70 })
    const after: Readings = {
      ...readings({}),
      pore: { ui_score: 70 + REPEATABILITY_BANDS.pore + 2, raw_score: 0, confianza: 0.4 },
    }
    expect(compareReadings(before, after).find((c) => c.measure === 'pore')?.verdict).toBe('igual')
  })

  it('advises a dermatologist when a new result is marked', () => {
    const reply = composeComparisonReply(readings({ acne: 60 }), readings({ acne: 35 }), 'x')
    expect(reply.dermatologo).toBe(true)
    expect(reply.texto).toContain(KNOWLEDGE.acne.dermatologo)
  })
})
