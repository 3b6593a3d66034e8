import {
  ACNE_GRADE_NAMES,
  type AcneGrade,
  SKIN_CONFIDENCE_REASONS,
  SKIN_MEASURES,
  type SkinConfidenceReason,
  type SkinConfidenceSummary,
  type SkinMeasure,
} from '@piel/contracts'
import { helpingActives, isSevere, KNOWLEDGE, LEVEL_PHRASES, LEVELS, levelOf, MEASURE_PHRASES } from './knowledge'
import { capitalise, joinSpanish, pick } from './text'

/** One measure as the advisor reads it: the engine's scores, and its confidence when known. */
export interface MeasureReading {
  ui_score: number
  raw_score: number
  confianza?: number
  motivos?: readonly SkinConfidenceReason[]
}

export type Readings = Readonly<Record<SkinMeasure, MeasureReading>>

export interface AnalysisReply {
  /** The reply, plain text with line breaks (the server renders it as safe HTML). */
  texto: string
  /** The measures the advice is about, most in need first (the products are chosen for these). */
  enfoque: SkinMeasure[]
  /** Whether the reply advises seeing a dermatologist. */
  dermatologo: boolean
}

/** A reading under this confidence is said to be unreliable, with its reasons. */
export const LOW_CONFIDENCE = 0.6
/** At most this many measures are advised on at once: a routine, not a list of everything. */
const MAX_FOCUS = 3

const OPENINGS = [
  '¡Listo! Ya analicé tu foto.',
  'Tu análisis de piel está listo.',
  'Gracias por la foto: aquí está tu análisis.',
]
const DISCLAIMER = 'Es una orientación cosmética a partir de una foto, no un diagnóstico médico.'

/** The overall score shown with a reply: the mean of the seven ui_scores. */
export const overallOf = (readings: Readings): number =>
  Math.round(SKIN_MEASURES.reduce((sum, m) => sum + readings[m].ui_score, 0) / SKIN_MEASURES.length)

/** The measures most in need, lowest score first, those that read well left out. */
export function focusOf(readings: Readings, limit = MAX_FOCUS): SkinMeasure[] {
  return [...SKIN_MEASURES]
    .filter((m) => readings[m].ui_score < LEVELS.bien)
    .sort((a, b) => readings[a].ui_score - readings[b].ui_score)
    .slice(0, limit)
}

/** The measures the engine could not read well (under `LOW_CONFIDENCE`), in the order of SKIN_MEASURES. */
export const unreliableMeasures = (readings: Readings): SkinMeasure[] =>
  SKIN_MEASURES.filter((m) => (readings[m].confianza ?? 1) < LOW_CONFIDENCE)

/**
 * What the shopper must know about a photo read with little confidence: one sentence for the whole
 * photo when its confidence is under `LOW_CONFIDENCE`, else one naming each measure under it, always
 * with the reasons and the advice to repeat the photo. Empty when every reading can be trusted.
 */
export function confidenceNotes(readings: Readings, photo?: Pick<SkinConfidenceSummary, 'valor'> | null): string[] {
  const low = unreliableMeasures(readings)
  const reasons = [...new Set(low.flatMap((m) => readings[m].motivos ?? []))].map((code) =>
    SKIN_CONFIDENCE_REASONS[code].replace(/\.$/, '').toLowerCase(),
  )
  const why = reasons.length ? `: ${joinSpanish(reasons)}` : ''
  const repeat = 'Repite la foto de frente, con luz pareja, sin sombras ni brillos, para un resultado fiable.'
  if (photo && photo.valor < LOW_CONFIDENCE) {
    return [`Esta foto se pudo leer con poca confianza${why}; tómala con cautela. ${repeat}`]
  }
  if (low.length === 0) return []
  const names = joinSpanish(low.map((m) => MEASURE_PHRASES[m]))
  return [
    `${low.length === 1 ? `La lectura de ${names} es poco confiable` : `Las lecturas de ${names} son poco confiables`}${why}. ${repeat}`,
  ]
}

/**
 * "Tu piel aparenta unos N años", said for what it is: the age a face and its skin show in a photo, not a
 * diagnosis. Nothing when the engine gave no trustworthy estimate (null, or an analysis stored before
 * the engine had one).
 */
export function skinAgeLine(edadPiel: number | null | undefined): string | null {
  if (typeof edadPiel !== 'number' || !Number.isFinite(edadPiel) || edadPiel <= 0) return null
  return `Tu piel aparenta unos ${Math.round(edadPiel)} años. Es la edad que aparentan tu rostro y la textura de tu piel en esta foto, estimada por el análisis; no es un diagnóstico y puede cambiar con la luz o la expresión.`
}

