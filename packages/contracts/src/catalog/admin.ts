import { z } from 'zod'
import { IdParamsSchema, PAGE_FIELDS, PageQuerySchema } from '../lists'
import {
  ADMIN_PRODUCT_SORTS,
  CATALOG_ICONS,
  MAX_CATALOG_NAME,
  MAX_PRICE,
  MAX_PRODUCT_IMAGES,
  MAX_STOCK,
  MAX_STOCK_MOVEMENT,
  PRODUCT_SALE_STATES,
  STOCK_MOVEMENT_ENTRY_KINDS,
  STOCK_MOVEMENT_KINDS,
} from '../values/catalog'
import { ADMIN_PAGE_SIZE, MAX_ID } from '../values/constants'

/**
 * The back office's catalogue (issue 17): the products' table, one product's form and its pictures, its stock
 * movements, and the catalogue tree. Prices are whole COP with IVA included, as everywhere in the shop. The CSV
 * file of the catalogue is in `csv.ts`.
 */

/** "El nombre es obligatorio", "La marca es obligatoria": the adjective agrees with the field's article. */
const required = (name: string) => `${name} es ${name.startsWith('La ') ? 'obligatoria' : 'obligatorio'}`

const text = (name: string, max: number) =>
  z
    .string({ error: required(name) })
    .trim()
    .min(1, required(name))
    .max(max, `${name}: escribe máximo ${max} caracteres`)

const whole = (name: string, min: number, max: number) =>
  z
    .number({ error: `${name} debe ser un número` })
    .int(`${name} debe ser un número entero`)
    .min(min, `${name} debe estar entre ${min} y ${max.toLocaleString('es-CO')}`)
    .max(max, `${name} debe estar entre ${min} y ${max.toLocaleString('es-CO')}`)

const optionalId = (name: string) =>
  z.coerce
    .number({ error: `${name} debe ser un número` })
    .int(`${name} debe ser un número entero`)
    .positive(`${name} debe ser un número positivo`)
    .max(MAX_ID, `${name} es demasiado grande`)
    .optional()

/** `GET admin/productos`: a page of the store's products, for sale or not, filtered and sorted by the database. */
export const AdminProductQuerySchema = z
  .object({
    buscar: z
      .string()
      .trim()
      .max(200, 'Escribe máximo 200 caracteres.')
      .optional()
      .describe('La búsqueda de la tienda (sinónimos y errores de escritura), o una referencia exacta'),
    idCatalogo: optionalId('idCatalogo'),
    marca: z.string().trim().max(120, 'Escribe máximo 120 caracteres.').optional(),
    estado: z
      .enum(PRODUCT_SALE_STATES, { error: 'estado debe ser en-venta, oculto o todos' })
      .default('todos')
      .describe('en-venta: a la venta en la tienda; oculto: fuera de venta'),
    existencia: z
      .enum(['baja', 'agotado'], { error: 'existencia debe ser baja o agotado' })
      .optional()
      .describe('baja: por debajo de su umbral; agotado: 0 unidades'),
    orden: z
      .enum(ADMIN_PRODUCT_SORTS, { error: `orden debe ser uno de: ${ADMIN_PRODUCT_SORTS.join(', ')}` })
      .optional()
      .describe('Sin orden: los más relevantes con `buscar`, si no los modificados más recientemente'),
  })
  .extend(PageQuerySchema(ADMIN_PAGE_SIZE).shape)
export type AdminProductQuery = z.output<typeof AdminProductQuerySchema>

export const AdminProductRowSchema = z.object({
  id: z.number().int(),
  referencia: z.string(),
  nombre: z.string(),
  marca: z.string(),
  idCatalogo: z.number().int().nullable(),
  nombreCatalogo: z.string().nullable(),
  nombreSubcategoria: z.string().nullable(),
  valor: z.number().int().describe('Lo que paga el cliente: descuento aplicado, IVA incluido'),
  descuento: z.number().int(),
  existencia: z.number().int(),
  umbralExistencia: z.number().int(),
  enVenta: z.boolean(),
  vendidos: z.number().int(),
  fotoPrincipal: z.string(),
  modificado: z.string(),
})
export type AdminProductRow = z.infer<typeof AdminProductRowSchema>

export const AdminProductPageSchema = z.object({ productos: z.array(AdminProductRowSchema), ...PAGE_FIELDS })
export type AdminProductPage = z.infer<typeof AdminProductPageSchema>

