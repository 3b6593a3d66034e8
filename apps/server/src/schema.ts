/** Every table of every domain, for Drizzle's relational queries and drizzle-kit. */

export * from './domains/accounts/tables'
export * from './domains/addresses/tables'
export * from './domains/catalog/tables'
export * from './domains/contact/tables'
export * from './domains/favorites/tables'
export * from './domains/orders/tables'
export * from './domains/payments/tables'
export * from './domains/uploads/tables'
export * from './shared/tables'
