import { z } from 'zod'
import { CATALOG_ICONS, MAX_CATALOG_NAME } from './values/catalog'
import { MAX_ID } from './values/constants'

/**
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
