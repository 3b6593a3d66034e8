// First: zod's settings apply to every schema built below.
import './zod-setup'

export * from './accounts'
export * from './addresses'
export * from './admin'
export * from './assistant'
export * from './auth-token'
export * from './catalog'
export * from './errors'
export * from './favorites'
export * from './google-sign-in'
export * from './media'
export * from './orders'
export * from './payments'
export * from './store'
export * from './uploads'
// Everything without zod (constants, Spanish texts, small rules): also `@piel/contracts/values`.
export * from './values'