/** Grades of the Hayashi criterion the reply counts out loud: from moderate acne on. */
const GRADES_SAID: readonly AcneGrade['grado'][] = ['moderado', 'severo', 'muy_severo']

/**
 * "Conté N lesiones inflamatorias…" when the engine's Hayashi grade is moderate or worse; nothing for
 * a milder grade or an analysis stored before the engine counted lesions.
 */
export function acneGradeLine(gradoAcne: Pick<AcneGrade, 'grado' | 'lesiones'> | null | undefined): string | null {
  if (!gradoAcne || !GRADES_SAID.includes(gradoAcne.grado)) return null
  return `Conté ${gradoAcne.lesiones} lesiones inflamatorias en la mitad más afectada del rostro (${ACNE_GRADE_NAMES[gradoAcne.grado].toLowerCase()} según la escala de Hayashi).`
}

/**
 * The reply to a first analysis: an opening, the overall score, the skin age when the engine gave
 * one, what reads well, then for each
 * measure most in need what it is, how visible it is and which actives help (for acne, first the
 * lesions counted when the grade is moderate or worse), the reliability notes,
 * the dermatologist's advice when a result is marked, and the cosmetic disclaimer. `seed` varies the
 * phrasing between shoppers and analyses while the same input always reads the same.
 */
export function composeAnalysisReply(
  readings: Readings,
  seed: string,
  options: {
    edadPiel?: number | null
    gradoAcne?: Pick<AcneGrade, 'grado' | 'lesiones'> | null
    /** The whole photo's confidence (`confianza` of the analysis), when known. */
    confianza?: Pick<SkinConfidenceSummary, 'valor'> | null
    /** Actives the person must avoid (the skin profile's): not named as helping. */
    evitar?: readonly string[]
  } = {},
): AnalysisReply {
  const enfoque = focusOf(readings)
  const lines: string[] = [`${pick(OPENINGS, seed, 'opening')} Tu puntaje general es ${overallOf(readings)} de 100.`]
  const age = skinAgeLine(options.edadPiel)
  if (age) lines.push(age)
  const acneLine = acneGradeLine(options.gradoAcne)

  const strengths = [...SKIN_MEASURES]
    .filter((m) => readings[m].ui_score >= LEVELS.bien)
    .sort((a, b) => readings[b].ui_score - readings[a].ui_score)
    .slice(0, 2)
    .map((m) => KNOWLEDGE[m].nombre.toLowerCase())
  if (strengths.length > 0) lines.push(`Lo que mejor se ve: ${joinSpanish(strengths)}.`)

  const notes = confidenceNotes(readings, options.confianza)
  if (enfoque.length === 0) {
    lines.push(
      notes.length > 0
        ? 'Con esta foto ninguna medida muestra algo que atender, pero no todas se pudieron leer bien. Mientras tanto: limpieza suave, hidratación y protector solar todos los días.'
        : 'Ninguna medida muestra algo que atender. Para mantenerla así: limpieza suave, hidratación y protector solar todos los días.',
    )
  }
  for (const m of enfoque) {
    const k = KNOWLEDGE[m]
    const { ui_score } = readings[m]
    const level = pick(LEVEL_PHRASES[levelOf(ui_score)], seed, m)
    if (m === 'acne' && acneLine) lines.push(acneLine)
    const helping = helpingActives(m, options.evitar).slice(0, 3)
    lines.push(
      `${k.nombre} (${ui_score}/100): mide ${k.queMide}, y en tu foto ${level}. Ayudan ${joinSpanish(helping)}. ${pick(k.cuidados, seed, `${m}-care`)}`,
    )
    if (k.precaucion && helping.some((a) => k.precaucion?.toLowerCase().includes(a.toLowerCase()))) {
      lines.push(k.precaucion)
    }
  }
  // The lesions counted are said even when the acne score is not among the measures advised on.
  if (acneLine && !enfoque.includes('acne')) lines.push(acneLine)

  lines.push(...notes)

  const severe = SKIN_MEASURES.filter((m) => isSevere(readings[m].ui_score))
  for (const m of severe) lines.push(capitalise(KNOWLEDGE[m].dermatologo))
  lines.push(DISCLAIMER)
  return { texto: lines.join('\n\n'), enfoque, dermatologo: severe.length > 0 }
}
