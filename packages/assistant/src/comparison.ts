import { SKIN_MEASURES, type SkinConfidenceSummary, type SkinMeasure } from '@piel/contracts'
import { compareScores, type ScoreChange } from '@piel/skin/repeatability'
import { confidenceNotes, overallOf, type Readings } from './analysis-reply'
import { helpingActives, isSevere, KNOWLEDGE, MEASURE_PHRASES } from './knowledge'
import { joinSpanish, pick, signed } from './text'

export interface MeasureComparison extends ScoreChange {
  measure: SkinMeasure
  antes: number
  despues: number
}

export interface ComparisonReply {
  texto: string
  medidas: MeasureComparison[]
  /** The measures that got worse beyond noise, worst first (the products are chosen for these). */
  enfoque: SkinMeasure[]
  dermatologo: boolean
}

/**
 * Every measure of two analyses of the same person (the first and the new one): better or worse
 * only beyond the engine's test-retest band for that measure (`REPEATABILITY_BANDS` of `@piel/skin`,
 * widened when a reading is less trusted); smaller moves read "se mantiene". Noise is never
 * congratulated nor alarmed about.
 */
export function compareReadings(before: Readings, after: Readings): MeasureComparison[] {
  return SKIN_MEASURES.map((measure) => ({
    measure,
    antes: before[measure].ui_score,
    despues: after[measure].ui_score,
    ...compareScores(measure, before[measure], after[measure]),
  }))
}

const OPENINGS = ['Comparé tu foto nueva con la primera.', 'Aquí va la comparación con tu primer análisis.']

function line(c: MeasureComparison): string {
  const name = KNOWLEDGE[c.measure].nombre
  if (c.verdict === 'mejor') return `• ${name}: mejoró, de ${c.antes} a ${c.despues} (${signed(c.difference)}).`
  if (c.verdict === 'peor') return `• ${name}: empeoró, de ${c.antes} a ${c.despues} (${signed(c.difference)}).`
  return `• ${name}: se mantiene (${c.antes} → ${c.despues}; hasta ±${c.band} puntos es la variación normal entre dos fotos).`
}

/**
 * The reply to a new analysis when a first one exists: a count of what changed, one line per
 * measure with both scores, care for what got worse, the dermatologist's advice when a new result
 * is marked, and the disclaimer.
 */
export function composeComparisonReply(
  before: Readings,
  after: Readings,
  seed: string,
  photo?: Pick<SkinConfidenceSummary, 'valor'> | null,
  /** Actives the person must avoid (the skin profile's): not named as helping. */
  evitar: readonly string[] = [],
): ComparisonReply {
  const medidas = compareReadings(before, after)
  const better = medidas.filter((c) => c.verdict === 'mejor')
  const worse = medidas.filter((c) => c.verdict === 'peor').sort((a, b) => a.difference - b.difference)
  const same = medidas.length - better.length - worse.length
  const lines = [pick(OPENINGS, seed, 'opening')]
  if (better.length === 0 && worse.length === 0) {
    lines.push(
      `Tu piel se mantiene estable: ninguna medida cambió más que la variación normal entre dos fotos. Puntaje general: ${overallOf(before)} → ${overallOf(after)}.`,
    )
  } else {
    const parts = [
      better.length ? `${better.length === 1 ? 'mejoró 1 medida' : `mejoraron ${better.length} medidas`}` : '',
      worse.length ? `${worse.length === 1 ? 'empeoró 1' : `empeoraron ${worse.length}`}` : '',
      same ? `${same === 1 ? '1 se mantiene' : `${same} se mantienen`}` : '',
    ].filter(Boolean)
    lines.push(
      `${parts.join(', ')}. Puntaje general: ${overallOf(before)} → ${overallOf(after)}.`.replace(/^./, (c) =>
        c.toUpperCase(),
      ),
    )
  }
  lines.push(medidas.map(line).join('\n'))
  if (better.length > 0) {
    // What changed, not why: light, season, sleep or the camera move a photo too, so the routine is not credited.
    lines.push(
      `Se ven mejor que en tu primera foto: ${joinSpanish(better.map((c) => MEASURE_PHRASES[c.measure]))}. La luz, la época del año o el descanso también cambian una foto; si te sienta bien tu rutina, puedes seguir con ella.`,
    )
  }
  for (const c of worse.slice(0, 2)) {
    const k = KNOWLEDGE[c.measure]
    lines.push(
      `Para ${MEASURE_PHRASES[c.measure]}: ayudan ${joinSpanish(helpingActives(c.measure, evitar).slice(0, 3))}. ${pick(k.cuidados, seed, c.measure)}`,
    )
  }
  // A new photo read with little confidence: said, since its changes count less (the bands widen).
  lines.push(...confidenceNotes(after, photo))
  const severe = SKIN_MEASURES.filter((m) => isSevere(after[m].ui_score))
  for (const m of severe) lines.push(KNOWLEDGE[m].dermatologo)
  lines.push('Es una orientación cosmética a partir de fotos, no un diagnóstico médico.')
  return { texto: lines.join('\n\n'), medidas, enfoque: worse.map((c) => c.measure), dermatologo: severe.length > 0 }
}
