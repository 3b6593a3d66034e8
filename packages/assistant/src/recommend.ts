import type { SkinMeasure } from '@piel/contracts'
import type { CatalogueProduct, ProductArea } from './catalogue-product'
import { KNOWLEDGE, MEASURE_PHRASES, type RoutineStep } from './knowledge'
import { CHILD_UNTIL_MONTHS, type Restrictions, unsuitability } from './suitability'
import { lowerInSentence, normalise } from './text'

export type { CatalogueProduct, ProductArea }
export { lowerInSentence }

/**
 * Recommendations by structured matching against the shop's own catalogue: a routine, not a loose
 * list. Each step of the morning and the night (cleanse, treat, moisturise, protect) gets the
 * in-stock product whose characteristics fit best — its concerns (`Preocupación`) against the
 * measures in focus, its active ingredients against the ones that address them, its skin type, and
 * the weather — with a one-line reason. Only products passed in are ever named, and only those with
 * stock that suit the person (suitability.ts: no avoided active, no perfume, the age, pregnancy); a
 * child gets a child's routine (cleanse and moisturise, no treatment). When nothing in the catalogue addresses the focus, the first 4 recommended products (the
 * spec's fallback) are returned, marked as such.
 */

/**
 * What the routine must respect besides the focus: set from the shopper's message and skin profile
 * (messages.ts, profile.ts). The restrictions (`evitar`, `sinPerfume`, `edadMeses`, `embarazo`) rule
 * products out; the rest weigh the choice.
 */
export interface RoutineOptions extends Restrictions {
  skinType?: string | undefined
  weather?: Weather | undefined
  /** Catalogue concerns (`Preocupación`) beyond the seven measures, addressed first (Manchas, Piel atópica…). */
  preocupaciones?: readonly string[] | undefined
  /** The skin profile's concerns: weighed below the message's and the measures', they break ties. */
  preocupacionesPerfil?: readonly string[] | undefined
  /** The least SPF of the routine's sunscreen: the one the reply names. */
  fpsMinimo?: number | undefined
  /** `cuerpo`: the question is about the body, and only body care is offered. */
  zona?: 'cuerpo' | undefined
}

/** Concerns for which body care belongs in the routine. */
const BODY_CONCERNS = ['Piel atópica', 'Resequedad corporal']

