export { orderAdminRoutes } from './admin-routes'
export { codeFigures } from './discount-usage'
export { orderDetailBlocks } from './mail'
export { orderMailPreviews, sampleOrder } from './mail-previews'
export { orderFigures } from './metrics'
export { orderReviewRoutes } from './review-routes'
export { orderRoutes } from './routes'
export { getOrder, type OrderRow, type OrderView } from './service'
export {
  beginPayment,
  expirePendingOrders,
  markOrderPaid,
  markPaymentRejected,
  NOT_YOUR_ORDER,
  type PaymentMethodChoice,
  paymentInProgress,
  syncPaymentHold,
  type TransitionOptions,
  type TransitionOutcome,
  transitionOrder,
} from './status'
export { type OrderStockMovement, orderStockMovements } from './stock-movements'
export { startOrderExpirySweep } from './sweep'
export { withdrawalAdminRoutes } from './withdrawal-admin-routes'
export { withdrawalRoutes } from './withdrawal-routes'
export type { PaymentVoider } from './withdrawals'
