import { normalise } from './messages'

/**
 * Products a message names ("¿tienen el Effaclar Duo?", "¿cuánto cuesta el Anthelios?", "¿manejan
 * CeraVe?"), found in the shop's own catalogue. A product's name is read as its distinctive words:
 * not its size, its type, its skin type, its actives or the concerns it treats (those are questions
 * about skin, answered by topic), but its line's name (Effaclar, Anthelios, Cicaplast, Hydro Boost,
 * Mela B3…). Each word weighs by how rare it is in the catalogue, so "Effaclar Duo" picks the Duo
 * and not every Effaclar; a brand alone picks the brand's best sellers.
 */
export interface NamedProduct {
  id: number
  nombre: string
  marca: string
  vendidos: number
}

/** Words that say what a product is or does, not which one it is. */
const GENERIC = new Set(
  `ml g gr kg oz fps spf uv con sin para de del la el los las y e o u en a al por piel pieles skin crema cremas creme gel
  geles serum sueros agua aguas water aqua limpiador limpiadora protector protectora protege solar sun soleil facial
  hidratante hidrata hidratacion humectante locion leche milk fluido fluida bruma mascarilla tratamiento contorno ojos eyes
  balsamo baume reparador reparadora restauradora normal seca secas dry grasa grasas mixta sensible sensibles sensitive
  muy todo tipo tipos espuma espumoso espumosa micelar textura color tono medio beige transparent universal invisible
  ultra extra ligero ligera rica barra stick spray cushion compact cuerpo corporal body rostro cara dia daily noche
  manos pies labios labial antiedad age antimanchas antiarrugas anti imperfecciones acne manchas arrugas ojeras
  rojeces atopica deshidratacion retinol niacinamida vitamina vitamin vit c acido hialuronico salicilico azelaico
  glicolico urea ceramidas cafeina colageno peptidos pantenol zinc cobre probiotic probioticos minerales mineral
  termal calmante lavante nutritiva intensa intensivo plus nuevo nueva oil control touch free wash micro peeling
  purificante concentrado concentrada efecto triple iluminador antioxidante barrera ducha douche formula bloqueador
  fotoprotector booster fortificante relipidizante pure dual wet urban capital power specialist`.split(/\s+/),
)

const wordsOf = (value: string) =>
  normalise(value)
    .trim()
    .split(' ')
    .filter((w) => w.length >= 2 && !GENERIC.has(w) && !/^\d+$/.test(w))

/** A message's words, and those words joined in twos ("mela b3", "hydro boost"). */
function messageWords(message: string): Set<string> {
  return new Set(normalise(message).trim().split(' '))
}

/** The products a message names, best first (at most `limit`); empty when it names none. */
export function productsNamed<T extends NamedProduct>(message: string, catalogue: readonly T[], limit = 3): T[] {
  const said = messageWords(message)
  if (said.size === 0) return []
  // How many products carry each distinctive word: the rarer, the more it says which product.
  const frequency = new Map<string, number>()
  const words = new Map<T, string[]>()
  for (const product of catalogue) {
    const own = [...new Set(wordsOf(product.nombre))]
    words.set(product, own)
    for (const w of own) frequency.set(w, (frequency.get(w) ?? 0) + 1)
  }
  const scored = catalogue
    .map((product) => {
      const matched = (words.get(product) ?? []).filter((w) => said.has(w))
      const score = matched.reduce((sum, w) => sum + 1 / (frequency.get(w) ?? 1), 0)
      return { product, score }
    })
    .filter((s) => s.score > 0)
  if (scored.length > 0) {
    const best = Math.max(...scored.map((s) => s.score))
    return scored
      .filter((s) => s.score >= best - 1e-9)
      .sort((a, b) => b.product.vendidos - a.product.vendidos)
      .slice(0, limit)
      .map((s) => s.product)
  }
  // A brand alone ("¿manejan CeraVe?"): its best sellers.
  const brand = catalogue.filter((p) => {
    const name = normalise(p.marca).trim()
    return name.length >= 3 && normalise(message).includes(` ${name} `)
  })
  return [...brand].sort((a, b) => b.vendidos - a.vendidos).slice(0, limit)
}
