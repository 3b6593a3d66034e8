import {
  type CarouselSlide,
  type Catalog,
  type FilterGroup,
  formatCop,
  oldPrice,
  type PriceTier,
  type ProductComment,
  type ProductDetail,
  type ProductPage,
  type ProductSummary,
  type Store,
} from '@piel/contracts'
import { mediaUrl, PLACEHOLDER_IMAGE, reviewPhotoUrl } from './media'
import { priceFor } from './product-rows'
import type { listCatalogs, listFilterGroups, Page, ProductDetailRow, ProductSummaryRow } from './products'
import type { StoreRow } from './service'
import type { carouselSlides } from './tables'

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

/** Prices in the shopper's tier; a corporate client's are also repeated in the `…Corp` fields (spec 000 §3). */
export function toWireSummary(row: ProductSummaryRow, tier: PriceTier): ProductSummary {
  const { price, discount, iva } = priceFor(row, tier)
  const corporate = tier === 'corporate'
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
    iva,
    valorCorp: corporate ? price : null,
    descuentoCorp: corporate ? discount : null,
    ivaCorp: corporate ? iva : null,
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
  id: comment.id,
  titulo: comment.title,
  compraVerificada: comment.orderId !== null,
  respuestaTienda: comment.reply,
  fechaRespuesta: comment.repliedAt?.toISOString() ?? null,
  // Only published comments reach here (`listPublishedComments`): a pending or hidden review's photo never does.
  fotoUrl: reviewPhotoUrl(comment.photoKey),
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

/** A home slide as the shop shows it (the back office's adds its state: `admin/carousel.ts`). */
export const toWireSlide = (row: typeof carouselSlides.$inferSelect): CarouselSlide => ({
  id: row.id,
  imagen: mediaUrl(row.mediaKey),
  antetitulo: row.eyebrow,
  titulo: row.title,
  texto: row.text,
  boton: row.ctaLabel,
  enlace: row.link,
})
