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
  reserveStock,
  revertUnitsSold,
  type StockLine,
  type StockReservation,
} from './stock'
