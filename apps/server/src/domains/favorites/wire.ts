import { type Favorite, formatCop } from '@piel/contracts'
import type { PricedProductSummary } from '../catalog'

export const toWireFavorite = (product: PricedProductSummary): Favorite => ({
  id: product.id,
  descripcion: product.name,
  valorMoneda: formatCop(product.price),
  descuento: product.discount,
  detalle: product.detail,
  calificacion: product.rating,
  fotoPrincipal: product.imageUrl,
})
