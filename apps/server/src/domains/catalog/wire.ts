import {
  type Catalog,
  type FilterGroup,
  formatCop,
  oldPrice,
  type ProductComment,
  type ProductDetail,
  type ProductPage,
  type ProductSummary,
  type Store,
} from '@piel/contracts'
import type { listCatalogs, listFilterGroups, Page, PriceTier, ProductDetailRow, ProductSummaryRow } from './products'
import type { StoreRow } from './service'

export const toWireStore = (store: StoreRow): Store => ({
  id: store.id,
  nombre: store.name,
  razonSocial: store.legalName,
  nit: store.nit,
  direccion: store.address,
  ciudad: store.city,
  telefono: store.phone,
  whatsapp: store.whatsapp,
  correo: store.email,
  horario: store.openingHours,
  redesSociales: { facebook: store.facebookUrl, instagram: store.instagramUrl, tiktok: store.tiktokUrl },
  activa: store.active,
})

export const mediaUrl = (key: string | null) => (key ? `/media/${key}` : PLACEHOLDER_IMAGE)
/** Shown when a product has no picture yet (a drawing shipped with the web app). */
export const PLACEHOLDER_IMAGE = '/producto-sin-imagen.svg'

export function toWireSummary(row: ProductSummaryRow, tier: PriceTier): ProductSummary {
  const corporate = tier === 'corporate'
  const price = corporate ? row.corporatePrice : row.price
  const discount = corporate ? row.corporateDiscount : row.discount
  const before = discount > 0 ? oldPrice(price, discount) : null
  return {
    id: row.id,
    fotoPrincipal: mediaUrl(row.mainImage),
    descripcion: row.name,
    marca: row.brand,
    referencia: row.reference,
    nombreTienda: row.storeName,
    idTienda: row.storeId,
    calificacion: row.rating,
    valor: price,
    valorMoneda: formatCop(price),
    valorAnterior: before,
    valorAnteriorMoneda: before === null ? null : formatCop(before),
    descuento: discount,
    iva: corporate ? row.corporateIva : row.iva,
    valorCorp: corporate ? row.corporatePrice : null,
    descuentoCorp: corporate ? row.corporateDiscount : null,
    ivaCorp: corporate ? row.corporateIva : null,
    cantidad: row.stock,
    agotado: row.stock <= 0,
    precioCorporativo: corporate,
  }
}

export const toWirePage = (page: Page<ProductSummaryRow>, tier: PriceTier): ProductPage => ({
  productos: page.items.map((row) => toWireSummary(row, tier)),
  pagina: page.page,
  tamanio: page.size,
  total: page.total,
  hayMas: page.page * page.size < page.total,
})

export const toWireComment = (comment: ProductDetailRow['comments'][number]): ProductComment => ({
  nombres: comment.author,
  fechaCalificacion: comment.date,
  comentario: comment.text,
  calificacion1: comment.rating,
})

export function toWireDetail(row: ProductDetailRow, tier: PriceTier): ProductDetail {
  return {
    ...toWireSummary(row, tier),
    detalle: row.detail,
    imagenes: row.images.length > 0 ? row.images.map(mediaUrl) : [PLACEHOLDER_IMAGE],
    registroInvima: row.invima,
    idCatalogo: row.catalogId,
    nombreCatalogo: row.catalogName,
    idSubcategoria: row.subcategoryId,
    nombreSubcategoria: row.subcategoryName,
    caracteristicasModel: row.characteristics.map((item) => ({ nombre: item.name, valor: item.value })),
    comments: row.comments.map(toWireComment),
  }
}

export const toWireCatalog = (catalog: Awaited<ReturnType<typeof listCatalogs>>[number]): Catalog => ({
  id: catalog.id,
  nombre: catalog.name,
  colorFondo: catalog.backgroundColor,
  icono: catalog.icon,
  subCategorias: catalog.subcategories.map((sub) => ({ id: sub.id, nombre: sub.name })),
})

export const toWireFilterGroup = (group: Awaited<ReturnType<typeof listFilterGroups>>[number]): FilterGroup => ({
  caracteristica: group.name,
  opciones: group.options.map((option) => ({ valor: option.value, cantidad: option.count })),
})
