export type { AcneGrade, AcneGradeName } from './acne'
export { hayashiGrade } from './acne'
export type { ConfidenceInput, MeasureConfidence } from './confidence'
export { confidenceSummary, measureConfidence } from './confidence'
export type {
  AnalysisMode,
  SkinAnalysis,
  SkinAnalysisOutcome,
  SkinImage,
  SkinLesion,
  SkinRegion,
} from './engine'
export { SkinEngine } from './engine'
export type { Measure } from './measures'
export { CANONICAL_IOD } from './measures'
export type { DetectorPaths } from './paths'
export { installedPaths } from './paths'
export type { ScoreChange } from './repeatability'
export { compareScores, REPEATABILITY_BANDS } from './repeatability'
export type { Score } from './scoring'
export { CALIBRATION, rawScore, uiScore } from './scoring'
