export { imageUrlsByName, listProductNames, listProductsForAdvice, type ProductForAdvice } from './advice'
export { type CatalogDeps, createCatalogCache } from './cache'
export { PLACEHOLDER_IMAGE, reviewPhotoUrl } from './media'
export { getProductCatalogs } from './product-catalogs'
export { type ProductPrices, priceFor } from './product-rows'
export { getProductSummariesByIds, type PricedProductSummary } from './products'
export { assertReviewPhotoChangeable, reviewPhoto, setOrderReviewPhoto } from './review-photos'
export { addOrderReview, listOrderReviews, type OrderReviewDraft, type ProductReviewRow } from './reviews'
export { catalogRoutes, crawlerRoutes, mediaRoutes } from './routes'
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
export { getProductLabels, type LowStockProduct, listLowStockProducts, type ProductLabel } from './summary'
