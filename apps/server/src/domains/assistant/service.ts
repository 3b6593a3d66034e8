import {
  answerMessage,
  type CatalogueProduct,
  composeAnalysisReply,
  composeComparisonReply,
  focusOf,
  hasPerfume,
  joinSpanish,
  KNOWLEDGE,
  lowerInSentence,
  minimumAgeMonths,
  type ProductArea,
  pregnancySafety,
  productsNamed,
  profileForRoutine,
  type Readings,
  type RoutineOptions,
  recommendRoutine,
  type ShopFacts,
  toSafeHtml,
  unsuitability,
  type Weather,
} from '@piel/assistant'
import {
  type AnalysisChatReply,
  analysisWaitMessage,
  type ChatbotReply,
  type Clima,
  daysUntil,
  type MyAnalyses,
  type PriceTier,
  SKIN_MEASURES,
  type SkinMeasure,
  type SkinProfile,
  type StoredAnalysis,
} from '@piel/contracts'
import { samePerson } from '@piel/skin/identity'
import type { Db } from '../../db'
import { notFound } from '../../shared/errors'
import { getProductSummariesByIds, listProductsForAdvice, type ProductForAdvice } from '../catalog'
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
  /** What the advisor may say of the shop, read when it answers (the shipping zones change). */
  shop: () => Promise<ShopFacts>
}

/** Product types that are body care or eye care whatever their `Zona` says (a store may not fill it). */
const BODY_TYPES = ['Loción corporal', 'Gel de ducha', 'Crema de manos', 'Crema de pies']

/** Where a product is applied: its `Zona` characteristic (face first when it has several), else its type. */
export function productArea(p: ProductForAdvice): ProductArea {
  const zones = p.characteristics.Zona ?? []
  if (zones.includes('Rostro')) return 'rostro'
  if (zones.includes('Ojos')) return 'ojos'
  if (zones.includes('Cuerpo')) return 'cuerpo'
  const types = p.characteristics['Tipo de producto'] ?? []
  if (types.some((t) => BODY_TYPES.includes(t))) return 'cuerpo'
  if (types.includes('Contorno de ojos')) return 'ojos'
  return 'rostro'
}

const AREAS: readonly [string, ProductArea][] = [
  ['Rostro', 'rostro'],
  ['Ojos', 'ojos'],
  ['Cuerpo', 'cuerpo'],
]

/** Every area a product is for (a balm for face and body): its `Zona` values, else its main area. */
export function productAreas(p: ProductForAdvice): ProductArea[] {
  const zones = p.characteristics.Zona ?? []
  const areas = AREAS.filter(([zone]) => zones.includes(zone)).map(([, area]) => area)
  return areas.length > 0 ? areas : [productArea(p)]
}

/**
 * A catalogue product as the advisor matches it: what it is and is for, where it goes, and for whom
 * (`Edad mínima`, `Apto en embarazo`, `Perfume`, read by `@piel/assistant`; absent when the back
 * office has not filled them, and then never taken as safe for a child or a perfume allergy).
 */
export const toCatalogueProduct = (p: ProductForAdvice): CatalogueProduct => {
  const fps = Number.parseInt(p.characteristics.FPS?.[0] ?? '', 10)
  const edadMinimaMeses = minimumAgeMonths(p.characteristics['Edad mínima']?.[0])
  const aptoEmbarazo = pregnancySafety(p.characteristics['Apto en embarazo']?.[0])
  const perfume = hasPerfume(p.characteristics.Perfume?.[0])
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
    zona: productArea(p),
    zonas: productAreas(p),
    ...(edadMinimaMeses !== undefined ? { edadMinimaMeses } : {}),
    ...(aptoEmbarazo !== undefined ? { aptoEmbarazo } : {}),
    ...(perfume !== undefined ? { perfume } : {}),
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
 * that suit the person: the message's and the skin profile's restrictions), with the sentences it
 * adds: the weather's advice, what the products were chosen to respect (`siHayProductos`) and an
 * honest word on what the products are.
 */
