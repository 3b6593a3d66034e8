import type { SkinMeasure } from '@piel/contracts'
import { KNOWLEDGE, type RoutineStep } from './knowledge'
import { normalise } from './messages'

/**
 * Recommendations by structured matching against the shop's own catalogue: a routine, not a loose
 * list. Each step of the morning and the night (cleanse, treat, moisturise, protect) gets the
 * in-stock product whose characteristics fit best — its concerns (`Preocupación`) against the
 * measures in focus, its active ingredients against the ones that address them, its skin type, and
 * the weather — with a one-line reason. Only products passed in are ever named, and only those with
 * stock. When nothing in the catalogue addresses the focus, the first 4 recommended products (the
 * spec's fallback) are returned, marked as such.
 */
export interface CatalogueProduct {
  id: number
  nombre: string
  marca: string
  /** `Tipo de producto` values (Sérum, Limpiador, Protector solar…). */
  tipo: readonly string[]
  /** `Preocupación` values (Acné, Rojeces, Arrugas…). */
  preocupaciones: readonly string[]
  /** `Ingrediente activo` values. */
  activos: readonly string[]
  /** `Tipo de piel` values. */
  tiposDePiel: readonly string[]
  /** `Textura` values (Gel, Crema, Fluido…), when given. */
  texturas?: readonly string[]
  /** Sun protection factor, for sunscreens. */
  fps?: number
  existencia: number
  /** Units sold: breaks ties, and orders the fallback. */
  vendidos: number
}

/** Weather at the shopper's place, when known (`POST Clima`). */
export interface Weather {
  temperatura?: number
  humedad?: number
  /** UV index. */
  uv?: number
}

export interface RoutineItem {
  paso: RoutineStep
  productoId: number
  razon: string
}

export interface Recommendation {
  manana: RoutineItem[]
  noche: RoutineItem[]
  /** Every product of the routine once, in routine order, with its reason. */
  productos: { id: number; razon: string }[]
  /** Advice the weather adds. */
  consejosClima: string[]
  /** True when nothing matched the focus and the first recommended products stand in. */
  respaldo: boolean
}

/** Which catalogue concerns speak to each measure. */
export const CONCERNS: Readonly<Record<SkinMeasure, readonly string[]>> = {
  redness: ['Rojeces', 'Sensibilidad', 'Irritación', 'Piel atópica'],
  wrinkle: ['Arrugas'],
  pore: ['Poros dilatados', 'Brillo'],
  acne: ['Acné', 'Brillo'],
  eye_bag: ['Ojeras'],
  texture: ['Deshidratación'],
  firmness: ['Arrugas'],
}

/** Product types per routine step (body care is not part of a face routine). */
const STEP_TYPES: Readonly<Record<RoutineStep, readonly string[]>> = {
  limpiar: ['Limpiador', 'Agua micelar'],
  tratar: ['Sérum', 'Tratamiento', 'Contorno de ojos', 'Exfoliante', 'Mascarilla'],
  hidratar: ['Crema hidratante', 'Gel hidratante', 'Crema reparadora', 'Crema calmante', 'Emoliente'],
  proteger: ['Protector solar'],
}

/** Actives kept for the night: they make the skin more sensitive to the sun. */
const NIGHT_ONLY = ['retinol', 'retinal', 'acido glicolico', 'acido lactico', 'acido salicilico']

/** The fallback's size (spec 001 §9). */
export const FALLBACK_COUNT = 4

/** Normalised once per distinct string: the catalogue's values repeat across products. */
const normalised = new Map<string, string>()
const norm = (value: string) => {
  let known = normalised.get(value)
  if (known === undefined) {
    known = normalise(value).trim()
    if (normalised.size < 50_000) normalised.set(value, known)
  }
  return known
}
/** Each value list's normalised set, per list (the catalogue's arrays are read many times per reply). */
const sets = new WeakMap<readonly string[], Set<string>>()
const setOf = (values: readonly string[]) => {
  let set = sets.get(values)
  if (!set) {
    set = new Set(values.map(norm))
    sets.set(values, set)
  }
  return set
}
const has = (values: readonly string[], wanted: readonly string[]) => {
  const set = setOf(values)
  return wanted.filter((w) => set.has(norm(w)))
}

/** Humid heat (humidity from 75 %, from 24 °C): light textures. */
const isHumidHeat = (w: Weather) => (w.humedad ?? 0) >= 75 && (w.temperatura ?? 0) >= 24
/** Cold (up to 14 °C) or dry air (humidity up to 40 %): barrier care. */
const isColdDry = (w: Weather) => (w.temperatura ?? 99) <= 14 || (w.humedad ?? 100) <= 40

interface Scored {
  product: CatalogueProduct
  score: number
  razon: string
}

/** How well a product speaks to the focus: concerns (3, 2, 1 by rank) and actives (1 each). */
function relevance(
  product: CatalogueProduct,
  focus: readonly SkinMeasure[],
): { score: number; measure?: SkinMeasure; hit?: string } {
  let best: { score: number; measure?: SkinMeasure; hit?: string } = { score: 0 }
  focus.forEach((measure, rank) => {
    const weight = 3 - Math.min(rank, 2)
    const concerns = has(product.preocupaciones, CONCERNS[measure])
    const actives = has(product.activos, KNOWLEDGE[measure].activos)
    const score = (concerns.length > 0 ? weight : 0) + actives.length
    if (score > best.score) best = { score, measure, hit: actives[0] ?? concerns[0] }
  })
  return best
}

