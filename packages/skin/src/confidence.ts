import {
  SKIN_CONFIDENCE_LEVELS,
  SKIN_CONFIDENCE_REASONS,
  SKIN_MEASURES,
  type SkinConfidenceReason,
  type SkinConfidenceSummary,
} from '@piel/contracts'
import type { Measure } from './measures'
import type { FaceSide } from './pose'
import type { HeadPose } from './quality'

/**
 * How far each measure's reading can be trusted, 0–1 (issue 13): the product of one factor per
 * cause, each 1 when the cause is absent. A factor under `REASON_BELOW` names its reason, so the
 * chat can say why ("Sombras, vello, barba o brillos cubren parte de la piel medida.").
 *
 * - Skin kept: the share of the measure's regions left after glare, deep shadow, hair and beard are
 *   taken out — 1 from 85 %, falling to 0.3 at 45 % and below.
 * - Clipped highlights: the share of those regions with a burnt-out channel. Colour measures
 *   (redness, acne, eye bags) lose their reading there fastest (0.3 at a quarter clipped), the
 *   shading ones at half.
 * - Resolution, for the fine measures (wrinkles, pores, acne, texture): the face's inter-ocular
 *   distance in the photo's pixels — 1 from 160 px (about 0.4 mm of skin per pixel), 0.6 at 90 px.
 * - Sharpness, for the same: the checks' Laplacian variance (`blurry` under 40) — 1 from 120 (a
 *   phone selfie's), 0.6 at 40.
 * - Pose: yaw or pitch from 6° (one cheek foreshortened) to 25° takes it to 0.6. A head turned far
 *   enough that one side is read alone (`side`, from 10° of yaw, pose.ts) is at most 0.7, so `rostro_girado`
 *   is always named then: the reading covers half the face and loses the two sides' cross-check.
 * - Expression: a measure whose regions a smile, raised brows or a frown fold (`expression`, left out
 *   or, for eye bags under a smile, still read) is at 0.85 at most. There is no reason code for it in
 *   the contract yet, so it lowers `confianza` without naming one.
 */
export interface ConfidenceInput {
  /** Per measure, the share of its regions kept as skin and the share clipped. */
  coverage: Record<Measure, { skin: number; clipped: number }>
  /** Inter-ocular distance in the photo's pixels. */
  nativeIod: number
  /** The sharpness of the checks (variance of the Laplacian at 256 px wide). */
  sharpness: number
  /** Head pose from the mesh, radians. */
  pose: HeadPose
  /** The sides measured (pose.ts): one side alone when the head is turned. Both when absent. */
  side?: FaceSide
  /** The measures whose regions an expression folds (pose.ts `expressionMeasures`). */
  expression?: readonly Measure[]
}

export interface MeasureConfidence {
  confianza: number
  motivos: SkinConfidenceReason[]
}

/** A factor under this names its reason. */
export const REASON_BELOW = 0.85
/** The pose factor's ceiling when one side is read alone (under REASON_BELOW: the reason is named). */
export const ONE_SIDE_FACTOR = 0.7
/** The factor of a measure an expression folds. */
export const EXPRESSION_FACTOR = 0.85

const FINE_MEASURES: readonly Measure[] = ['wrinkle', 'pore', 'acne', 'texture']
const COLOUR_MEASURES: readonly Measure[] = ['redness', 'acne', 'eye_bag']

const clamp01 = (value: number) => Math.min(1, Math.max(0, value))
/** 0 at `low`, 1 at `high`, straight in between. */
const ramp = (value: number, low: number, high: number) => clamp01((value - low) / (high - low))
const round2 = (value: number) => Math.round(value * 100) / 100

export function measureConfidence(measure: Measure, input: ConfidenceInput): MeasureConfidence {
  const { skin, clipped } = input.coverage[measure]
  const fine = FINE_MEASURES.includes(measure)
  const factors: [SkinConfidenceReason, number][] = [
    ['piel_cubierta', 0.3 + 0.7 * ramp(skin, 0.45, 0.85)],
    ['brillos', 1 - 0.7 * ramp(clipped, 0.02, COLOUR_MEASURES.includes(measure) ? 0.25 : 0.5)],
    ['baja_resolucion', fine ? 0.6 + 0.4 * ramp(input.nativeIod, 90, 160) : 1],
    ['poca_nitidez', fine ? 0.6 + 0.4 * ramp(input.sharpness, 40, 120) : 1],
    [
      'rostro_girado',
      Math.min(
        1 - 0.4 * ramp(Math.max(Math.abs(input.pose.yaw), Math.abs(input.pose.pitch)), 0.1, 0.44),
        input.side !== undefined && input.side !== 'both' ? ONE_SIDE_FACTOR : 1,
      ),
    ],
  ]
  // Not a named reason (the contract has no code for an expression yet): it only lowers the figure.
  let confianza = input.expression?.includes(measure) ? EXPRESSION_FACTOR : 1
  const motivos: SkinConfidenceReason[] = []
  for (const [reason, factor] of factors) {
    confianza *= factor
    if (factor < REASON_BELOW) motivos.push(reason)
  }
  return { confianza: round2(confianza), motivos }
}

/** The whole analysis: the mean of the seven, its level, and each reason once with its sentence. */
export function confidenceSummary(perMeasure: Record<Measure, MeasureConfidence>): SkinConfidenceSummary {
  const valor = round2(SKIN_MEASURES.reduce((sum, m) => sum + perMeasure[m].confianza, 0) / SKIN_MEASURES.length)
  const nivel = valor >= SKIN_CONFIDENCE_LEVELS.alta ? 'alta' : valor >= SKIN_CONFIDENCE_LEVELS.media ? 'media' : 'baja'
  const codes = new Set(SKIN_MEASURES.flatMap((m) => perMeasure[m].motivos))
  const motivos = (Object.keys(SKIN_CONFIDENCE_REASONS) as SkinConfidenceReason[])
    .filter((code) => codes.has(code))
    .map((codigo) => ({ codigo, mensaje: SKIN_CONFIDENCE_REASONS[codigo] }))
  return { valor, nivel, motivos }
}
