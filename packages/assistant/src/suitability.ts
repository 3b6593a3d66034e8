import type { CatalogueProduct, PregnancySafety } from './catalogue-product'
import { joinSpanish, lowerInSentence, normalise } from './text'

/**
 * Whether a product suits the person it would be offered to: the actives ruled out, perfume, the
 * age from which its maker says it may be used, pregnancy and breastfeeding. The catalogue says
 * these in characteristics the back office edits (`Edad mínima`, `Apto en embarazo`, `Perfume`);
 * the readers below accept the demo catalogue's values and the ways a person would type them.
 *
 * A product that does not say its age is never offered to a child, nor one that does not say
 * whether it has perfume to someone who avoids perfume: what the catalogue does not say is not
 * taken as safe. In pregnancy, a product that does not say is judged by its actives alone.
 */

export type { PregnancySafety } from './catalogue-product'

/** The age of an adult, in months (`Adultos`). */
export const ADULT_MONTHS = 18 * 12
/** Under this age (in months) no sunscreen: shade and clothes. */
export const SUNSCREEN_FROM_MONTHS = 6
/** Under this age (in months) the person is a child: a child's routine (cleanse and moisturise). */
export const CHILD_UNTIL_MONTHS = 12 * 12

/** `Edad mínima` in months ("Desde el nacimiento" 0, "Desde los 6 meses" 6, "Desde los 3 años" 36, "Adultos" 216). */
export function minimumAgeMonths(value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  const text = normalise(value)
  if (/ (nacimiento|recien nacid|0 meses|bebes?) /.test(text)) return 0
  if (/ adult/.test(text)) return ADULT_MONTHS
  const match = text.match(/ (\d{1,2}) (mes|meses|ano|anos) /)
  if (!match) return undefined
  const n = Number(match[1])
  return (match[2] as string).startsWith('mes') ? n : n * 12
}

/** `Apto en embarazo` read: "Sí", "Consultar con el médico", "No". */
export function pregnancySafety(value: string | undefined): PregnancySafety | undefined {
  if (value === undefined) return undefined
  const text = normalise(value)
  if (text.includes(' consult') || text.includes(' medic')) return 'consultar'
  if (/^ (si|apto|apta)\b/.test(text)) return 'si'
  if (/^ no\b/.test(text)) return 'no'
  return undefined
}

/** `Perfume` read: true with perfume, false without, undefined when it does not say. */
export function hasPerfume(value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined
  const text = normalise(value)
  if (/ (sin|libre de|no tiene) (perfume|fragancia)/.test(text) || text === ' no ') return false
  if (/ (con )?(perfume|fragancia|perfumad)/.test(text) || text === ' si ') return true
  return undefined
}

/** "desde el nacimiento", "desde los 6 meses", "desde los 3 años", "para adultos". */
export function ageLabel(months: number): string {
  if (months <= 0) return 'desde el nacimiento'
  if (months >= ADULT_MONTHS) return 'para adultos'
  if (months < 24) return `desde los ${months} meses`
  return `desde los ${Math.floor(months / 12)} años`
}

/** What the person the product is for rules out (the message's own statements and the skin profile's). */
export interface Restrictions {
  /** Actives no product may contain (catalogue spelling). */
  evitar?: readonly string[] | undefined
  /** Only products that say they have no perfume. */
  sinPerfume?: boolean | undefined
  /** The person's age in months: only products whose `Edad mínima` allows it, and no sunscreen under 6 months. */
  edadMeses?: number | undefined
  /** Pregnancy or breastfeeding: no product marked not for pregnancy, or to use only if the doctor says so. */
  embarazo?: boolean | undefined
}

export interface Unsuitable {
  motivo: 'activo' | 'perfume' | 'edad' | 'embarazo'
  /** Completes "Pero …" ("lleva retinol", "tiene perfume", "es desde los 3 años"). */
  texto: string
}

/** Normalised once per distinct string: the catalogue's values repeat across products. */
const normalised = new Map<string, string>()
const norm = (value: string) => {
  let known = normalised.get(value)
  if (known === undefined) {
    known = normalise(value)
    if (normalised.size < 50_000) normalised.set(value, known)
  }
  return known
}
const same = (a: string, b: string) => norm(a) === norm(b)

/** Why the product does not suit the person (empty when it does), in the order the reply says them. */
export function unsuitability(
  product: Pick<CatalogueProduct, 'activos' | 'tipo' | 'edadMinimaMeses' | 'aptoEmbarazo' | 'perfume'>,
  restrictions: Restrictions,
): Unsuitable[] {
  const reasons: Unsuitable[] = []
  const avoided = product.activos.filter((a) => (restrictions.evitar ?? []).some((e) => same(a, e)))
  if (avoided.length > 0)
    reasons.push({ motivo: 'activo', texto: `lleva ${joinSpanish(avoided.map(lowerInSentence))}` })
  if (restrictions.sinPerfume && product.perfume !== false) {
    reasons.push({
      motivo: 'perfume',
      texto: product.perfume === true ? 'tiene perfume' : 'no dice si tiene perfume',
    })
  }
  const age = restrictions.edadMeses
  if (age !== undefined && age < ADULT_MONTHS) {
    const from = product.edadMinimaMeses
    if (age < SUNSCREEN_FROM_MONTHS && product.tipo.some((t) => same(t, 'Protector solar'))) {
      reasons.push({ motivo: 'edad', texto: 'antes de los 6 meses no se usa protector solar, sino sombra y ropa' })
    } else if (from === undefined) {
      reasons.push({ motivo: 'edad', texto: 'no dice desde qué edad se puede usar' })
    } else if (from > age) {
      reasons.push({ motivo: 'edad', texto: from >= ADULT_MONTHS ? 'es para adultos' : `se usa ${ageLabel(from)}` })
    }
  }
  if (restrictions.embarazo && product.aptoEmbarazo === 'no') {
    reasons.push({ motivo: 'embarazo', texto: 'no se recomienda en el embarazo ni en la lactancia' })
  } else if (restrictions.embarazo && product.aptoEmbarazo === 'consultar') {
    reasons.push({ motivo: 'embarazo', texto: 'en el embarazo y la lactancia se usa solo si tu médico lo indica' })
  }
  return reasons
}

/** Whether the restrictions rule anything out at all. */
export const restricts = (r: Restrictions): boolean =>
  (r.evitar?.length ?? 0) > 0 || Boolean(r.sinPerfume) || r.edadMeses !== undefined || Boolean(r.embarazo)
