import { answerMessage, normalise } from '@piel/assistant'
import type { AdvisorCase } from '@piel/assistant/eval/cases'
import type { SkinProfile } from '@piel/contracts'
import { listProductsForAdvice, type ProductForAdvice } from '../catalog'
import { type AdvisorContext, adviseOnMessage, productArea, productAreas } from './service'

/**
 * The advisor's evaluation (issue 31): each question of `@piel/assistant/eval/cases` through the
 * real reply path (`replyToMessage`, the store's catalogue, the case's skin profile) and checked
 * against the properties written beside it, plus those every answer must keep: no product with a
 * warning, none of the actives the question rules out, nothing unsafe for the profile, products for
 * the area asked, the SPF the text names, the shop's own facts. `npm run eval:advisor` prints it;
 * `advisor-eval.test.ts` holds the suite to it.
 */
export interface CaseResult {
  pregunta: string
  /** The case's skin profile in a few words ("embarazo · Manchas"), or '—'. */
  perfil: string
  /** Topics the advisor found, in the order it answered them. */
  temas: string[]
  alerta: boolean
  productos: string[]
  /** Each property that failed, in words; empty when the answer passed. */
  fallas: string[]
  /** The reply as plain text. */
  texto: string
}

/** The reply's HTML as the shopper reads it. */
export function plainText(html: string): string {
  return html
    .replace(/<br\s*\/?>/g, '\n')
    .replace(/<\/p>/g, '\n\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim()
}

const SUNSCREEN = 'Protector solar'

const fpsOf = (p: ProductForAdvice) => Number.parseInt(p.characteristics.FPS?.[0] ?? '', 10)

/** Singular nouns that end in s: the -is of medicine (la dermatitis, la psoriasis), and a few more. */
const SINGULAR_IN_S = /(is|des|tos|caries|lunes|mes|vez|más|menos|además|después|antes|jamás|atrás|pues)$/i

const RETINOIDS = ['Retinol', 'Retinal', 'Tretinoína', 'Adapaleno']
const ACIDS = ['Ácido salicílico', 'Ácido glicólico', 'Ácido láctico']

/** `Edad mínima` in months, read here on its own (the evaluation does not trust the advisor's reader). */
function minimumMonths(value: string | undefined): number | undefined {
  if (!value) return undefined
  if (value === 'Desde el nacimiento') return 0
  if (value === 'Adultos') return 216
  const match = value.match(/(\d+) (mes|meses|año|años)$/)
  if (!match) return undefined
  return match[2]?.startsWith('mes') ? Number(match[1]) : Number(match[1]) * 12
}

/** Who a case's check is for: a person of this age (months), pregnant or not, with these rules. */
export interface SafetyRules {
  evitar: Set<string>
  sinPerfume: boolean
  embarazo: boolean
  edadMeses?: number
}

/**
 * What the issue says a skin profile rules out, written here independently of the advisor: no
 * retinoids, hydroquinone, salicylic acid or Thiamidol in pregnancy (and only products marked
 * pregnancy-safe); nothing exfoliating or perfumed for babies and children, and only what their age
 * allows (no sunscreen under 6 months); no retinoids, acids or benzoyl peroxide with isotretinoin;
 * no retinol or acids over a prescription; sensitivity excludes fragrance and acids; the
 * sensitivities named.
 */
export function profileSafety(perfil: SkinProfile, edadMeses?: number): SafetyRules {
  const evitar = new Set<string>()
  const child = perfil.paraQuien === 'bebe' || perfil.paraQuien === 'nino'
  let sinPerfume = child
  if (child)
    for (const a of [...RETINOIDS, ...ACIDS, 'Peróxido de benzoilo', 'Hidroquinona', 'Thiamidol']) evitar.add(a)
  const embarazo = !child && (perfil.embarazo === 'embarazo' || perfil.embarazo === 'lactancia')
  if (embarazo) for (const a of [...RETINOIDS, 'Hidroquinona', 'Ácido salicílico', 'Thiamidol']) evitar.add(a)
  for (const m of perfil.medicamentos) {
    if (m === 'isotretinoina') for (const a of [...RETINOIDS, ...ACIDS, 'Peróxido de benzoilo']) evitar.add(a)
    if (m === 'retinoide_topico' || m === 'corticoide' || m === 'otro_tratamiento') {
      for (const a of [...RETINOIDS, ...ACIDS]) evitar.add(a)
    }
  }
  if (perfil.sensibilidades.includes('fragancia') || perfil.tipoDePiel === 'Sensible') sinPerfume = true
  if (perfil.sensibilidades.includes('acidos') || perfil.tipoDePiel === 'Sensible') for (const a of ACIDS) evitar.add(a)
  if (perfil.sensibilidades.includes('retinoides')) for (const a of RETINOIDS) evitar.add(a)
  if (perfil.sensibilidades.includes('filtros_quimicos')) for (const a of ['Filtros UV', 'Mexoryl 400']) evitar.add(a)
  const age =
    edadMeses ??
    (perfil.paraQuien === 'bebe'
      ? 0
      : perfil.paraQuien === 'nino'
        ? 24
        : perfil.rangoEdad === 'menos_18'
          ? 144
          : undefined)
  return { evitar, sinPerfume, embarazo, ...(age !== undefined ? { edadMeses: age } : {}) }
}

/** Each way the product is unsafe under the rules, in words (empty when it is safe). */
export function unsafeFor(product: ProductForAdvice, rules: SafetyRules): string[] {
  const c = product.characteristics
  const why: string[] = []
  const actives = (c['Ingrediente activo'] ?? []).filter((a) => rules.evitar.has(a))
  if (actives.length > 0) why.push(actives.join(', '))
  if (rules.sinPerfume && c.Perfume?.[0] !== 'Sin perfume') why.push(`perfume: ${c.Perfume?.[0] ?? '?'}`)
  if (rules.embarazo && c['Apto en embarazo']?.[0] !== 'Sí') why.push(`embarazo: ${c['Apto en embarazo']?.[0] ?? '?'}`)
  if (rules.edadMeses !== undefined) {
    const from = minimumMonths(c['Edad mínima']?.[0])
    if (from === undefined || from > rules.edadMeses) why.push(`edad: ${c['Edad mínima']?.[0] ?? '?'}`)
    if (rules.edadMeses < 6 && (c['Tipo de producto'] ?? []).includes(SUNSCREEN)) why.push('protector antes de 6 meses')
  }
  return why
}

const PROFILE_WORDS = {
  paraQuien: { yo: '', nino: 'niño', bebe: 'bebé' },
  rangoEdad: {
    menos_18: '<18',
    '18_29': '18–29',
    '30_39': '30–39',
    '40_49': '40–49',
    '50_59': '50–59',
    '60_mas': '60+',
  },
  embarazo: { no: '', embarazo: 'embarazo', lactancia: 'lactancia' },
  medicamentos: {
    isotretinoina: 'isotretinoína',
    retinoide_topico: 'retinoide tópico',
    anticoagulante: 'anticoagulante',
    corticoide: 'corticoide',
    otro_tratamiento: 'otro tratamiento',
  },
  sensibilidades: {
    fragancia: 'sin fragancia',
    acidos: 'sin ácidos',
    retinoides: 'sin retinoides',
    filtros_quimicos: 'sin filtros químicos',
  },
} as const

/** The profile in a few words, for the printed table ("embarazo · Manchas · piel Sensible"). */
export function describeProfile(perfil: SkinProfile | undefined): string {
  if (!perfil) return '—'
  const parts = [
    perfil.paraQuien ? PROFILE_WORDS.paraQuien[perfil.paraQuien] : '',
    perfil.tipoDePiel ? `piel ${perfil.tipoDePiel}` : '',
    perfil.rangoEdad ? PROFILE_WORDS.rangoEdad[perfil.rangoEdad] : '',
    perfil.embarazo ? PROFILE_WORDS.embarazo[perfil.embarazo] : '',
    ...perfil.medicamentos.map((m) => PROFILE_WORDS.medicamentos[m]),
    ...perfil.sensibilidades.map((m) => PROFILE_WORDS.sensibilidades[m]),
    perfil.preocupaciones.join(', '),
  ].filter(Boolean)
  return parts.length > 0 ? parts.join(' · ') : 'vacío'
}

/** "la" or "una" before a plural noun ("para la líneas de expresión", "para la ojeras"). */
export function agreementSlips(text: string): string[] {
  return [...text.matchAll(/(?<![\p{L}])(la|una) (\p{L}+s)(?![\p{L}])/giu)]
    .map((m) => m[0])
    .filter((slip) => !SINGULAR_IN_S.test(slip.split(' ')[1] ?? ''))
}

const EMPTY_PROFILE: SkinProfile = {
  paraQuien: null,
  tipoDePiel: null,
  preocupaciones: [],
  rangoEdad: null,
  embarazo: null,
  medicamentos: [],
  sensibilidades: [],
}

export async function evaluateCase(
  ctx: AdvisorContext,
  catalogue: ReadonlyMap<number, ProductForAdvice>,
  item: AdvisorCase,
): Promise<CaseResult> {
  const { pregunta, espera, perfil } = item
  const topics = answerMessage(pregunta, 'evaluacion', await ctx.shop(), perfil)
  const { reply, temas } = await adviseOnMessage(ctx, {
    message: pregunta,
    clima: undefined,
    seed: 'evaluacion',
    tier: 'normal',
    perfil: perfil ?? null,
  })
  const texto = plainText(reply.respuesta)
  const plain = normalise(texto)
  const offered = reply.productos.flatMap((p) => catalogue.get(p.id) ?? [])
  const fallas: string[] = []
  const fail = (why: string) => fallas.push(why)

  for (const tema of espera.temas ?? []) if (!temas.includes(tema)) fail(`no reconoció «${tema}»`)
  if (espera.alerta !== undefined && reply.alerta !== espera.alerta) {
    fail(espera.alerta ? 'no dio la alerta' : 'dio una alerta sin motivo')
  }
  // Always: a warning carries no product.
  if (reply.alerta && offered.length > 0) fail('ofreció productos con una alerta')
  if (espera.sinProductos && offered.length > 0) fail('ofreció productos donde no debía')
  for (const product of offered) {
    const actives = product.characteristics['Ingrediente activo'] ?? []
    const unsafe = actives.filter((a) => (espera.evita ?? []).includes(a))
    if (unsafe.length > 0) fail(`ofreció ${product.name} (${unsafe.join(', ')})`)
    const area = productArea(product)
    if (espera.zona && !productAreas(product).includes(espera.zona)) fail(`ofreció ${product.name}, de la zona ${area}`)
    // Always: body care only for a body concern, the body, or a product asked for by name.
    if (
      !espera.zona &&
      area === 'cuerpo' &&
      topics.zona !== 'cuerpo' &&
      !temas.includes('producto') &&
      !(espera.preocupaciones ?? []).some((c) => /corporal|atópica/.test(c))
    ) {
      fail(`ofreció ${product.name}, para el cuerpo`)
    }
  }
  // Always, with a profile: nothing unsafe for the profile's person (unless the question is about someone else).
  const checks: { who: string; rules: SafetyRules }[] = []
  if (perfil && !espera.otraPersona) checks.push({ who: 'el perfil', rules: profileSafety(perfil, espera.edadMeses) })
  // The message's own person: a child of this age, someone pregnant or breastfeeding.
  if (espera.edadMeses !== undefined && espera.edadMeses < 144) {
    checks.push({
      who: `un niño de ${espera.edadMeses} meses`,
      rules: profileSafety({ ...EMPTY_PROFILE, paraQuien: espera.edadMeses < 24 ? 'bebe' : 'nino' }, espera.edadMeses),
    })
  }
  if (espera.embarazo)
    checks.push({ who: 'el embarazo', rules: profileSafety({ ...EMPTY_PROFILE, embarazo: 'embarazo' }) })
  for (const { who, rules } of checks) {
    for (const product of offered) {
      const why = unsafeFor(product, rules)
      if (why.length > 0) fail(`ofreció ${product.name}, no apto para ${who} (${why.join('; ')})`)
    }
  }
  if (espera.preocupaciones && offered.length > 0) {
    const wanted = espera.preocupaciones
    if (!offered.some((p) => (p.characteristics.Preocupación ?? []).some((c) => wanted.includes(c)))) {
      fail(`ningún producto es para ${wanted.join(' o ')}`)
    }
  }
  // Always: the SPF the text names is the SPF of the sunscreens offered.
  const named = [...plain.matchAll(/ (fps|spf) (\d+)/g)].map((m) => Number(m[2]))
  const least = Math.max(espera.fpsMinimo ?? 0, ...named)
  for (const product of offered) {
    if (!(product.characteristics['Tipo de producto'] ?? []).includes(SUNSCREEN)) continue
    const fps = fpsOf(product)
    if (!(fps >= least))
      fail(`ofreció ${product.name} (FPS ${Number.isFinite(fps) ? fps : '?'}) y el texto pide FPS ${least}`)
  }
  if (espera.fpsMinimo && named.some((n) => n < (espera.fpsMinimo as number))) {
    fail(`el texto nombra un FPS menor que ${espera.fpsMinimo}`)
  }
  for (const words of espera.menciona ?? [])
    if (!plain.includes(normalise(words).trim())) fail(`no menciona «${words}»`)
  // Always: nothing untrue about the shop.
  for (const words of [...(espera.noMenciona ?? []), 'toda colombia']) {
    if (plain.includes(normalise(words).trim())) fail(`menciona «${words}»`)
  }
  for (const slip of agreementSlips(texto)) fail(`concordancia: «${slip}»`)
  return {
    pregunta,
    perfil: describeProfile(perfil),
    temas,
    alerta: reply.alerta,
    productos: offered.map((p) => p.name),
    fallas,
    texto,
  }
}

/** Every case, in order, against the store's catalogue as it stands. */
export async function evaluateAdvisor(ctx: AdvisorContext, cases: readonly AdvisorCase[]): Promise<CaseResult[]> {
  const catalogue = new Map((await listProductsForAdvice(ctx.db, ctx.storeId)).map((p) => [p.id, p]))
  const results: CaseResult[] = []
  for (const item of cases) results.push(await evaluateCase(ctx, catalogue, item))
  return results
}
