/**
 * Shipping by destination (issue 35): the shop's delivery zones, each a department or one of its
 * municipalities with its cost and delivery days, and a purchase from which shipping is free.
 */

/** The most a zone's shipping may cost, whole COP. */
export const MAX_SHIPPING_COST = 2_000_000
/** The longest delivery a zone may promise, business days. */
export const MAX_DELIVERY_DAYS = 60

/** How a quote's shipping stands: priced for an address, not yet (no address chosen), or not delivered there. */
export const SHIPPING_QUOTE_STATES = ['calculado', 'por_calcular', 'sin_cobertura'] as const
export type ShippingQuoteState = (typeof SHIPPING_QUOTE_STATES)[number]

/** "2 a 4 días hábiles", "1 día hábil": a zone's delivery time as shoppers read it. */
export function deliveryDaysText(min: number, max: number): string {
  if (min === max) return `${min} ${min === 1 ? 'día hábil' : 'días hábiles'}`
  return `${min} a ${max} días hábiles`
}

export const SHIPPING_MESSAGES = {
  uncovered: (place: string) => `Aún no hacemos envíos a ${place}. Elige otra dirección o escríbenos.`,
  pending: 'El envío se calcula con la dirección de entrega.',
  zoneRepeated: 'Ya hay una zona para ese lugar.',
  zoneNotFound: 'La zona de envío no existe.',
  saved: 'Zona de envío guardada.',
  deleted: 'Zona de envío eliminada.',
  settingsSaved: 'Envío gratis actualizado.',
} as const

/** "A, B y C". */
const listed = (names: readonly string[]): string =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} y ${names.at(-1)}`

/** The parts of `GET envios/Cobertura` the shop's texts read. */
export interface CoverageFacts {
  departamentos: readonly { nombre: string; todos: boolean }[]
  todoElPais: boolean
  costoMinimo: number | null
  costoMaximo: number | null
  diasMin: number | null
  diasMax: number | null
  envioGratisDesde: number | null
}

/**
 * Where the shop delivers, what it costs and how long it takes, in sentences a shopper reads (the About page):
 * from the shipping zones, never a promise of its own.
 */
export function coverageSentences(coverage: CoverageFacts, formatCop: (value: number) => string): string[] {
  const { departamentos, costoMinimo: min, costoMaximo: max } = coverage
  if (departamentos.length === 0)
    return ['Por ahora no estamos haciendo envíos; escríbenos y te contamos cuándo vuelven.']
  const whole = departamentos.filter((department) => department.todos).map((department) => department.nombre)
  const partly = departamentos.filter((department) => !department.todos).map((department) => department.nombre)
  const where = coverage.todoElPais
    ? 'Enviamos a todo el país.'
    : `Enviamos a ${[
        ...(whole.length > 0 ? [`todo ${listed(whole)}`] : []),
        ...(partly.length > 0 ? [`algunos municipios de ${listed(partly)}`] : []),
      ].join(' y a ')}.`
  const sentences = [where]
  if (min !== null && max !== null) {
    sentences.push(
      min === max
        ? `El envío cuesta ${formatCop(min)} por pedido.`
        : `El envío cuesta de ${formatCop(min)} a ${formatCop(max)} por pedido, según el municipio.`,
    )
  }
  if (coverage.envioGratisDesde !== null)
    sentences.push(`Es gratis en compras desde ${formatCop(coverage.envioGratisDesde)}.`)
  if (coverage.diasMin !== null && coverage.diasMax !== null) {
    sentences.push(
      `Tu pedido llega en ${deliveryDaysText(coverage.diasMin, coverage.diasMax)} desde el pago, según el lugar.`,
    )
  }
  return sentences
}