async function routineFor(
  ctx: AdvisorContext,
  focus: readonly SkinMeasure[],
  clima: Clima | undefined,
  options: Omit<RoutineOptions, 'weather'> = {},
  known?: readonly ProductForAdvice[],
  siHayProductos?: string,
): Promise<{ productos: ChatbotReply['productos']; extra: string[] }> {
  const catalogue = known ?? (await listProductsForAdvice(ctx.db, ctx.storeId))
  const weather = weatherOf(clima)
  const recommendation = recommendRoutine(catalogue.map(toCatalogueProduct), focus, {
    ...options,
    ...(weather ? { weather } : {}),
  })
  const byId = new Map(catalogue.map((p) => [p.id, p]))
  const productos = recommendation.productos.slice(0, MAX_PRODUCTS).flatMap(({ id, razon }) => {
    const product = byId.get(id)
    return product ? [{ id, nombre: product.name, url: product.imageUrl, razon }] : []
  })
  const extra = [...recommendation.consejosClima]
  if (productos.length > 0) {
    if (siHayProductos) extra.push(siHayProductos)
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

const cop = (value: number) => `$ ${new Intl.NumberFormat('es-CO').format(value)}`

/** "Sí, tenemos Effaclar Duo(+)M… (La Roche-Posay), con niacinamida: $ 89.900, disponible." */
function productLine(product: ProductForAdvice, price: number): string {
  const actives = (product.characteristics['Ingrediente activo'] ?? []).slice(0, 3).map(lowerInSentence)
  const stock =
    product.stock <= 0
      ? 'por ahora está agotado'
      : product.stock <= 5
        ? `quedan ${product.stock} ${product.stock === 1 ? 'unidad' : 'unidades'}`
        : 'disponible'
  return `${product.name} (${product.brand})${actives.length ? `, con ${actives.join(', ').replace(/, ([^,]*)$/, ' y $1')}` : ''}: ${cop(price)}, ${stock}.`
}

/** The topics found and the reply: what `/Chatbot/MensajesChatbot` answers, and what the evaluation reads. */
export interface MessageAdvice {
  reply: ChatbotReply
  temas: string[]
}

/** A message to the advisor: the shopper's text, their weather, tier and skin profile (null when none is saved). */
export interface MessageInput {
  message: string
  clima: Clima | undefined
  seed: string
  tier: PriceTier
  perfil?: SkinProfile | null | undefined
}

/**
 * The advisor's answer to a free-text message: the built-in answer, and for a skin-care topic the
 * routine matched against the store's catalogue (in-stock products only, none that the message or
 * the skin profile rules out: actives, perfume, the person's age, pregnancy). A product the message
 * names is answered with its price in the shopper's tier and its stock, and when it does not suit
 * the person, with the reason and not offered. A warning sign gets no products and is never phrased
 * by the model. `seed` varies the phrasing between shoppers.
 */
export async function adviseOnMessage(ctx: AdvisorContext, input: MessageInput): Promise<MessageAdvice> {
  const answer = answerMessage(input.message, input.seed, await ctx.shop(), input.perfil)
  const warning = (): MessageAdvice => ({
    reply: { respuesta: toSafeHtml(answer.texto, answer.enlaces), productos: [], alerta: true },
    temas: answer.temas,
  })
  if (answer.derivacion) return warning()
  const catalogue = await listProductsForAdvice(ctx.db, ctx.storeId)
  // A message that asks for a prescription or tries to give the advisor orders gets no product, named or not.
  const blocked = answer.temas[0] === 'fuera de tema'
  const named = blocked
    ? []
    : productsNamed(
        input.message,
        catalogue.map((p) => ({ ...p, nombre: p.name, marca: p.brand, vendidos: p.unitsSold })),
      )
  if (named.length > 0) {
    const prices = new Map(
      (
        await getProductSummariesByIds(
          ctx.db,
          named.map((p) => p.id),
          input.tier,
        )
      ).map((p) => [p.id, p.price]),
    )
    // A product the message or the profile rules out (an active in pregnancy or rosacea, perfume for a
    // sensitive skin, a child's age…) is named with the reason, not offered.
    const unsuited = (p: ProductForAdvice) => unsuitability(toCatalogueProduct(p), answer)
    const doctor = answer.paraQuien ? 'su pediatra' : answer.embarazo ? 'tu médico' : 'tu dermatólogo'
    const lines = named.flatMap((p) => {
      if (!prices.has(p.id)) return []
      const line = productLine(p, prices.get(p.id) as number)
      const reasons = unsuited(p)
      return [
        reasons.length === 0
          ? line
          : `${line} Pero ${joinSpanish(reasons.map((r) => r.texto))}, y con lo que me cuentas${input.perfil ? ' y tu perfil de piel' : ''} conviene evitarlo: consúltalo antes con ${doctor}.`,
      ]
    })
    const offered = named.filter((p) => unsuited(p).length === 0)
    const opening = named.length === 1 ? 'Sí, lo tenemos:' : 'Esto es lo que tenemos:'
    // The rest of the message still gets its answer ("¿el Effaclar Duo sirve para los granitos?").
    const rest = answer.temas.some((t) => t !== 'desconocido' && t !== 'saludo') ? [answer.texto] : []
    const texto = [
      `${opening}\n${lines.join('\n')}`,
      ...rest,
      ...(offered.length > 0 ? ['Pulsa «Ver productos» para ver su ficha.'] : []),
    ].join('\n\n')
    return {
      reply: {
        respuesta: toSafeHtml(texto, answer.enlaces),
        productos: offered.map((p) => ({
          id: p.id,
          nombre: p.name,
          url: p.imageUrl,
          razon: 'El producto por el que preguntaste.',
        })),
        // For a child with nothing that suits them, no earlier routine stays beside the answer.
        alerta: answer.alerta && offered.length === 0,
      },
      temas: ['producto', ...answer.temas.filter((t) => t !== 'desconocido')],
    }
  }
  if (answer.alerta) return warning()
  if (!answer.productos) {
    return {
      reply: { respuesta: toSafeHtml(answer.texto, answer.enlaces), productos: [], alerta: false },
      temas: answer.temas,
    }
  }
  const { productos, extra } = await routineFor(
    ctx,
    answer.enfoque,
    input.clima,
    {
      preocupaciones: answer.preocupaciones,
      preocupacionesPerfil: answer.preocupacionesPerfil,
      evitar: answer.evitar,
      sinPerfume: answer.sinPerfume,
      edadMeses: answer.edadMeses,
      embarazo: answer.embarazo,
      fpsMinimo: answer.fpsMinimo,
      skinType: answer.tipoDePiel,
      zona: answer.zona,
    },
    catalogue,
    answer.siHayProductos,
  )
  const texto = [answer.texto, ...extra].join('\n\n')
  const reply = await finalReply(
    ctx,
    { tipo: 'mensaje', texto, mensaje: input.message, focus: answer.enfoque },
    productos,
    [],
    answer.enlaces,
  )
  // A baby's or a child's skin with nothing in the shop that suits it: no earlier routine stays beside the answer.
  const alerta = Boolean(answer.paraQuien) && reply.productos.length === 0
  return { reply: { ...reply, alerta }, temas: answer.temas }
}

/** `/Chatbot/MensajesChatbot` and its chat twin: the reply of `adviseOnMessage`. */
export async function replyToMessage(ctx: AdvisorContext, input: MessageInput): Promise<ChatbotReply> {
  return (await adviseOnMessage(ctx, input)).reply
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

/** The opening of the reply when the new photo is not of the person of the first analysis. */
export const ANOTHER_PERSON =
  'Esta foto no parece ser de la misma persona que la de tu primer análisis, así que no las comparo: comparar dos rostros distintos no diría nada de tu piel. Te cuento lo que muestra esta foto. Si eres tú, en tu próximo análisis toma la foto con la misma luz que la primera, sin gafas y con el rostro relajado, para que pueda compararlas.'

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
  input: { owner: AnalysisOwner; clima: Clima | undefined; seed: string; perfil?: SkinProfile | null | undefined },
): Promise<AnalysisChatReply> {
  // The skin profile of the photo's person: what the text may name as helping and what the routine may offer.
  const profile = profileForRoutine(input.perfil)
  const { first, last } = await firstAndLastAnalysis(ctx.db, input.owner)
  if (!first || !last) {
    throw notFound('Aún no hay un análisis de tu piel. Envía una foto de tu rostro desde el teléfono para empezar.')
  }
  const after = last.result as Readings
  const seed = `${input.seed}|${last.id}`
  // Scores of two different people say nothing of anyone's skin: the new photo is compared only when
  // its face is the first one's (the engine's identity descriptors; unknown for older analyses).
  const anotherPerson = first.id !== last.id && samePerson(first.descriptor, last.descriptor) === false
  const isComparison = first.id !== last.id && !anotherPerson
  const comparison = isComparison
    ? composeComparisonReply(first.result as Readings, after, seed, last.result.confianza, profile.opciones.evitar)
    : null
  const composed =
    comparison ??
    composeAnalysisReply(after, seed, {
      edadPiel: last.result.edadPiel,
      gradoAcne: last.result.gradoAcne,
      confianza: last.result.confianza,
      evitar: profile.opciones.evitar ?? [],
    })
  // After a comparison the routine follows what got worse, else what reads worst now.
  const focus = composed.enfoque.length > 0 ? composed.enfoque : focusOf(after)
  const { productos, extra } = await routineFor(
    ctx,
    focus,
    input.clima,
    profile.opciones,
    undefined,
    profile.siHayProductos,
  )
  // The profile's sentences, the weather's advice and the word on the products go before the closing disclaimer.
  const paragraphs = [...(anotherPerson ? [ANOTHER_PERSON] : []), ...composed.texto.split('\n\n')]
  const closing = DERMATOLOGY_DISCLAIMERS.includes(paragraphs.at(-1) ?? '') ? paragraphs.splice(-1) : []
  const texto = [...paragraphs, ...profile.notas, ...extra, ...closing].join('\n\n')
  const obligatorias = [
    ...(anotherPerson ? [ANOTHER_PERSON] : []),
    ...composed.texto
      .split('\n\n')
      .filter(
        (line) =>
          DERMATOLOGY_DISCLAIMERS.includes(line) ||
          SKIN_MEASURES.some((m) => line.toLowerCase() === KNOWLEDGE[m].dermatologo.toLowerCase()),
      ),
  ]
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
    tipo: isComparison ? 'comparacion' : anotherPerson ? 'otra_persona' : 'primer_analisis',
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