function reasonFor(product: CatalogueProduct, measure: SkinMeasure | undefined, hit: string | undefined): string {
  const type = product.tipo[0] ?? 'Producto'
  if (!measure) return `${type} para completar tu rutina.`
  const name = KNOWLEDGE[measure].nombre.toLowerCase()
  const active = hit && product.activos.some((a) => norm(a) === norm(hit)) ? ` con ${hit.toLowerCase()}` : ''
  return `${type}${active} para ${name === 'imperfecciones' ? 'las imperfecciones' : name === 'poros' ? 'los poros' : `la ${name}`}.`
}

/** The best in-stock product for a step, or undefined when the catalogue has none of its types. */
function bestFor(
  step: RoutineStep,
  catalogue: readonly CatalogueProduct[],
  focus: readonly SkinMeasure[],
  options: { skinType?: string; weather?: Weather; night: boolean; exclude: Set<number> },
): Scored | undefined {
  const candidates = catalogue.filter(
    (p) =>
      p.existencia > 0 &&
      !options.exclude.has(p.id) &&
      has(p.tipo, STEP_TYPES[step]).length > 0 &&
      (options.night || !p.activos.some((a) => NIGHT_ONLY.includes(norm(a)))),
  )
  let best: Scored | undefined
  for (const product of candidates) {
    const { score, measure, hit } = relevance(product, focus)
    let total = score * 10
    const skin = product.tiposDePiel.map(norm)
    if (options.skinType && skin.includes(norm(options.skinType))) total += 3
    else if (skin.includes('todo tipo de piel')) total += 2
    const { weather } = options
    if (weather) {
      const humidHeat = isHumidHeat(weather)
      const coldDry = isColdDry(weather)
      const textures = (product.texturas ?? []).map(norm)
      if (humidHeat && textures.some((t) => t.includes('gel') || t.includes('fluid'))) total += 4
      if (
        coldDry &&
        (product.tipo.some((t) => norm(t) === 'crema reparadora') || has(product.activos, ['Ceramidas']).length)
      )
        total += 4
      if (step === 'proteger' && (weather.uv ?? 0) >= 8 && (product.fps ?? 0) >= 50) total += 6
    }
    total += Math.min(2, product.vendidos / 500)
    if (!best || total > best.score) best = { product, score: total, razon: reasonFor(product, measure, hit) }
  }
  return best
}

function weatherAdvice(weather: Weather | undefined): string[] {
  if (!weather) return []
  const advice: string[] = []
  if ((weather.uv ?? 0) >= 8) {
    advice.push('El índice UV de hoy es muy alto: usa FPS 50 y reaplícalo cada 2 horas si estás al aire libre.')
  } else if ((weather.uv ?? 0) >= 3) {
    advice.push('Hay radiación UV moderada: no olvides el protector solar.')
  }
  if (isHumidHeat(weather)) {
    advice.push('Con calor húmedo se sienten mejor las texturas ligeras, en gel o fluidas.')
  }
  if (isColdDry(weather)) {
    advice.push('Con frío o aire seco la piel pierde agua: refuerza la hidratación con ceramidas.')
  }
  return advice
}

/**
 * The routine for the measures in focus (most in need first). `catalogue` is the shop's products
 * as the shopper may buy them; the fallback is its first 4 in-stock products by units sold.
 */
export function recommendRoutine(
  catalogue: readonly CatalogueProduct[],
  focus: readonly SkinMeasure[],
  options: { skinType?: string; weather?: Weather } = {},
): Recommendation {
  const inStock = catalogue.filter((p) => p.existencia > 0)
  const consejosClima = weatherAdvice(options.weather)
  const addressesFocus = focus.length > 0 && inStock.some((p) => relevance(p, focus).score > 0)
  if (focus.length > 0 && !addressesFocus) {
    const fallback = [...inStock].sort((a, b) => b.vendidos - a.vendidos).slice(0, FALLBACK_COUNT)
    return {
      manana: [],
      noche: [],
      productos: fallback.map((p) => ({ id: p.id, razon: 'De los más recomendados de la tienda.' })),
      consejosClima,
      respaldo: true,
    }
  }

  const plan = (night: boolean): RoutineItem[] => {
    // Nothing in focus (clear skin): keeping it so needs no treatment, only the basics.
    const steps = (
      night ? (['limpiar', 'tratar', 'hidratar'] as const) : (['limpiar', 'tratar', 'hidratar', 'proteger'] as const)
    ).filter((step) => step !== 'tratar' || focus.length > 0)
    const used = new Set<number>()
    const items: RoutineItem[] = []
    for (const step of steps) {
      const found = bestFor(step, inStock, focus, { ...options, night, exclude: used })
      if (!found) continue
      used.add(found.product.id)
      items.push({ paso: step, productoId: found.product.id, razon: found.razon })
    }
    // Eye bags in focus: the eye contour joins the night's treatment.
    if (night && focus.includes('eye_bag') && !items.some((i) => hasType(inStock, i.productoId, 'Contorno de ojos'))) {
      const contour = bestFor(
        'tratar',
        inStock.filter((p) => has(p.tipo, ['Contorno de ojos']).length > 0),
        ['eye_bag'],
        {
          ...options,
          night,
          exclude: used,
        },
      )
      if (contour) items.splice(2, 0, { paso: 'tratar', productoId: contour.product.id, razon: contour.razon })
    }
    return items
  }
  const manana = plan(false)
  const noche = plan(true)
  const productos: Recommendation['productos'] = []
  for (const item of [...manana, ...noche]) {
    if (!productos.some((p) => p.id === item.productoId)) productos.push({ id: item.productoId, razon: item.razon })
  }
  return { manana, noche, productos, consejosClima, respaldo: false }
}

const hasType = (catalogue: readonly CatalogueProduct[], id: number, type: string) =>
  catalogue.some((p) => p.id === id && has(p.tipo, [type]).length > 0)
