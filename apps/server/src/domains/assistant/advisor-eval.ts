import { answerMessage, normalise } from '@piel/assistant'
import type { AdvisorCase } from '@piel/assistant/eval/cases'
import { listProductsForAdvice, type ProductForAdvice } from '../catalog'
import { type AdvisorContext, adviseOnMessage, productArea } from './service'

/**
 * The advisor's evaluation (issue 31): each question of `@piel/assistant/eval/cases` through the
 * real reply path (`replyToMessage`, the store's catalogue) and checked against the properties
 * written beside it, plus those every answer must keep: no product with a warning, none of the
 * actives the question rules out, products for the area asked, the SPF the text names, the shop's
 * own facts. `npm run eval:advisor` prints it; `advisor-eval.test.ts` holds the suite to it.
 */
export interface CaseResult {
  pregunta: string
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

/** "la" or "una" before a plural noun ("para la líneas de expresión", "para la ojeras"). */
export function agreementSlips(text: string): string[] {
  return [...text.matchAll(/(?<![\p{L}])(la|una) (\p{L}+s)(?![\p{L}])/giu)]
    .map((m) => m[0])
    .filter((slip) => !SINGULAR_IN_S.test(slip.split(' ')[1] ?? ''))
}

export async function evaluateCase(
  ctx: AdvisorContext,
  catalogue: ReadonlyMap<number, ProductForAdvice>,
  item: AdvisorCase,
): Promise<CaseResult> {
  const { pregunta, espera } = item
  const topics = answerMessage(pregunta, 'evaluacion', ctx.shop)
  const { reply, temas } = await adviseOnMessage(ctx, {
    message: pregunta,
    clima: undefined,
    seed: 'evaluacion',
    tier: 'normal',
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
    if (espera.zona && area !== espera.zona) fail(`ofreció ${product.name}, de la zona ${area}`)
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
