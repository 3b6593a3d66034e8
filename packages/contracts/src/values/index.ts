/*
 * The contracts' values without a schema: constants, the Spanish texts of the specs and the small
 * rules both sides share (money, text, order states). No module here imports zod at run time, so the
 * web app's first load takes them without zod (issue 16); the schemas load with the calls that use them.
 */
export * from './accounts'
export * from './addresses'
export * from './assistant'
export * from './catalog'
export * from './constants'
export * from './contact'
export * from './error-reports'
export * from './errors'
export * from './favorites'
export * from './google-sign-in'
export * from './media'
export * from './money'
export * from './orders'
export * from './payments'
export * from './reviews'
export * from './shipping'
export * from './skin-profile'
export * from './stock-alerts'
export * from './text'
export * from './uploads'
export * from './withdrawals'
