/**
 * The port of the skin-analysis engine (`@piel/skin`'s `SkinEngine.analyze`), copied here so the
 * server compiles without the engine: `buildApp` receives an implementation (the real engine in
 * production, a deterministic double in tests). Without one, `/analyze-skin` answers 503.
 */
import type { AcneGradeCode, SkinConfidenceReason, SkinConfidenceSummary, SkinMeasure } from '@piel/contracts'

export type QualityCode =
  | 'ok'
  | 'no-face'
  | 'too-small'
  | 'not-frontal'
  | 'off-center'
  | 'too-dark'
  | 'blurry'
  | 'face-too-narrow'

export type Measure = SkinMeasure

export interface Score {
  ui_score: number
  raw_score: number
}

export interface SkinImage {
  data: Uint8Array
  width: number
  height: number
  channels: 3 | 4
}

export interface SkinAnalysis {
  /** Skin age: apparent age in whole years, or null when the estimate is not trustworthy. */
  edadPiel: number | null
  measures: Record<Measure, Score>
  overall: Score
  /** Per measure: how far the reading can be trusted (0–1) and the reasons it is not fully. */
  confidence: Record<Measure, { confianza: number; motivos: SkinConfidenceReason[] }>
  confidenceSummary: SkinConfidenceSummary
  regions: { name: string; polygon: [number, number][]; values: Partial<Record<Measure, number>> }[]
  /** Each inflammatory acne lesion: its centre and radius, in the photo's pixels. */
  lesions: { x: number; y: number; radius: number }[]
  /**
   * The acne grade by the Hayashi criterion: `count` lesions on the face, `halfFace` on its more
   * affected half (the count the grade is read from).
   */
  acneGrade: { count: number; halfFace: number; grade: AcneGradeCode }
  face: { box: [number, number, number, number]; score: number }
  image: { width: number; height: number }
  /**
   * The face's identity descriptor (unit-length float32), to tell whether a later photo shows the
   * same person; null or absent when the engine has none. Stored with the analysis only, never sent.
   */
  descriptor?: Float32Array | null
}

export interface SkinAnalysisOutcome {
  quality: { code: QualityCode; message: string }
  /** Present when `quality.code` is `ok`. */
  analysis?: SkinAnalysis
}

export interface SkinAnalyzer {
  analyze(image: SkinImage, options?: { mode?: 'chat' | 'upload' }): Promise<SkinAnalysisOutcome>
}
