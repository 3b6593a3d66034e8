export {
  getProductSummariesByIds,
  type PricedProductSummary,
  type PriceTier,
} from './products'
export { catalogRoutes, mediaRoutes } from './routes'
export { getActiveStore, getStoresByIds, type StoreRow } from './service'
export {
  getProductsForPricing,
  type ProductForPricing,
  recordUnitsSold,
  releaseStock,
  revertUnitsSold,
  type StockLine,
  type StockProblem,
} from './stock'
