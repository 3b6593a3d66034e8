import { answerMessage, type CatalogueProduct, recommendRoutine, toSafeHtml, type Weather } from '@piel/assistant'
import type { ChatbotReply, Clima } from '@piel/contracts'
import type { Db } from '../../db'
import { listProductsForAdvice, type ProductForAdvice } from '../catalog'

/** At most this many products go with an answer: the routine's, in its order. */
const MAX_PRODUCTS = 6

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
 * The advisor's answer to a free-text message: the built-in answer, and for a skin-care topic the
 * routine matched against the store's catalogue (in-stock products only). A warning sign gets no
 * products. `seed` varies the phrasing between shoppers.
 */
export async function replyToMessage(
  db: Db,
  input: { storeId: number; message: string; clima: Clima | undefined; seed: string },
): Promise<ChatbotReply> {
  const answer = answerMessage(input.message, input.seed)
  const weather = weatherOf(input.clima)
  let productos: ChatbotReply['productos'] = []
  let extra: string[] = []
  if (!answer.alerta && answer.enfoque.length > 0) {
    const catalogue = await listProductsForAdvice(db, input.storeId)
    const recommendation = recommendRoutine(
      catalogue.map(toCatalogueProduct),
      answer.enfoque,
      weather ? { weather } : {},
    )
    const byId = new Map(catalogue.map((p) => [p.id, p]))
    productos = recommendation.productos.slice(0, MAX_PRODUCTS).flatMap(({ id, razon }) => {
      const product = byId.get(id)
      return product ? [{ id, nombre: product.name, url: product.imageUrl, razon }] : []
    })
    extra = recommendation.consejosClima
    if (productos.length > 0) {
      extra.push(
        recommendation.respaldo
          ? 'No encontré en la tienda un producto pensado para esto; estos son de los más recomendados.'
          : 'Te dejo productos de la tienda para esta rutina.',
      )
    }
  }
  const texto = [answer.texto, ...extra].join('\n\n')
  return { respuesta: toSafeHtml(texto, answer.enlaces), productos, alerta: answer.alerta }
}
