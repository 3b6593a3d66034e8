export { createCodeGuard, createUploadLinks, type UploadLinks } from './access'
export { type AnalysisMetrics, inThreadAnalysis, type PhotoAnalysis } from './analysis'
export { startAnalysisPool } from './analysis-pool'
export { connectAnalysisQueue } from './analysis-queue'
export type { QualityCode, SkinAnalysis, SkinAnalysisOutcome, SkinAnalyzer, SkinImage } from './analyzer'
export type { TimeSummary } from './gate'
export { modelRoutes } from './models'
export { type Realtime, startRealtime } from './realtime'
export { type UploadsOptions, uploadRoutes } from './routes'
export {
  type AnalysisOwner,
  deleteExpiredPhotos,
  firstAndLastAnalysis,
  nextAnalysisAt,
  type StoredAnalysisRow,
} from './service'
export {
  deleteSkinProfile,
  getSkinProfile,
  type SkinProfileOwner,
  type StoredSkinProfile,
  saveSkinProfile,
} from './skin-profile'
export { createPhotoStorage, type PhotoStorage } from './storage'
export { startPhotoRetentionSweep } from './sweep'
