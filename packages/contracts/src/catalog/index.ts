import { z } from 'zod'
import { PageQuerySchema } from '../lists'
import { SORT_VALUES } from '../values/catalog'
import { DEFAULT_STORE_ID, FILTER_PAGE_SIZE, MAX_ID, STORE_PRODUCTS_DEFAULT_PAGE_SIZE } from '../values/constants'

/** Query-string integers arrive as text: accept "12", refuse "doce", "-1" and "1.5". */
const queryInt = (name: string) =>
  z.coerce
    .number({ error: `${name} debe ser un número entero` })
    .int(`${name} debe ser un número entero`)
    .positive(`${name} debe ser mayor que 0`)
    .max(MAX_ID, `${name} es demasiado grande`)

export const CharacteristicValueSchema = z.object({ nombre: z.string(), valor: z.string() })

/**
 * A published comment (spec 000 §3: nombres, fechaCalificacion, comentario, calificacion1). Buyers' reviews (issue 35)
 * add the optional fields: a title, `compraVerificada` when it comes from a delivered order, and the store's answer.
 */
export const ProductCommentSchema = z.object({
  nombres: z.string(),
  fechaCalificacion: z.string().describe('Fecha ISO (AAAA-MM-DD)'),
  comentario: z.string(),
  calificacion1: z.number().int().min(1).max(5),
  id: z.number().int().optional(),
  titulo: z.string().nullable().optional(),
  compraVerificada: z.boolean().optional().describe('Viene de una orden entregada de quien la escribió'),
  respuestaTienda: z.string().nullable().optional(),
  fechaRespuesta: z.string().nullable().optional().describe('ISO 8601'),
  fotoUrl: z
    .string()
    .nullable()
    .optional()
    .describe(
      'La foto de quien compró (`/media/…`, acepta `?w=` con los anchos de la tienda), solo si la opinión está publicada',
    ),
})
export type ProductComment = z.infer<typeof ProductCommentSchema>

/**
 * Which prices a shopper pays: `corporate` for an authorised corporate client (the server takes it
 * from the session, never from the request), `normal` for everybody else. An order keeps its tier.
 */
export const PriceTierSchema = z.enum(['normal', 'corporate'])
export type PriceTier = z.infer<typeof PriceTierSchema>

/**
 * A product as lists show it (spec 000 §3). Prices are whole COP with IVA included. For an
 * authorised corporate client `valor`, `descuento` and `iva` already carry the corporate tier and
 * `valorCorp`, `descuentoCorp`, `ivaCorp` repeat it; for everybody else those three are null.
 */
export const ProductSummarySchema = z.object({
  id: z.number().int(),
  fotoPrincipal: z.string(),
  descripcion: z.string(),
  marca: z.string(),
  referencia: z.string(),
  nombreTienda: z.string(),
  idTienda: z.number().int(),
  calificacion: z
    .number()
    .min(0)
    .max(5)
    .describe('Promedio de las calificaciones de sus comentarios, con un decimal; 0 sin comentarios'),
  valor: z.number().int(),
  valorMoneda: z.string(),
  valorAnterior: z.number().int().nullable().describe('Precio antes del descuento; null sin descuento'),
  valorAnteriorMoneda: z.string().nullable(),
  descuento: z.number().int(),
  iva: z.number().int(),
  valorCorp: z.number().int().nullable(),
  descuentoCorp: z.number().int().nullable(),
  ivaCorp: z.number().int().nullable(),
  cantidad: z.number().int().describe('Unidades en inventario'),
  agotado: z.boolean(),
  precioCorporativo: z.boolean().describe('true cuando los valores son los del cliente corporativo'),
})
export type ProductSummary = z.infer<typeof ProductSummarySchema>

export const ProductDetailSchema = ProductSummarySchema.extend({
  detalle: z.string(),
  imagenes: z.array(z.string()),
  registroInvima: z.string().nullable(),
  idCatalogo: z.number().int().nullable(),
  nombreCatalogo: z.string().nullable(),
  idSubcategoria: z.number().int().nullable(),
  nombreSubcategoria: z.string().nullable(),
  caracteristicasModel: z.array(CharacteristicValueSchema),
  comments: z.array(ProductCommentSchema),
})
export type ProductDetail = z.infer<typeof ProductDetailSchema>

/** `Producto/DetailProduct` and `Producto/DetalleProductoByNombre` (spec 001 §3: `productDetailModel.id`). */
export const ProductDetailResponseSchema = z.object({ productDetailModel: ProductDetailSchema })
export type ProductDetailResponse = z.infer<typeof ProductDetailResponseSchema>

export const ProductPageSchema = z.object({
  productos: z.array(ProductSummarySchema),
  pagina: z.number().int(),
  tamanio: z.number().int(),
  total: z.number().int(),
  hayMas: z.boolean(),
})
export type ProductPage = z.infer<typeof ProductPageSchema>

