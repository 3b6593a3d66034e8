import { formatCop } from '@piel/contracts/values'

export { formatCop }

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

const dayMonthFormatter = new Intl.DateTimeFormat('es-CO', { day: 'numeric', month: 'short', timeZone: 'UTC' })

/** `formatDayMonth('2025-11-24')` → "24 nov": a day of a chart. The string names the day itself, in no time zone. */
export function formatDayMonth(day: string): string {
  const parts = dayMonthFormatter.formatToParts(new Date(`${day}T00:00:00Z`))
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((item) => item.type === type)?.value ?? ''
  return `${part('day')} ${part('month').replace('.', '')}`
}

/** `formatCopShort(1_250_000)` → "$ 1,3 M", `formatCopShort(450_000)` → "$ 450 mil": money on a chart's axis. */
export function formatCopShort(value: number): string {
  if (Math.abs(value) >= 1_000_000) {
    return `$ ${(value / 1_000_000).toLocaleString('es-CO', { maximumFractionDigits: 1 })} M`
  }
  if (Math.abs(value) >= 1_000) return `$ ${Math.round(value / 1_000)} mil`
  return formatCop(value)
}

function toDate(value: Date | string): Date {
  if (value instanceof Date) return value
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00`) : new Date(value)
}
