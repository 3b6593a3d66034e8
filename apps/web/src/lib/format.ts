export { formatCop } from '@piel/contracts/values'

const dateFormatter = new Intl.DateTimeFormat('es-CO', { day: 'numeric', month: 'long', year: 'numeric' })
const dateTimeFormatter = new Intl.DateTimeFormat('es-CO', { dateStyle: 'medium', timeStyle: 'short' })
const timeFormatter = new Intl.DateTimeFormat('es-CO', { timeStyle: 'short' })
const shortDateFormatter = new Intl.DateTimeFormat('es-CO', { day: 'numeric', month: 'short', year: 'numeric' })

/** `formatDate('2025-03-07')` → "7 de marzo de 2025". Date-only strings are read as local dates, not UTC. */
export function formatDate(value: Date | string): string {
  return dateFormatter.format(toDate(value))
}

export function formatDateTime(value: Date | string): string {
  return dateTimeFormatter.format(toDate(value))
}

/** `formatShortDate('2025-03-07')` → "7 de mar de 2025", for tables on narrow screens. */
export function formatShortDate(value: Date | string): string {
  return shortDateFormatter.format(toDate(value))
}

/** `formatTime('2025-03-07T15:04:00Z')` → "10:04 a. m." (the browser's time zone). */
export function formatTime(value: Date | string): string {
  return timeFormatter.format(toDate(value))
}

function toDate(value: Date | string): Date {
  if (value instanceof Date) return value
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00`) : new Date(value)
}
