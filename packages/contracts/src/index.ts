import { z } from 'zod'

// Validation messages in Spanish on both sides of the wire.
z.config(z.locales.es())

export * from './accounts'
export * from './addresses'
export * from './assistant'
export * from './auth-token'
export * from './catalog'
export * from './constants'
export * from './errors'
export * from './favorites'
export * from './google-sign-in'
export * from './money'
export * from './orders'
export * from './payments'
export * from './store'
export * from './text'
export * from './uploads'