/** A characteristic of the product (Tipo de piel, Tamaño…) with its values. */
const CharacteristicInputSchema = z.object({
  nombre: text('El nombre de la característica', 60),
  valores: z
    .array(text('El valor de la característica', 120))
    .min(1, 'Cada característica necesita al menos un valor')
    .max(20, 'Máximo 20 valores por característica'),
})

/**
 * `POST admin/productos` and `PUT admin/productos/{id}`: every field the shop shows of a product. The stock is
 * not here: it moves with inventory movements (`admin/inventario/{id}/movimientos`), except the first units of a
 * new product (`existenciaInicial`, recorded as a reception).
 */
export const AdminProductInputSchema = z
  .object({
    nombre: text('El nombre', 160),
    marca: text('La marca', 120),
    referencia: text('La referencia', 60).regex(
      /^[\p{L}\p{N}._/-]+$/u,
      'La referencia lleva solo letras, números, punto, guion o barra, sin espacios',
    ),
    detalle: text('La descripción', 5000),
    registroInvima: z
      .string()
      .trim()
      .max(60, 'El registro INVIMA: escribe máximo 60 caracteres')
      .nullable()
      .default(null),
    idSubcategoria: z
      .number({ error: 'Elige la subcategoría' })
      .int()
      .positive('Elige la subcategoría')
      .max(MAX_ID)
      .nullable(),
    valor: whole('El precio', 0, MAX_PRICE),
    descuento: whole('El descuento', 0, 100),
    iva: whole('El IVA', 0, 100),
    valorCorp: whole('El precio corporativo', 0, MAX_PRICE),
    descuentoCorp: whole('El descuento corporativo', 0, 100),
    ivaCorp: whole('El IVA corporativo', 0, 100),
    umbralExistencia: whole('El umbral de existencia baja', 0, MAX_STOCK),
    enVenta: z.boolean({ error: 'enVenta debe ser verdadero o falso' }),
    caracteristicas: z.array(CharacteristicInputSchema).max(30, 'Máximo 30 características').default([]),
  })
  .refine(
    (input) => new Set(input.caracteristicas.map((c) => c.nombre.toLowerCase())).size === input.caracteristicas.length,
    { message: 'Una característica está repetida', path: ['caracteristicas'] },
  )
export type AdminProductInput = z.input<typeof AdminProductInputSchema>

export const AdminProductCreateSchema = AdminProductInputSchema.and(
  z.object({ existenciaInicial: whole('La existencia inicial', 0, MAX_STOCK).default(0) }),
)
export type AdminProductCreate = z.input<typeof AdminProductCreateSchema>

export const AdminProductImageSchema = z.object({
  clave: z.string().describe('La clave de la imagen guardada (`/media/{clave}`)'),
  url: z.string(),
})

/** `GET admin/productos/{id}`: the product as the form edits it, with its pictures (the first is the main one). */
export const AdminProductSchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  marca: z.string(),
  referencia: z.string(),
  detalle: z.string(),
  registroInvima: z.string().nullable(),
  idCatalogo: z.number().int().nullable(),
  idSubcategoria: z.number().int().nullable(),
  valor: z.number().int(),
  descuento: z.number().int(),
  iva: z.number().int(),
  valorCorp: z.number().int(),
  descuentoCorp: z.number().int(),
  ivaCorp: z.number().int(),
  umbralExistencia: z.number().int(),
  enVenta: z.boolean(),
  existencia: z.number().int(),
  vendidos: z.number().int(),
  caracteristicas: z.array(z.object({ nombre: z.string(), valores: z.array(z.string()) })),
  imagenes: z.array(AdminProductImageSchema),
  creado: z.string(),
  modificado: z.string(),
})
export type AdminProduct = z.infer<typeof AdminProductSchema>

/** `POST admin/productos/{id}/imagenes` (multipart/form-data): documentation of the form, read part by part. */
export const AdminProductImageFormSchema = z.object({
  file: z.string().meta({ format: 'binary' }).describe('La imagen: JPEG, PNG o WebP, hasta 10 MB y 40 megapíxeles'),
})

/** The product's pictures after a change, in order (the first is the main one). */
export const AdminProductImagesSchema = z.object({ imagenes: z.array(AdminProductImageSchema) })

