import type { SkinProfile } from '@piel/contracts'
import { ACIDS, CHEMICAL_FILTERS, CHILD_AVOID, ISOTRETINOIN_AVOID, PREGNANCY_AVOID, RETINOIDS } from './actives'
import { ADULT_MONTHS, type Restrictions } from './suitability'
import { joinSpanish, normalise } from './text'

/**
 * The skin profile (issue 31) as the advisor uses it: what it rules out of every product offered
 * (actives, perfume, the age a product must allow, pregnancy-safe only), what it fills in when the
 * message does not say (skin type, concerns, weighed below the message's own), and the sentences a
 * reply adds (the medicines' care, what pregnancy avoids, why only fragrance-free products).
 *
 * The profile describes one person: the shopper, a child or a baby (`paraQuien`). It applies to a
 * message about that person; a message about someone else ("mi hija de 3 años…" in the profile of an
 * adult, "tengo granitos" in a baby's) is answered for whom the message names, without the profile.
 */

/** Who a message's skin belongs to. */
export type Subject = 'yo' | 'nino' | 'bebe' | 'otro'

/** A baby of unknown age is taken as a newborn, a child as 2 years old: only what suits the youngest. */
export const DEFAULT_AGE_MONTHS: Readonly<Record<'bebe' | 'nino', number>> = { bebe: 0, nino: 24 }
/** Someone under 18 who answers for themselves: a teenager, taken as 12 years old. */
const TEEN_MONTHS = 12 * 12

export interface ProfileRules {
  /** Actives no product may contain. */
  evitar: string[]
  sinPerfume: boolean
  /** The person's age in months, when the profile says it (a baby, a child, under 18). */
  edadMeses?: number
  embarazo: boolean
  /** Catalogue skin type, used when the message names none. */
  tipoDePiel?: string
  /** Catalogue concerns, weighed below the message's own. */
  preocupaciones: string[]
  /** The least SPF of a sunscreen offered (isotretinoin and topical retinoids: 50). */
  fpsMinimo?: number
  /** Sentences for the reply, each keyed by the topic of a message that already says it. */
  notas: { texto: string; callaCon?: string }[]
}

const NONE: ProfileRules = { evitar: [], sinPerfume: false, embarazo: false, preocupaciones: [], notas: [] }

/** Whom the profile is about. */
export function profileSubject(perfil: SkinProfile | null | undefined): Subject | undefined {
  if (!perfil) return undefined
  return perfil.paraQuien ?? 'yo'
}

/** The profile's rules for a reply about the person it describes. */
export function profileRules(perfil: SkinProfile | null | undefined): ProfileRules {
  if (!perfil) return NONE
  const subject = profileSubject(perfil)
  const child = subject === 'bebe' || subject === 'nino'
  const evitar = new Set<string>()
  const notas: ProfileRules['notas'] = []
  const preocupaciones: string[] = [...perfil.preocupaciones]
  let fpsMinimo = 0

  if (child) {
    for (const a of CHILD_AVOID) evitar.add(a)
    notas.push({
      texto: `Como la consulta es para ${subject === 'bebe' ? 'un bebé' : 'un niño o una niña'}: nada de exfoliantes, ácidos, retinoides, perfumes ni productos para adultos en su piel. Granitos, manchas o una resequedad que no mejora los debe ver su pediatra.`,
      callaCon: 'bebes y ninos',
    })
  }
  const pregnant = !child && (perfil.embarazo === 'embarazo' || perfil.embarazo === 'lactancia')
  if (pregnant) {
    for (const a of PREGNANCY_AVOID) evitar.add(a)
    notas.push({
      texto: `Como ${perfil.embarazo === 'embarazo' ? 'estás en embarazo' : 'estás lactando'}, se evitan los retinoides (retinol, tretinoína, adapaleno), la hidroquinona, el ácido salicílico en concentraciones altas y el Thiamidol; confírmalo siempre con tu médico.`,
      callaCon: 'embarazo',
    })
  }

  const medicines = new Set(perfil.medicamentos)
  if (medicines.has('isotretinoina')) {
    for (const a of ISOTRETINOIN_AVOID) evitar.add(a)
    for (const c of ['Deshidratación', 'Irritación']) if (!preocupaciones.includes(c)) preocupaciones.push(c)
    fpsMinimo = 50
    notas.push({
      texto:
        'Como tomas isotretinoína, tu piel necesita un cuidado suave de la barrera: limpiador sin jabón, crema reparadora o emoliente varias veces al día, bálsamo labial a menudo para los labios resecos y protector solar FPS 50 cada mañana. Nada de exfoliantes, ácidos, retinol ni peróxido de benzoilo mientras dure el tratamiento; cualquier duda, con el dermatólogo que te la formuló.',
      callaCon: 'isotretinoina',
    })
  }
  if (medicines.has('retinoide_topico')) {
    for (const a of [...RETINOIDS, ...ACIDS]) evitar.add(a)
    fpsMinimo = 50
    notas.push({
      texto: `Como ${child ? 'usa' : 'usas'} un retinoide recetado, no le sumes retinol, ácidos ni exfoliantes por tu cuenta, que irritan más la piel tratada; acompáñalo de una hidratante suave y protector solar FPS 50 cada mañana.`,
      callaCon: 'medicamentos',
    })
  }
  if (medicines.has('corticoide')) {
    for (const a of [...RETINOIDS, ...ACIDS]) evitar.add(a)
    notas.push({
      texto: `Los corticoides en crema se usan solo donde y el tiempo que ${child ? 'indicó su médico' : 'indicó tu médico'}, nunca más en la cara; no les sumes ácidos ni retinol.`,
      callaCon: 'medicamentos',
    })
  }
  if (medicines.has('anticoagulante')) {
    notas.push({
      texto: 'Con anticoagulantes, un morado grande o que aparece sin golpe se consulta al médico.',
      callaCon: 'medicamentos',
    })
  }
  if (medicines.has('otro_tratamiento')) {
    for (const a of [...RETINOIDS, ...ACIDS]) evitar.add(a)
    notas.push({
      texto: `Como ${child ? 'sigue' : 'sigues'} un tratamiento de la piel recetado, consulta con ${child ? 'su' : 'tu'} médico antes de sumar productos con activos; no le sumes retinol ni ácidos.`,
      callaCon: 'medicamentos',
    })
  }

  // Sensitivities: the profile's, and a sensitive skin type (no perfume, acids or retinoids, as the
  // message's "piel sensible"). Isotretinoin's gentle barrier care is fragrance-free too. What they
  // rule out is said once, with the products (`productsChosenFor`).
  const sensitivities = new Set(perfil.sensibilidades)
  const sensitiveSkin = perfil.tipoDePiel === 'Sensible'
  const sinPerfume = child || sensitivities.has('fragancia') || sensitiveSkin || medicines.has('isotretinoina')
  if (sensitivities.has('acidos') || sensitiveSkin) for (const a of ACIDS) evitar.add(a)
  if (sensitivities.has('retinoides') || sensitiveSkin) for (const a of RETINOIDS) evitar.add(a)
  if (sensitivities.has('filtros_quimicos')) for (const a of CHEMICAL_FILTERS) evitar.add(a)

  const edadMeses = child
    ? DEFAULT_AGE_MONTHS[subject as 'bebe' | 'nino']
    : perfil.rangoEdad === 'menos_18'
      ? TEEN_MONTHS
      : undefined
  return {
    evitar: [...evitar],
    sinPerfume,
    ...(edadMeses !== undefined && edadMeses < ADULT_MONTHS ? { edadMeses } : {}),
    embarazo: pregnant,
    ...(perfil.tipoDePiel ? { tipoDePiel: perfil.tipoDePiel } : {}),
    preocupaciones,
    ...(fpsMinimo > 0 ? { fpsMinimo } : {}),
    notas,
  }
}

