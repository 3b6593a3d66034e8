import { z } from 'zod'
import { PAGE_FIELDS } from './admin'
import { PageQuerySchema } from './catalog'
import {
  ADMIN_PAGE_SIZE,
  ADMIN_PRODUCT_SORTS,
  MAX_PRICE,
  MAX_PRODUCT_IMAGES,
  MAX_STOCK,
  PRODUCT_SALE_STATES,
} from './values/admin'
import { MAX_ID } from './values/constants'

/**
 * The back office's products (issue 17): the table, one product's form, and its pictures. Prices are whole COP
 * with IVA included, as everywhere in the shop.
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

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  fecha: z.string(),
  accion: z.string(),
  quien: z.string().nullable().describe('Correo de quien hizo el cambio; null si fue desde la terminal'),
  antes: z.record(z.string(), z.unknown()).nullable(),
  despues: z.record(z.string(), z.unknown()).nullable(),
})
export type AuditEntry = z.infer<typeof AuditEntrySchema>

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

/** `GET admin/auditoria`: the back office's changes to one order or product, newest first. */
export const AuditQuerySchema = z
  .object({
    entidad: z.enum(['producto', 'orden', 'persona'], { error: 'entidad debe ser producto, orden o persona' }),
    id: z.coerce
      .number({ error: 'id debe ser un número' })
      .int('id debe ser un número entero')
      .positive('id debe ser un número positivo')
      .max(MAX_ID, 'id es demasiado grande'),
  })
  .extend(PageQuerySchema(ADMIN_PAGE_SIZE).shape)
export type AuditQuery = z.output<typeof AuditQuerySchema>
export const AuditPageSchema = z.object({ cambios: z.array(AuditEntrySchema), ...PAGE_FIELDS })
export type AuditPage = z.infer<typeof AuditPageSchema>
