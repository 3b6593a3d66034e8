import type { DiscountCode } from '@piel/contracts'
import { formatCop } from '@piel/contracts/values'

/**
 * How the back office reads a discount code (issue 35): what it gives, its rules in plain Spanish, its state, and
 * its dates in Colombia's time. Colombia keeps UTC−5 all year (no daylight saving), so its wall clock is the
 * instant minus five hours, whatever the browser's own time zone.
 */

const COLOMBIA_OFFSET = '-05:00'
const COLOMBIA_OFFSET_MS = 5 * 60 * 60 * 1000
const MONTHS = ['ene.', 'feb.', 'mar.', 'abr.', 'may.', 'jun.', 'jul.', 'ago.', 'sept.', 'oct.', 'nov.', 'dic.']

/** The instant as Colombia's wall clock reads it, in the fields of a UTC `Date`. */
const colombiaClock = (iso: string) => new Date(Date.parse(iso) - COLOMBIA_OFFSET_MS)

/** `2026-12-01T05:00:00.000Z` → `2026-12-01T00:00`: a date-time input's value, in Colombia's time. */
export function colombiaInputOf(iso: string | null): string {
  if (!iso || Number.isNaN(Date.parse(iso))) return ''
  return colombiaClock(iso).toISOString().slice(0, 16)
}

/**
 * A date-time input's value (`2026-12-01T00:00`, Colombia's time) as the contract takes it:
 * `2026-12-01T00:00:00-05:00`; empty is null. Anything else goes as typed, for the contract to refuse.
 */
export function isoOfColombia(local: string): string | null {
  const text = local.trim()
  if (text === '') return null
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(text)) return `${text}:00${COLOMBIA_OFFSET}`
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/.test(text)) return `${text}${COLOMBIA_OFFSET}`
  return text
}

const dayOf = (clock: Date) => `${clock.getUTCDate()} ${MONTHS[clock.getUTCMonth()]} ${clock.getUTCFullYear()}`

/**
 * "1 dic. 2026", with the time when it is not midnight ("1 dic. 2026, 8:30 a. m."), in Colombia's time. As the `end`
 * of a code's dates, the last day it runs: an end at midnight is the day before ("2027-01-01 00:00" → "31 dic.
 * 2026"), and one at 11:59 p. m. is that day.
 */
export function colombiaDayText(iso: string, { end = false }: { end?: boolean } = {}): string {
  const clock = colombiaClock(iso)
  const hours = clock.getUTCHours()
  const minutes = clock.getUTCMinutes()
  if (hours === 0 && minutes === 0) return dayOf(end ? new Date(clock.getTime() - 60_000) : clock)
  if (end && hours === 23 && minutes === 59) return dayOf(clock)
  const half = hours < 12 ? 'a. m.' : 'p. m.'
  const hour = hours % 12 === 0 ? 12 : hours % 12
  return `${dayOf(clock)}, ${hour}:${String(minutes).padStart(2, '0')} ${half}`
}

/** What the code takes off: "10 %" or "$ 20.000". */
export const benefitText = (code: Pick<DiscountCode, 'tipo' | 'valor'>) =>
  code.tipo === 'porcentaje' ? `${code.valor} %` : formatCop(code.valor)

/** "Del 1 dic. 2026 al 31 dic. 2026", "Desde el 1 dic. 2026", "Hasta el 31 dic. 2026" (the last day), or null. */
export function validityText(code: Pick<DiscountCode, 'desde' | 'hasta'>): string | null {
  const until = code.hasta ? colombiaDayText(code.hasta, { end: true }) : null
  if (code.desde && until) return `Del ${colombiaDayText(code.desde)} al ${until}`
  if (code.desde) return `Desde el ${colombiaDayText(code.desde)}`
  if (until) return `Hasta el ${until}`
  return null
}

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`

/** "2 productos y 1 catálogo excluidos", "1 producto excluido", or null when nothing is left out. */
export function exclusionsText(products: number, catalogs: number): string | null {
  if (products === 0 && catalogs === 0) return null
  const parts = [
    products > 0 ? counted(products, 'producto', 'productos') : null,
    catalogs > 0 ? counted(catalogs, 'catálogo', 'catálogos') : null,
  ].filter((part): part is string => part !== null)
  const plural = products + catalogs > 1
  return `${parts.join(' y ')} ${plural ? 'excluidos' : 'excluido'}`
}

/** The code's rules, one sentence each, in the order a shopper meets them; empty when it has none. */
export function rulesOf(code: DiscountCode): string[] {
  const rules: (string | null)[] = [
    code.compraMinima !== null ? `Compra mínima de ${formatCop(code.compraMinima)}` : null,
    validityText(code),
    code.usosMaximos !== null ? `${code.usos} de ${code.usosMaximos} usos` : null,
    code.usosPorPersona !== null ? `${code.usosPorPersona} por persona` : null,
    code.soloPrimeraCompra ? 'Solo primera compra' : null,
    code.permiteCorporativo ? 'También clientes corporativos' : null,
    exclusionsText(code.productosExcluidos.length, code.catalogosExcluidos.length),
  ]
  return rules.filter((rule): rule is string => rule !== null)
}

export type CodeState = 'Activo' | 'Pausado' | 'Vencido' | 'Programado' | 'Agotado'

/**
 * Where the code stands for a shopper now. What no pause can change comes first: a code past its end is
 * "Vencido" and one whose uses ran out "Agotado", paused or not; then a paused one; then one not started yet.
 */
export function codeState(
  code: Pick<DiscountCode, 'activo' | 'desde' | 'hasta' | 'usos' | 'usosMaximos'>,
  now: Date = new Date(),
): CodeState {
  const at = now.getTime()
  if (code.hasta && at >= Date.parse(code.hasta)) return 'Vencido'
  if (code.usosMaximos !== null && code.usos >= code.usosMaximos) return 'Agotado'
  if (!code.activo) return 'Pausado'
  if (code.desde && at < Date.parse(code.desde)) return 'Programado'
  return 'Activo'
}

/**
 * A peso amount as typed ("20.000", "$ 20000", "20000"): thousands' dots, spaces and the sign are left out. Anything
 * that is no whole number is `NaN`, which the contract refuses with its own message.
 */
export function pesosOf(text: string): number {
  const digits = text.replace(/[\s.$]/g, '')
  return digits === '' ? Number.NaN : Number(digits)
}

/** `pesosText(20000)` → "20.000": an amount in a field, as it is read (and typed back). */
export const pesosText = (value: number) => formatCop(value).replace('$ ', '')