/** The note that goes with products for a baby or a child. */
export const CHILD_PRODUCTS =
  'Te muestro solo productos sin perfume, sin ácidos ni retinoides, que su fabricante indica para su edad; ante cualquier duda, pregúntale a su pediatra.'

/**
 * What the products offered were chosen to respect, said once when products go with a reply
 * ("Los productos que te muestro son sin perfume y aptos para el embarazo y la lactancia, según tu
 * perfil."); undefined when nothing is ruled out.
 */
export function productsChosenFor(r: Restrictions): string | undefined {
  const ruledOut = new Set((r.evitar ?? []).map(normalise))
  const all = (list: readonly string[]) => list.every((a) => ruledOut.has(normalise(a)))
  const without = [
    ...(r.sinPerfume ? ['perfume'] : []),
    ...(all(ACIDS) ? ['ácidos exfoliantes'] : []),
    ...(all(RETINOIDS) && !r.embarazo ? ['retinoides'] : []),
  ]
  const fit = [...(r.embarazo ? ['el embarazo y la lactancia'] : []), ...(r.edadMeses !== undefined ? ['tu edad'] : [])]
  const parts = [
    ...(without.length > 0
      ? [`sin ${without.slice(0, -1).join(', ')}${without.length > 1 ? ' ni ' : ''}${without.at(-1)}`]
      : []),
    ...(all(CHEMICAL_FILTERS) ? ['con filtros solares minerales'] : []),
    ...(fit.length > 0 ? [`aptos para ${fit.join(' y para ')}`] : []),
  ]
  return parts.length > 0 ? `Según tu perfil, te muestro solo productos ${joinSpanish(parts)}.` : undefined
}

/**
 * The profile as the analysis reply's routine uses it (the photo is of the profile's person): the
 * routine's options, the sentences to add, and the one to add when products go with the reply.
 */
export function profileForRoutine(perfil: SkinProfile | null | undefined): {
  opciones: Restrictions & { skinType?: string; preocupacionesPerfil: string[]; fpsMinimo?: number }
  notas: string[]
  siHayProductos?: string
} {
  const rules = profileRules(perfil)
  const subject = profileSubject(perfil)
  const child = subject === 'bebe' || subject === 'nino'
  const restrictions: Restrictions = {
    evitar: rules.evitar,
    sinPerfume: rules.sinPerfume,
    ...(rules.edadMeses !== undefined ? { edadMeses: rules.edadMeses } : {}),
    embarazo: rules.embarazo,
  }
  const siHayProductos = child ? CHILD_PRODUCTS : productsChosenFor(restrictions)
  return {
    opciones: {
      ...restrictions,
      ...(rules.tipoDePiel ? { skinType: rules.tipoDePiel } : {}),
      preocupacionesPerfil: rules.preocupaciones,
      ...(rules.fpsMinimo ? { fpsMinimo: rules.fpsMinimo } : {}),
    },
    notas: rules.notas.map((n) => n.texto),
    ...(siHayProductos ? { siHayProductos } : {}),
  }
}
