export { ACIDS, CHEMICAL_FILTERS, CHILD_AVOID, ISOTRETINOIN_AVOID, RETINOIDS } from './actives'
export type { AnalysisReply, MeasureReading, Readings } from './analysis-reply'
export { composeAnalysisReply, focusOf, LOW_CONFIDENCE, overallOf, skinAgeLine } from './analysis-reply'
export type { ComparisonReply, MeasureComparison } from './comparison'
export { compareReadings, composeComparisonReply } from './comparison'
export { escapeHtml, isShopPath, toSafeHtml } from './html'
export type { Level, MeasureKnowledge, RoutineStep } from './knowledge'
export { helpingActives, isSevere, KNOWLEDGE, LEVELS, levelOf } from './knowledge'
export type { MessageReply, ShopFacts } from './messages'
export { ageInMonths, answerMessage, normalise, PREGNANCY_AVOID } from './messages'
export { type NamedProduct, productsNamed } from './products-named'
export type { ProfileRules, Subject } from './profile'
export {
  CHILD_PRODUCTS,
  DEFAULT_AGE_MONTHS,
  productsChosenFor,
  profileForRoutine,
  profileRules,
  profileSubject,
} from './profile'
export type {
  CatalogueProduct,
  ProductArea,
  Recommendation,
  RoutineItem,
  RoutineOptions,
  Weather,
} from './recommend'
export { CONCERNS, FALLBACK_COUNT, lowerInSentence, recommendRoutine } from './recommend'
export type { PregnancySafety, Restrictions, Unsuitable } from './suitability'
export {
  ADULT_MONTHS,
  ageLabel,
  CHILD_UNTIL_MONTHS,
  hasPerfume,
  minimumAgeMonths,
  pregnancySafety,
  restricts,
  SUNSCREEN_FROM_MONTHS,
  unsuitability,
} from './suitability'
export { joinSpanish } from './text'
