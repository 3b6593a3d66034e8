import { SKIN_MEASURES, type SkinAnalysisResult, type SkinMeasureScore, type SkinScore } from '@piel/contracts'
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

/** The engine's analysis as `/analyze-skin` answers it (the shape of spec 001 §7, plus overall and regions). */
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
      polygon: region.polygon.map(([x, y]) => [Math.round(x * 10) / 10, Math.round(y * 10) / 10] as [number, number]),
      values: region.values,
    })),
  }
}