/** `PUT admin/productos/{id}/imagenes`: the pictures kept, in their new order (the first is the main one). */
export const AdminProductImageOrderSchema = z.object({
  claves: z
    .array(z.string().min(1).max(200))
    .max(MAX_PRODUCT_IMAGES, `Un producto tiene máximo ${MAX_PRODUCT_IMAGES} imágenes`)
    .refine((keys) => new Set(keys).size === keys.length, 'Una imagen está repetida'),
})

/** `GET admin/catalogo/opciones`: what the product form and filters choose from. */
export const AdminCatalogOptionsSchema = z.object({
  catalogos: z.array(
    z.object({
      id: z.number().int(),
      nombre: z.string(),
      subcategorias: z.array(z.object({ id: z.number().int(), nombre: z.string() })),
    }),
  ),
  marcas: z.array(z.string()),
  caracteristicas: z.array(z.string()),
})
export type AdminCatalogOptions = z.infer<typeof AdminCatalogOptionsSchema>

/**
 * `POST admin/inventario/{id}/movimientos`: `cantidad` units received (`recepcion`, more than 0) or a count
 * corrected by `cantidad` (`correccion`, up or down, not 0). Applied as a difference under the product's lock,
 * never as a number written over what orders took meanwhile.
 */
export const StockMovementInputSchema = z
  .object({
    tipo: z.enum(STOCK_MOVEMENT_KINDS, { error: 'tipo debe ser recepcion o correccion' }),
    cantidad: z
      .number({ error: 'cantidad debe ser un número' })
      .int('cantidad debe ser un número entero')
      .min(-MAX_STOCK_MOVEMENT, `cantidad debe estar entre -${MAX_STOCK_MOVEMENT} y ${MAX_STOCK_MOVEMENT}`)
      .max(MAX_STOCK_MOVEMENT, `cantidad debe estar entre -${MAX_STOCK_MOVEMENT} y ${MAX_STOCK_MOVEMENT}`)
      .refine((value) => value !== 0, 'cantidad no puede ser 0'),
    nota: z.string().trim().max(300, 'Escribe máximo 300 caracteres.').optional(),
  })
  .refine((input) => input.tipo !== 'recepcion' || input.cantidad > 0, {
    message: 'Una recepción suma unidades: cantidad debe ser mayor que 0.',
    path: ['cantidad'],
  })

export const StockMovementSchema = z.object({
  id: z.number().int(),
  tipo: z.enum(STOCK_MOVEMENT_KINDS),
  cantidad: z.number().int(),
  antes: z.number().int(),
  despues: z.number().int(),
  nota: z.string().nullable(),
  idPersona: z.number().int().nullable(),
  quien: z
    .string()
    .nullable()
    .describe('Correo de quien hizo el movimiento; null si fue desde la terminal o ya no existe'),
  fecha: z.string(),
})
export type StockMovement = z.infer<typeof StockMovementSchema>

/**
 * A line of a product's movements: one made from the back office (`recepcion`, `correccion`, with its `id`, the stock
 * before and after and who made it), or the units an order moved (`idOrden`): `orden` the units it took, `cancelacion`
 * those its cancellation (or its expiry) gave back, `retracto` those a withdrawal returned once they arrived. An
 * order's movements are read from the order itself, which keeps no stock before and after (`antes`, `despues` and
 * `id` are null).
 */
export const StockMovementEntrySchema = StockMovementSchema.extend({
  id: z.number().int().nullable().describe('El movimiento hecho desde la administración; null si lo movió una orden'),
  tipo: z.enum(STOCK_MOVEMENT_ENTRY_KINDS),
  antes: z.number().int().nullable(),
  despues: z.number().int().nullable(),
  idOrden: z.number().int().nullable().describe('La orden que movió las unidades (orden, cancelacion, retracto)'),
})
export type StockMovementEntry = z.infer<typeof StockMovementEntrySchema>

/** `GET admin/inventario/{id}/movimientos`: the product's stock now and its movements, newest first. */
export const StockMovementPageSchema = z.object({
  existencia: z.number().int(),
  movimientos: z.array(StockMovementEntrySchema),
  ...PAGE_FIELDS,
})
export type StockMovementPage = z.infer<typeof StockMovementPageSchema>
export const StockMovementQuerySchema = PageQuerySchema(ADMIN_PAGE_SIZE)

/** `admin/productos/{id}/…` and `admin/inventario/{id}/…`: `id` is the product. */
export const ProductIdParamsSchema = IdParamsSchema

