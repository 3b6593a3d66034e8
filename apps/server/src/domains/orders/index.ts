export { orderAdminRoutes } from './admin-routes'
export { orderRoutes } from './routes'
export { getOrder, type OrderView } from './service'
export {
  expirePendingOrders,
  markOrderPaid,
  markPaymentRejected,
  type TransitionOptions,
  type TransitionOutcome,
  transitionOrder,
} from './status'
export { startOrderExpirySweep } from './sweep'
