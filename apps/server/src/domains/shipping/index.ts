export { shippingAdminRoutes, shippingRoutes } from './routes'
export {
  type Coverage,
  createZone,
  ensureShippingZones,
  placeName,
  type ShippingRule,
  setFreeFrom,
  shippingCharge,
  shippingCoverage,
  shippingRuleFor,
  shopShipping,
} from './service'
export { toWireShippingQuote } from './wire'