/** A new order of a list (`…/orden`: the carousel's slides, the catalogues, one catalogue's sub-catalogues): every id of it, once each, first to last (JSON numbers). */
export const IdOrderSchema = z.object({
  ids: z
    .array(
      z
        .number({ error: 'Cada id debe ser un número' })
        .int('Cada id debe ser un número entero')
        .positive('Cada id debe ser un número positivo')
        .max(MAX_ID, 'Un id es demasiado grande'),
      { error: 'ids debe ser una lista de ids' },
    )
    .max(500, 'ids: máximo 500')
    .refine((ids) => new Set(ids).size === ids.length, 'ids: un id está repetido'),
})
export type IdOrder = z.input<typeof IdOrderSchema>

/*
 * The back office's catalogue tree (issue 17, «Carrusel y catálogos»): the store's catalogues, each with its
 * colour, icon and sub-catalogues, in the order the shop shows them. Every change answers the whole tree as it
 * now is, so the screen draws what the shop shows.
 */

/** An id in the body: a JSON number. */
const id = (name: string) =>
  z
    .number({ error: `${name} debe ser un número` })
    .int(`${name} debe ser un número entero`)
    .positive(`${name} debe ser un número positivo`)
    .max(MAX_ID, `${name} es demasiado grande`)

const name = (what: 'del catálogo' | 'de la subcategoría') =>
  z
    .string({ error: `El nombre ${what} es obligatorio` })
    .trim()
    .min(1, `El nombre ${what} es obligatorio`)
    .max(MAX_CATALOG_NAME, `El nombre ${what}: escribe máximo ${MAX_CATALOG_NAME} caracteres`)

/** A colour as the tile's background: `#RRGGBB`. */
export const CatalogColorSchema = z
  .string({ error: 'El color es obligatorio' })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'El color debe tener la forma #RRGGBB, por ejemplo #FDE8E4')
  .transform((color) => color.toUpperCase())

/** `POST admin/catalogos` and `PUT admin/catalogos/{id}`: what a catalogue's tile shows. */
export const AdminCatalogInputSchema = z.object({
  nombre: name('del catálogo'),
  colorFondo: CatalogColorSchema.describe('El fondo de su recuadro en la tienda, #RRGGBB'),
  icono: z
    .enum(CATALOG_ICONS, { error: `El icono debe ser uno de: ${CATALOG_ICONS.join(', ')}` })
    .describe('El dibujo de su recuadro en la tienda'),
})
export type AdminCatalogInput = z.input<typeof AdminCatalogInputSchema>

/** `POST admin/catalogos/{id}/subcategorias`: a new sub-catalogue, last of its catalogue. */
export const AdminSubcategoryCreateSchema = z.object({ nombre: name('de la subcategoría') })
export type AdminSubcategoryCreate = z.input<typeof AdminSubcategoryCreateSchema>

/** `PUT admin/subcategorias/{id}`: a new name, another catalogue of the store (its products go with it), or both. */
export const AdminSubcategoryUpdateSchema = z
  .object({
    nombre: name('de la subcategoría').optional(),
    idCatalogo: id('idCatalogo').optional().describe('El catálogo al que pasa, con sus productos; va de última'),
  })
  .refine((change) => change.nombre !== undefined || change.idCatalogo !== undefined, {
    message: 'Indica el nuevo nombre o el catálogo al que pasa',
    path: ['nombre'],
  })
export type AdminSubcategoryUpdate = z.input<typeof AdminSubcategoryUpdateSchema>

export const AdminSubcategoryNodeSchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  posicion: z.number().int(),
  productos: z.number().int().describe('Cuántos productos tiene, a la venta o no'),
})
export type AdminSubcategoryNode = z.infer<typeof AdminSubcategoryNodeSchema>

export const AdminCatalogNodeSchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  colorFondo: z.string(),
  icono: z.string(),
  posicion: z.number().int(),
  productos: z.number().int().describe('Cuántos productos tienen sus subcategorías, a la venta o no'),
  subcategorias: z.array(AdminSubcategoryNodeSchema),
})
export type AdminCatalogNode = z.infer<typeof AdminCatalogNodeSchema>

/** `GET admin/catalogos`, and the answer of every change: the whole tree, in the shop's order. */
export const AdminCatalogTreeSchema = z.object({ catalogos: z.array(AdminCatalogNodeSchema) })
export type AdminCatalogTree = z.infer<typeof AdminCatalogTreeSchema>
