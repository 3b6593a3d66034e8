import {
  ACNE_GRADE_NAMES,
  type AcneGrade,
  SKIN_MEASURES,
  type SkinAnalysisResult,
  type SkinLesion,
  type SkinMeasureScore,
  type SkinScore,
} from '@piel/contracts'
import type { Config } from '../../config'
import type { Score, SkinAnalysis } from './analyzer'
import type { PhotoRow } from './tables'

/**
 * The address the chat fetches the photo from. It carries the chat code, which is what lets its
 * holder (the chat, or the phone that sent it) read the photo.
 */
export function imageUrlOf(config: Pick<Config, 'PUBLIC_URL'>, photo: Pick<PhotoRow, 'id' | 'code'>): string {
  const url = new URL(`/fotos/${photo.id}`, config.PUBLIC_URL)
  url.searchParams.set('code', photo.code)
  return url.toString()
}

function toWireScore(score: Score): SkinScore {
  if (!Number.isFinite(score.ui_score) || !Number.isFinite(score.raw_score)) {
    throw new Error(`the skin engine returned a score that is not a number: ${JSON.stringify(score)}`)
  }
  const clamp = (value: number) => Math.min(100, Math.max(0, value))
  return { ui_score: Math.round(clamp(score.ui_score)), raw_score: Math.round(clamp(score.raw_score) * 100) / 100 }
}

/** Photo pixels to 0.1 px, as the regions' outlines. */
const tenth = (value: number) => Math.round(value * 10) / 10

/** The lesions the engine counted, centre and radius to 0.1 px; one that is not a number is left out. */
function toWireLesions(lesions: SkinAnalysis['lesions']): SkinLesion[] {
  return lesions
    .filter(({ x, y, radius }) => [x, y, radius].every(Number.isFinite))
    .map(({ x, y, radius }) => ({
      x: tenth(Math.max(0, x)),
      y: tenth(Math.max(0, y)),
      radio: tenth(Math.max(0, radius)),
    }))
}

/** The engine's Hayashi grade with its Spanish name; `lesiones` is the count on the more affected half of the face. */
function toWireAcneGrade(grade: SkinAnalysis['acneGrade']): AcneGrade {
  if (!Number.isFinite(grade.halfFace)) {
    throw new Error(`the skin engine returned a lesion count that is not a number: ${JSON.stringify(grade)}`)
  }
  return {
    escala: 'Hayashi',
    grado: grade.grade,
    lesiones: Math.max(0, Math.round(grade.halfFace)),
    nombre: ACNE_GRADE_NAMES[grade.grade],
  }
}

/** The engine's analysis as `/analyze-skin` answers it (the shape of spec 001 §7, plus overall, regions, lesions and the acne grade). */
export function toWireAnalysis(analysis: SkinAnalysis): SkinAnalysisResult {
  const measures = Object.fromEntries(
    SKIN_MEASURES.map((measure) => {
      const { confianza, motivos } = analysis.confidence[measure]
      return [measure, { ...toWireScore(analysis.measures[measure]), confianza, motivos }]
    }),
  ) as Record<(typeof SKIN_MEASURES)[number], SkinMeasureScore>
  const age = analysis.edadPiel
  return {
    edadPiel: typeof age === 'number' && Number.isFinite(age) ? Math.round(age) : null,
    ...measures,
    overall: toWireScore(analysis.overall),
    confianza: analysis.confidenceSummary,
    regions: analysis.regions.map((region) => ({
      name: region.name,
      polygon: region.polygon.map(([x, y]) => [tenth(x), tenth(y)] as [number, number]),
      values: region.values,
    })),
    lesiones: toWireLesions(analysis.lesions),
    gradoAcne: toWireAcneGrade(analysis.acneGrade),
  }
}
