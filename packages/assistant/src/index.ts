export type { AnalysisReply, MeasureReading, Readings } from './analysis-reply'
export { composeAnalysisReply, focusOf, LOW_CONFIDENCE, overallOf, skinAgeLine } from './analysis-reply'
export type { ComparisonReply, MeasureComparison } from './comparison'
export { compareReadings, composeComparisonReply } from './comparison'
export { escapeHtml, isShopPath, toSafeHtml } from './html'
export type { Level, MeasureKnowledge, RoutineStep } from './knowledge'
export { isSevere, KNOWLEDGE, LEVELS, levelOf } from './knowledge'
export type { MessageReply, ShopFacts } from './messages'
export { answerMessage, normalise, PREGNANCY_AVOID } from './messages'
export { type NamedProduct, productsNamed } from './products-named'
export type {
  CatalogueProduct,
  ProductArea,
  Recommendation,
  RoutineItem,
  RoutineOptions,
  Weather,
} from './recommend'
export { CONCERNS, FALLBACK_COUNT, lowerInSentence, recommendRoutine } from './recommend'
