export { createWompiDouble } from './double'
export { eventChecksum, integritySignature } from './signatures'
export type {
  EventDelivery,
  WompiBehaviour,
  WompiDouble,
  WompiDoubleOptions,
  WompiKeys,
  WompiMerchantSummary,
  WompiPaymentMethod,
  WompiStatus,
  WompiTransaction,
} from './types'