export const SubcategorySchema = z.object({ id: z.number().int(), nombre: z.string() })
export const CatalogSchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  colorFondo: z.string(),
  icono: z.string(),
  subCategorias: z.array(SubcategorySchema),
})
export type Catalog = z.infer<typeof CatalogSchema>

/** Filter group (spec 000 §3): a characteristic with its options. */
export const FilterGroupSchema = z.object({
  caracteristica: z.string(),
  opciones: z.array(z.object({ valor: z.string(), cantidad: z.number().int() })),
})
export type FilterGroup = z.infer<typeof FilterGroupSchema>

export const SortSchema = z.enum(SORT_VALUES, { error: 'sort debe ser DEFAULT, ASC o DESC' })
export type Sort = z.infer<typeof SortSchema>

const price = (name: string) =>
  z
    .number({ error: `${name} debe ser un número` })
    .min(0, `${name} debe ser mayor o igual a 0`)
    .max(1_000_000_000, `${name} es demasiado grande`)

/** A chosen option: `{ caracteristica, valor }`, or just the value as the original client sent it. */
export const ChosenOptionSchema = z.union([
  z.string().trim().min(1).max(120),
  z.object({ caracteristica: z.string().trim().min(1).max(120), valor: z.string().trim().min(1).max(120) }),
])

/** Filter set (spec 000 §3). Every field is optional; unknown fields are ignored. */
export const FilterSetSchema = z
  .object({
    IdTienda: z.number().int().positive().max(MAX_ID, 'IdTienda es demasiado grande').optional(),
    min: price('min').nullish(),
    max: price('max').nullish(),
    discount: z
      .union([z.boolean(), z.number().min(0).max(100)])
      .nullish()
      .describe('true: solo productos con descuento; un número: descuento mínimo en %'),
    opciones: z.array(ChosenOptionSchema).max(200).default([]),
    categorias: z
      .array(z.number().int().positive().max(MAX_ID, 'categorias es demasiado grande'))
      .max(100)
      .default([])
      .describe('Ids de catálogo'),
    subcategorias: z
      .array(z.number().int().positive().max(MAX_ID, 'subcategorias es demasiado grande'))
      .max(200)
      .default([]),
    nombreProducto: z.string().trim().max(200).nullish(),
    keyWord: z.string().trim().max(200).nullish(),
    sort: SortSchema.default('DEFAULT'),
  })
  .refine((filters) => filters.min == null || filters.max == null || filters.min <= filters.max, {
    message: 'El precio mínimo no puede ser mayor que el precio máximo.',
    path: ['min'],
  })
export type FilterSet = z.input<typeof FilterSetSchema>

export const StoreQuerySchema = z.object({ IdTienda: queryInt('IdTienda').default(DEFAULT_STORE_ID) })
export const StoreProductsQuerySchema = StoreQuerySchema.extend(PageQuerySchema(STORE_PRODUCTS_DEFAULT_PAGE_SIZE).shape)
export const FilterQuerySchema = PageQuerySchema(FILTER_PAGE_SIZE)
export const FilterStoreQuerySchema = z
  .object({ idTienda: queryInt('idTienda').default(DEFAULT_STORE_ID) })
  .extend(PageQuerySchema(FILTER_PAGE_SIZE).shape)
export const IdQuerySchema = z.object({ id: queryInt('id') })
export const ProductReviewQuerySchema = z.object({ IdProducto: queryInt('IdProducto') })
export const CatalogProductsQuerySchema = z
  .object({ id: queryInt('id'), idSubcategoria: queryInt('idSubcategoria').optional() })
  .extend(PageQuerySchema(FILTER_PAGE_SIZE).shape)
export const KeywordQuerySchema = z.object({
  keyWord: z.string().trim().min(1, 'keyWord es requerido').max(200, 'keyWord es demasiado largo'),
  idTinda: queryInt('idTinda').default(DEFAULT_STORE_ID),
})
export const ProductByNameQuerySchema = z.object({
  nombre: z.string().trim().min(1, 'nombre es requerido').max(300, 'nombre es demasiado largo'),
})

/** `Tienda/ObtenerConsumoSitio`: what the site holds and has sold. */
export const SiteUsageSchema = z.object({
  idTienda: z.number().int(),
  nombreTienda: z.string(),
  productosActivos: z.number().int(),
  productosAgotados: z.number().int(),
  unidadesVendidas: z.number().int(),
  comentarios: z.number().int(),
  catalogos: z.number().int(),
})

// The back office's catalogue: products, stock, the catalogue tree (`admin.ts`) and the CSV file (`csv.ts`).
export * from './admin'
export * from './csv'
