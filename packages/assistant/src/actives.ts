/**
 * Groups of active ingredients the advisor rules out, in the catalogue's spelling (`Ingrediente
 * activo`): the message's topics (messages.ts) and the skin profile (profile.ts) name the same ones.
 */

export const RETINOIDS = ['Retinol', 'Retinal', 'Tretinoína', 'Adapaleno'] as const

/** Exfoliating acids. */
export const ACIDS = ['Ácido salicílico', 'Ácido glicólico', 'Ácido láctico'] as const

/** Ruled out in pregnancy and breastfeeding (retinoids, hydroquinone, high-dose salicylic acid), and Thiamidol, without data. */
export const PREGNANCY_AVOID: readonly string[] = [...RETINOIDS, 'Hidroquinona', 'Ácido salicílico', 'Thiamidol']

/** Nothing exfoliating, depigmenting or drying on a baby's or a child's skin. */
export const CHILD_AVOID: readonly string[] = [
  ...RETINOIDS,
  ...ACIDS,
  'Peróxido de benzoilo',
  'Hidroquinona',
  'Thiamidol',
]

/** Isotretinoin: nothing that exfoliates or dries a skin the medicine already dries. */
export const ISOTRETINOIN_AVOID: readonly string[] = [...RETINOIDS, ...ACIDS, 'Peróxido de benzoilo']

/** The chemical (organic) UV filters of the catalogue: a sunscreen for someone sensitive to them has mineral filters only. */
export const CHEMICAL_FILTERS: readonly string[] = ['Filtros UV', 'Mexoryl 400']
