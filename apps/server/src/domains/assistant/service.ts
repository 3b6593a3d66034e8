import {
  answerMessage,
  type CatalogueProduct,
  composeAnalysisReply,
  composeComparisonReply,
  focusOf,
  KNOWLEDGE,
  type Readings,
  recommendRoutine,
  toSafeHtml,
  type Weather,
} from '@piel/assistant'
import {
  type AnalysisChatReply,
  analysisWaitMessage,
  type ChatbotReply,
  type Clima,
  daysUntil,
  type MyAnalyses,
  SKIN_MEASURES,
  type SkinMeasure,
  type StoredAnalysis,
} from '@piel/contracts'
import type { Db } from '../../db'
import { notFound } from '../../shared/errors'
import { listProductsForAdvice, type ProductForAdvice } from '../catalog'
import { type AnalysisOwner, firstAndLastAnalysis, nextAnalysisAt, type StoredAnalysisRow } from '../uploads'
import type { Phrasing, PhrasingRequest } from './llm'

/** At most this many products go with an answer: the routine's, in its order. */
const MAX_PRODUCTS = 6

/** The optional language model (`ASSISTANT_LLM_URL`): phrases a reply, or null to keep the built-in one. */
export type Phraser = (request: PhrasingRequest) => Promise<Phrasing | null>

export interface AdvisorContext {
  db: Db
  storeId: number
  phrase?: Phraser | undefined
}

const toCatalogueProduct = (p: ProductForAdvice): CatalogueProduct => {
  const fps = Number.parseInt(p.characteristics.FPS?.[0] ?? '', 10)
  return {
    id: p.id,
    nombre: p.name,
    marca: p.brand,
    tipo: p.characteristics['Tipo de producto'] ?? [],
    preocupaciones: p.characteristics.Preocupación ?? [],
    activos: p.characteristics['Ingrediente activo'] ?? [],
    tiposDePiel: p.characteristics['Tipo de piel'] ?? [],
    texturas: p.characteristics.Textura ?? [],
    ...(Number.isFinite(fps) ? { fps } : {}),
    existencia: p.stock,
    vendidos: p.unitsSold,
  }
}

const weatherOf = (clima: Clima | undefined): Weather | undefined => {
  if (!clima) return undefined
  const { temperatura, humedad, uv } = clima
  if (temperatura === undefined && humedad === undefined && uv === undefined) return undefined
  return {
    ...(temperatura !== undefined ? { temperatura } : {}),
    ...(humedad !== undefined ? { humedad } : {}),
    ...(uv !== undefined ? { uv } : {}),
  }
}

/**
 * The routine for the measures in focus, matched against the store's catalogue (in-stock products
 * only), with the sentences it adds: the weather's advice and an honest word on what the products are.
 */
async function routineFor(
  ctx: AdvisorContext,
  focus: readonly SkinMeasure[],
  clima: Clima | undefined,
): Promise<{ productos: ChatbotReply['productos']; extra: string[] }> {
  const catalogue = await listProductsForAdvice(ctx.db, ctx.storeId)
  const weather = weatherOf(clima)
  const recommendation = recommendRoutine(catalogue.map(toCatalogueProduct), focus, weather ? { weather } : {})
  const byId = new Map(catalogue.map((p) => [p.id, p]))
  const productos = recommendation.productos.slice(0, MAX_PRODUCTS).flatMap(({ id, razon }) => {
    const product = byId.get(id)
    return product ? [{ id, nombre: product.name, url: product.imageUrl, razon }] : []
  })
  const extra = [...recommendation.consejosClima]
  if (productos.length > 0) {
    extra.push(
      recommendation.respaldo
        ? 'No encontré en la tienda un producto pensado para esto; estos son de los más recomendados.'
        : 'Te dejo productos de la tienda para esta rutina: pulsa «Ver productos» para verlos.',
    )
  }
  return { productos, extra }
}

/**
 * The reply the shopper reads: the model's phrasing when one is configured and its answer passed the
 * checks (only candidate products, the obligatory sentences kept), else the built-in text. Always
 * rendered to safe HTML here.
 */
async function finalReply(
  ctx: AdvisorContext,
  draft: { tipo: PhrasingRequest['tipo']; texto: string; mensaje?: string; focus: readonly SkinMeasure[] },
  products: ChatbotReply['productos'],
  obligatorias: string[],
  links: readonly { texto: string; ruta: string }[] = [],
): Promise<{ respuesta: string; productos: ChatbotReply['productos'] }> {
  if (ctx.phrase) {
    const phrasing = await ctx.phrase({
      tipo: draft.tipo,
      ...(draft.mensaje !== undefined ? { mensaje: draft.mensaje } : {}),
      borrador: draft.texto,
      conocimiento: draft.focus.map((m) => {
        const k = KNOWLEDGE[m]
        return `${k.nombre}: mide ${k.queMide}. Activos: ${k.activos.join(', ')}. ${k.cuidados.join(' ')}`
      }),
      candidatos: products.map(({ id, nombre, razon }) => ({ id, nombre, razon })),
      obligatorias,
    })
    if (phrasing) {
      const byId = new Map(products.map((p) => [p.id, p]))
      const chosen = phrasing.productIds.flatMap((id) => byId.get(id) ?? [])
      return { respuesta: toSafeHtml(phrasing.texto, links), productos: chosen }
    }
  }
  return { respuesta: toSafeHtml(draft.texto, links), productos: products }
}