/** How a reason names each catalogue concern ("Sérum para las manchas."). */
const CONCERN_PHRASES: Readonly<Record<string, string>> = {
  Manchas: 'las manchas',
  'Piel atópica': 'la piel atópica',
  'Protección solar': 'protegerte del sol',
  Deshidratación: 'la resequedad',
  Irritación: 'calmar la piel',
  Rojeces: 'la rojez',
  Sensibilidad: 'la piel sensible',
  Acné: 'los granitos',
  Arrugas: 'las líneas de expresión',
  Ojeras: 'las ojeras',
  'Poros dilatados': 'los poros',
  Brillo: 'el brillo',
  'Resequedad corporal': 'la piel seca del cuerpo',
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

interface Match {
  score: number
  measure?: SkinMeasure
  concern?: string
  hit?: string
}

/** A profile concern's weight: below the message's concerns (6) and a measure in focus (3), above nothing. */
const PROFILE_CONCERN_WEIGHT = 2

/**
 * How well a product speaks to the focus: the message's own concerns first (6 for any of them), then
 * the measures (concerns 3, 2, 1 by rank, and actives 1 each), then the skin profile's concerns (2).
 */
function relevance(
  product: CatalogueProduct,
  focus: readonly SkinMeasure[],
  concerns: readonly string[],
  { byActives = true, profile = [] }: { byActives?: boolean; profile?: readonly string[] } = {},
): Match {
  let best: Match = { score: 0 }
  const fromProfile = has(product.preocupaciones, profile)
  if (fromProfile.length > 0) best = { score: PROFILE_CONCERN_WEIGHT, concern: fromProfile[0] as string }
  // The message's own concern outweighs any one measure: it is what the shopper asked about.
  const wanted = has(product.preocupaciones, concerns)
  if (wanted.length > 0) best = { score: 6, concern: wanted[0] as string }
  focus.forEach((measure, rank) => {
    const weight = 3 - Math.min(rank, 2)
    // The measure's own concern (Acné for acne) counts fully, a related one (Brillo) one point less.
    const primary = has(product.preocupaciones, CONCERNS[measure].slice(0, 1)).length > 0
    const matched = has(product.preocupaciones, CONCERNS[measure])
    // Actives count where they treat (a serum's); a cleanser or a sunscreen is chosen by what it is for.
    const actives = byActives ? has(product.activos, KNOWLEDGE[measure].activos) : []
    const score = (primary ? weight : matched.length > 0 ? weight - 1 : 0) + actives.length
    if (score > best.score) {
      const hit = actives[0] ?? matched[0]
      best = { score, measure, ...(hit ? { hit } : {}) }
    }
  })
  return best
}

function reasonFor(product: CatalogueProduct, match: Match): string {
  const type = product.tipo[0] ?? 'Producto'
  if (!match.measure && !match.concern) return `${type} para completar tu rutina.`
  const active =
    match.hit && product.activos.some((a) => norm(a) === norm(match.hit as string))
      ? ` con ${lowerInSentence(match.hit)}`
      : ''
  const what = match.concern
    ? (CONCERN_PHRASES[match.concern] ?? lowerInSentence(match.concern))
    : MEASURE_PHRASES[match.measure as SkinMeasure]
  return `${type}${active} para ${what}.`
}

/** A child (under 12): a child's routine, and products made for small children first. */
const isChild = (options: RoutineOptions) => options.edadMeses !== undefined && options.edadMeses < CHILD_UNTIL_MONTHS

/**
 * Whether a product may go in this routine at all: in stock, suited to the person (none of the
 * avoided actives, no perfume when ruled out, allowed at their age, pregnancy-safe), the right area.
 */
function allowed(product: CatalogueProduct, focus: readonly SkinMeasure[], options: RoutineOptions): boolean {
  if (product.existencia <= 0) return false
  if (unsuitability(product, options).length > 0) return false
  const area = product.zona ?? 'rostro'
  const areas = product.zonas ?? [area]
  // The body: body care, and a face cleanser (it washes the back and chest as well).
  if (options.zona === 'cuerpo') return areas.includes('cuerpo') || has(product.tipo, STEP_TYPES.limpiar).length > 0
  if (area === 'cuerpo') return (options.preocupaciones ?? []).some((c) => BODY_CONCERNS.includes(c))
  // An eye contour is for the eyes: only when they are in focus (added by the routine itself).
  if (area === 'ojos' || has(product.tipo, ['Contorno de ojos']).length > 0) {
    return focus.includes('eye_bag') || (options.preocupaciones ?? []).includes('Ojeras')
  }
  return true
}

/** Textures too rich for oily or combination skin. */
const RICH_TEXTURES = ['balsamo', 'crema']

/** The best product for a step, or undefined when the catalogue has none of its types. */
function bestFor(
  step: RoutineStep,
  catalogue: readonly CatalogueProduct[],
  focus: readonly SkinMeasure[],
  options: RoutineOptions & { night: boolean; exclude: Set<number> },
): Scored | undefined {
  const concerns = options.preocupaciones ?? []
  const candidates = catalogue.filter(
    (p) =>
      !options.exclude.has(p.id) &&
      has(p.tipo, STEP_TYPES[step]).length > 0 &&
      (options.night || !p.activos.some((a) => NIGHT_ONLY.includes(norm(a)))) &&
      (step !== 'proteger' || (p.fps ?? 0) >= (options.fpsMinimo ?? 0)),
  )
  let best: Scored | undefined
  for (const product of candidates) {
    const match = relevance(product, focus, concerns, {
      byActives: step === 'tratar' || step === 'hidratar',
      profile: options.preocupacionesPerfil ?? [],
    })
    let total = match.score * 10
    // A child: what is made for small children (from birth to a year) before what merely allows their age.
    if (isChild(options) && product.edadMinimaMeses !== undefined && product.edadMinimaMeses <= 12) total += 5
    // The night's treatment is where retinol and acids go: for lines and texture they are the active that works.
    if (
      options.night &&
      step === 'tratar' &&
      product.activos.some((a) => NIGHT_ONLY.includes(norm(a))) &&
      match.score > 0
    )
      total += 15
    const skin = product.tiposDePiel.map(norm)
    const textures = (product.texturas ?? []).map(norm)
    if (options.skinType && skin.includes(norm(options.skinType))) total += 3
    else if (skin.includes('todo tipo de piel')) total += 2
    // Oily or combination skin, or blemishes: no rich balm, nothing made only for dry skin.
    if (
      options.skinType === 'Grasa' ||
      options.skinType === 'Mixta' ||
      focus.includes('acne') ||
      focus.includes('pore')
    ) {
      if (textures.some((t) => RICH_TEXTURES.includes(t))) total -= 8
      if (skin.length > 0 && skin.every((t) => t === 'seca')) total -= 8
    }
    const { weather } = options
    if (weather) {
      const humidHeat = isHumidHeat(weather)
      const coldDry = isColdDry(weather)
      if (humidHeat && textures.some((t) => t.includes('gel') || t.includes('fluid'))) total += 4
      if (humidHeat && textures.some((t) => RICH_TEXTURES.includes(t))) total -= 4
      if (
        coldDry &&
        (product.tipo.some((t) => norm(t) === 'crema reparadora') || has(product.activos, ['Ceramidas']).length)
      )
        total += 4
      if (step === 'proteger' && (weather.uv ?? 0) >= 8 && (product.fps ?? 0) >= 50) total += 6
    }
    total += Math.min(2, product.vendidos / 500)
    const razon =
      step === 'proteger'
        ? `${product.tipo[0] ?? 'Protector solar'}${product.fps ? ` FPS ${product.fps}` : ''} para cada mañana.`
        : reasonFor(product, match)
    if (!best || total > best.score) best = { product, score: total, razon }
  }
  return best
}

/** The UV index from which the weather's advice names FPS 50 (and the routine's sunscreen has it). */
const HIGH_UV = 8

function weatherAdvice(weather: Weather | undefined): string[] {
  if (!weather) return []
  const advice: string[] = []
  if ((weather.uv ?? 0) >= HIGH_UV) {
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
 * The routine for the measures in focus (most in need first) and the message's own concerns.
 * `catalogue` is the shop's products as the shopper may buy them; only those `allowed` are ever
 * named (in stock, none of the avoided actives, the right area). The fallback is the first 4 of them
 * by units sold. A question about sunscreen alone gets sunscreens, not a routine.
 */
export function recommendRoutine(
  catalogue: readonly CatalogueProduct[],
  focus: readonly SkinMeasure[],
  options: RoutineOptions = {},
): Recommendation {
  const concerns = options.preocupaciones ?? []
  const fpsMinimo = Math.max(options.fpsMinimo ?? 0, (options.weather?.uv ?? 0) >= HIGH_UV ? 50 : 0)
  const settings: RoutineOptions = { ...options, ...(fpsMinimo > 0 ? { fpsMinimo } : {}) }
  const usable = catalogue.filter((p) => allowed(p, focus, settings))
  const consejosClima = weatherAdvice(options.weather)
  const wanted = focus.length > 0 || concerns.length > 0
  const addressesFocus = wanted && usable.some((p) => relevance(p, focus, concerns).score > 0)
  if (wanted && !addressesFocus) {
    // No stand-ins for a child (what suits them is chosen, not what sells), nor creams for a sunscreen asked for.
    const sunscreenAsked = focus.length === 0 && concerns.length === 1 && concerns[0] === 'Protección solar'
    const fallback =
      isChild(settings) || sunscreenAsked
        ? []
        : [...usable].sort((a, b) => b.vendidos - a.vendidos).slice(0, FALLBACK_COUNT)
    return {
      manana: [],
      noche: [],
      productos: fallback.map((p) => ({ id: p.id, razon: 'De los más recomendados de la tienda.' })),
      consejosClima,
      respaldo: true,
    }
  }

  if (options.zona === 'cuerpo') {
    // Body care: the best few body products for the concern (no face routine's steps).
    const ranked = usable
      .filter((p) => !has(p.tipo, ['Protector solar']).length || (p.fps ?? 0) >= (settings.fpsMinimo ?? 0))
      .map((p) => ({ p, match: relevance(p, focus, concerns) }))
      .sort((a, b) => b.match.score - a.match.score || b.p.vendidos - a.p.vendidos)
      .slice(0, 3)
    const items = ranked.map(({ p, match }) => ({
      paso: 'hidratar' as const,
      productoId: p.id,
      razon: reasonFor(p, match),
    }))
    return {
      manana: items,
      noche: [],
      productos: items.map((i) => ({ id: i.productoId, razon: i.razon })),
      consejosClima,
      respaldo: false,
    }
  }

  if (focus.length === 0 && concerns.length === 1 && concerns[0] === 'Protección solar') {
    const sunscreens: RoutineItem[] = []
    const used = new Set<number>()
    for (let i = 0; i < 2; i++) {
      const found = bestFor('proteger', usable, focus, { ...settings, night: false, exclude: used })
      if (!found) break
      used.add(found.product.id)
      sunscreens.push({ paso: 'proteger', productoId: found.product.id, razon: found.razon })
    }
    return {
      manana: sunscreens,
      noche: [],
      productos: sunscreens.map((i) => ({ id: i.productoId, razon: i.razon })),
      consejosClima,
      respaldo: false,
    }
  }

  const child = isChild(settings)
  const plan = (night: boolean): RoutineItem[] => {
    // Nothing in focus (clear skin): keeping it so needs no treatment, only the basics. A child's
    // skin takes no treatment, and sunscreen only when the sun is asked about (the branch above).
    const steps = (
      night ? (['limpiar', 'tratar', 'hidratar'] as const) : (['limpiar', 'tratar', 'hidratar', 'proteger'] as const)
    ).filter((step) => (step !== 'tratar' || (wanted && !child)) && (step !== 'proteger' || !child))
    const used = new Set<number>()
    const items: RoutineItem[] = []
    for (const step of steps) {
      const found = bestFor(step, usable, focus, { ...settings, night, exclude: used })
      if (!found) continue
      used.add(found.product.id)
      items.push({ paso: step, productoId: found.product.id, razon: found.razon })
    }
    // Eye bags in focus: the eye contour joins the night's treatment.
    if (
      !child &&
      night &&
      focus.includes('eye_bag') &&
      !items.some((i) => hasType(usable, i.productoId, 'Contorno de ojos'))
    ) {
      const contour = bestFor(
        'tratar',
        usable.filter((p) => has(p.tipo, ['Contorno de ojos']).length > 0),
        ['eye_bag'],
        { ...settings, night, exclude: used },
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
