import { WITHDRAWAL_REFUND_DAYS, WITHDRAWAL_TERM_BUSINESS_DAYS } from '@piel/contracts'
import { getHolidaysForYear } from 'colombian-holidays'

/**
 * Colombia's calendar for the withdrawal right (Ley 1480 de 2011 art. 47 counts business days): the
 * days in Colombia's time, its public holidays of any year, the withdrawal term and the refund's
 * deadline. The server decides them; the web shows what it says.
 */
/**
 * Colombia's public holidays (días festivos) of a year, as observed, `YYYY-MM-DD`: Ley 51 de 1983
 * ("Ley Emiliani") moves Reyes, San José, San Pedro y San Pablo, Asunción, Día de la Raza, Todos los
 * Santos, Independencia de Cartagena, Ascensión, Corpus Christi and Sagrado Corazón to the following
 * Monday; 1 Jan, Holy Thursday and Good Friday, 1 May, 20 Jul, 7 Aug, 8 Dec and 25 Dec stay on their
 * date (Ley 37 de 1905). Computed for any year, Easter included, by `colombian-holidays`; the tests
 * hold 2025–2030 against the calendars of the Ministerio del Trabajo.
 */
export function colombianHolidays(year: number): ReadonlySet<string> {
  let days = holidaysByYear.get(year)
  if (!days) {
    days = new Set(getHolidaysForYear(year).map((holiday) => holiday.celebrationDate))
    holidaysByYear.set(year, days)
  }
  return days
}
const holidaysByYear = new Map<number, ReadonlySet<string>>()

const DAY_MS = 86_400_000
/** Colombia keeps UTC−5 all year (no daylight saving). */
const COLOMBIA_OFFSET_MS = -5 * 3_600_000

/** The day in Colombia (`YYYY-MM-DD`) of an instant. */
export const colombianDay = (at: Date) => new Date(at.getTime() + COLOMBIA_OFFSET_MS).toISOString().slice(0, 10)

/** Monday to Friday and not a Colombian holiday. */
export function isBusinessDay(day: string): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay()
  return weekday !== 0 && weekday !== 6 && !colombianHolidays(Number(day.slice(0, 4))).has(day)
}

/**
 * The withdrawal term of a delivery: the business days are counted from the day after the delivery
 * (in Colombia's calendar), and the term runs to the end (24:00 in Colombia) of the fifth one.
 * `lastDay` is that day (`YYYY-MM-DD`), `endsAt` the instant it ends.
 */
export function withdrawalTerm(deliveredAt: Date): { lastDay: string; endsAt: Date } {
  let day = colombianDay(deliveredAt)
  let counted = 0
  while (counted < WITHDRAWAL_TERM_BUSINESS_DAYS) {
    day = new Date(new Date(`${day}T00:00:00Z`).getTime() + DAY_MS).toISOString().slice(0, 10)
    if (isBusinessDay(day)) counted++
  }
  return { lastDay: day, endsAt: new Date(new Date(`${day}T00:00:00Z`).getTime() + DAY_MS - COLOMBIA_OFFSET_MS) }
}

/** The last day to refund a withdrawal asked for at `requestedAt` (30 calendar days, Colombia's calendar). */
export const refundDeadline = (requestedAt: Date) =>
  new Date(new Date(`${colombianDay(requestedAt)}T00:00:00Z`).getTime() + WITHDRAWAL_REFUND_DAYS * DAY_MS)
    .toISOString()
    .slice(0, 10)
