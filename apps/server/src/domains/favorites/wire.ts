import { type Favorite, formatCop, oldPrice } from '@piel/contracts'
import type { PricedProductSummary } from '../catalog'

export function toWireFavorite(product: PricedProductSummary): Favorite {
  const before = product.discount > 0 ? oldPrice(product.price, product.discount) : null
  return {
    id: product.id,
    descripcion: product.name,
    valorMoneda: formatCop(product.price),
    valorAnterior: before,
    valorAnteriorMoneda: before === null ? null : formatCop(before),
    descuento: product.discount,
    detalle: product.detail,
    calificacion: product.rating,
    fotoPrincipal: product.imageUrl,
  }
}