/**
 * The advisor's answer to a free-text message: the built-in answer, and for a skin-care topic the
 * routine matched against the store's catalogue (in-stock products only). A warning sign gets no
 * products and is never phrased by the model. `seed` varies the phrasing between shoppers.
 */
export async function replyToMessage(
  ctx: AdvisorContext,
  input: { message: string; clima: Clima | undefined; seed: string },
): Promise<ChatbotReply> {
  const answer = answerMessage(input.message, input.seed)
  if (answer.alerta || answer.enfoque.length === 0) {
    return { respuesta: toSafeHtml(answer.texto, answer.enlaces), productos: [], alerta: answer.alerta }
  }
  const { productos, extra } = await routineFor(ctx, answer.enfoque, input.clima)
  const texto = [answer.texto, ...extra].join('\n\n')
  const reply = await finalReply(
    ctx,
    { tipo: 'mensaje', texto, mensaje: input.message, focus: answer.enfoque },
    productos,
    [],
    answer.enlaces,
  )
  return { ...reply, alerta: false }
}

const toStoredAnalysis = (row: StoredAnalysisRow): StoredAnalysis => ({
  fecha: row.createdAt.toISOString(),
  puntajes: Object.fromEntries(SKIN_MEASURES.map((m) => [m, row.result[m].ui_score])) as StoredAnalysis['puntajes'],
  general: row.result.overall.ui_score,
})

/** What the server stored for a person or chat key, and when the next analysis may be made (spec 001 §5, 7 days). */
export async function myAnalyses(db: Db, owner: AnalysisOwner, now = new Date()): Promise<MyAnalyses> {
  const { first, last } = await firstAndLastAnalysis(db, owner)
  const next = nextAnalysisAt(last, now)
  return {
    primerAnalisis: first ? toStoredAnalysis(first) : null,
    ultimoAnalisis: last ? toStoredAnalysis(last) : null,
    proximoAnalisis: next ? next.toISOString() : null,
    mensajeEspera: next ? analysisWaitMessage(daysUntil(next, now)) : null,
  }
}

const DERMATOLOGY_DISCLAIMERS = [
  'Es una orientación cosmética a partir de una foto, no un diagnóstico médico.',
  'Es una orientación cosmética a partir de fotos, no un diagnóstico médico.',
]

/**
 * The reply to the analysis the server just stored for this person or chat key — never to scores the
 * browser sends. When an earlier analysis exists (on any device), the reply compares the new one with
 * the first: a measure is better or worse only beyond the engine's band. Otherwise it is the reply to
 * a first analysis. Either way, with a routine from the store's catalogue.
 */
export async function replyToAnalysis(
  ctx: AdvisorContext,
  input: { owner: AnalysisOwner; clima: Clima | undefined; seed: string },
): Promise<AnalysisChatReply> {
  const { first, last } = await firstAndLastAnalysis(ctx.db, input.owner)
  if (!first || !last) {
    throw notFound('Aún no hay un análisis de tu piel. Envía una foto de tu rostro desde el teléfono para empezar.')
  }
  const after = last.result as Readings
  const seed = `${input.seed}|${last.id}`
  const isComparison = first.id !== last.id
  const comparison = isComparison ? composeComparisonReply(first.result as Readings, after, seed) : null
  const composed =
    comparison ??
    composeAnalysisReply(after, seed, { edadPiel: last.result.edadPiel, gradoAcne: last.result.gradoAcne })
  // After a comparison the routine follows what got worse, else what reads worst now.
  const focus = composed.enfoque.length > 0 ? composed.enfoque : focusOf(after)
  const { productos, extra } = await routineFor(ctx, focus, input.clima)
  // The weather's advice and the word on the products go before the closing disclaimer.
  const paragraphs = composed.texto.split('\n\n')
  const closing = DERMATOLOGY_DISCLAIMERS.includes(paragraphs.at(-1) ?? '') ? paragraphs.splice(-1) : []
  const texto = [...paragraphs, ...extra, ...closing].join('\n\n')
  const obligatorias = composed.texto
    .split('\n\n')
    .filter(
      (line) =>
        DERMATOLOGY_DISCLAIMERS.includes(line) ||
        SKIN_MEASURES.some((m) => line.toLowerCase() === KNOWLEDGE[m].dermatologo.toLowerCase()),
    )
  const reply = await finalReply(
    ctx,
    { tipo: isComparison ? 'comparacion' : 'analisis', texto, focus },
    productos,
    obligatorias,
  )
  const comparacion = comparison?.medidas ?? []
  return {
    ...reply,
    alerta: false,
    tipo: isComparison ? 'comparacion' : 'primer_analisis',
    analisis: toStoredAnalysis(last),
    primerAnalisis: isComparison ? toStoredAnalysis(first) : null,
    comparacion: comparacion.map((c) => ({
      medida: c.measure,
      antes: c.antes,
      despues: c.despues,
      diferencia: c.difference,
      banda: c.band,
      veredicto: c.verdict,
    })),
    proximoAnalisis: (nextAnalysisAt(last) ?? new Date()).toISOString(),
  }
}
