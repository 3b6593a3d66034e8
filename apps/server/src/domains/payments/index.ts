export { startWompiGateway, WOMPI_DOUBLE_PATH, type WompiGateway } from './gateway'
export { reconcilePayments, startPaymentReconciliation } from './reconcile'
export { paymentVoider } from './refunds'
export { paymentRoutes, paymentsContext } from './routes'
