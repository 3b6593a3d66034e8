import { z } from 'zod'

/**
 * The home page's carousel (spec 000 §2; issue 17 "Carrusel"): slides the shop's staff write in the back office,
 * each a 1600×600 picture with the copy the page draws over it and a link inside the shop.
 */

/** A slide as the home page draws it (`GET Tienda/Carrusel`: the active ones, in order). */
export const CarouselSlideSchema = z.object({
  id: z.number().int(),
  imagen: z.string().describe('Dirección de la imagen de 1600×600 (`/media/…`; la tienda pide sus anchos con ?w=)'),
  antetitulo: z.string().describe('Texto corto sobre el título; puede ir vacío'),
  titulo: z.string(),
  texto: z.string().describe('Una o dos frases bajo el título; puede ir vacío'),
  boton: z.string().describe('Texto del botón'),
  enlace: z.string().describe('Ruta de la tienda a la que lleva el botón, por ejemplo /storeProducts/1?q=hidratante'),
})
export type CarouselSlide = z.infer<typeof CarouselSlideSchema>

/** A slide in the back office: also its picture's key, place and whether the home page shows it. */
export const AdminCarouselSlideSchema = CarouselSlideSchema.extend({
  clave: z.string().describe('Clave de la imagen en /media'),
  posicion: z.number().int().describe('Lugar en el carrusel, desde 0'),
  activa: z.boolean().describe('Si la portada la muestra'),
  actualizada: z.string().describe('Último cambio (ISO 8601)'),
})
export type AdminCarouselSlide = z.infer<typeof AdminCarouselSlideSchema>

export const AdminCarouselSchema = z.object({
  diapositivas: z.array(AdminCarouselSlideSchema),
  maximo: z.number().int().describe('Cuántas diapositivas puede tener el carrusel'),
})
export type AdminCarousel = z.infer<typeof AdminCarouselSchema>

const line = (name: string, max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${name} es obligatorio` : `${name} debe ser un texto`) })
    .trim()
    .max(max, `${name}: escribe máximo ${max} caracteres`)

const required = (name: string, max: number) => line(name, max).min(1, `${name} es obligatorio`)

/**
 * Where a slide may lead: a path of the shop itself. Never another site (a slide is the shop speaking), never
 * `//host` (a path that the browser reads as another site), never a `javascript:` address.
 */
export const ShopPathSchema = z
  .string({
    error: (issue) => (issue.input === undefined ? 'El enlace es obligatorio' : 'El enlace debe ser un texto'),
  })
  .trim()
  .min(1, 'El enlace es obligatorio')
  .max(300, 'El enlace: escribe máximo 300 caracteres')
  .refine(
    (path) => /^\/(?![/\\])[^\s\\]*$/.test(path),
    'El enlace debe ser una ruta de la tienda que empiece por /, por ejemplo /chatbot',
  )

/** `PUT admin/carrusel/{id}`: the slide's copy, link and whether it shows. */
export const CarouselSlideInputSchema = z.object({
  antetitulo: line('El antetítulo', 40).default(''),
  titulo: required('El título', 80),
  texto: line('El texto', 200).default(''),
  boton: required('El texto del botón', 30),
  enlace: ShopPathSchema,
  activa: z.boolean({ error: 'activa debe ser true o false' }).default(true),
})
export type CarouselSlideInput = z.input<typeof CarouselSlideInputSchema>

/**
 * `POST admin/carrusel`: the same fields as a multipart form, with the picture in `file` (`activa` is `true` or
 * `false`). The form is read part by part; this schema checks its text fields.
 */
export const CarouselSlideFormFieldsSchema = CarouselSlideInputSchema.extend({
  activa: z
    .enum(['true', 'false'], { error: 'activa debe ser true o false' })
    .default('true')
    .transform((value) => value === 'true'),
})

/** The multipart body of `POST admin/carrusel` as the OpenAPI documents it. */
export const CarouselSlideFormSchema = CarouselSlideFormFieldsSchema.extend({
  file: z
    .string()
    .meta({ format: 'binary' })
    .describe('La imagen: JPEG, PNG o WebP de al menos 1200×450 píxeles, hasta 10 MB; se recorta a 1600×600'),
  activa: z.enum(['true', 'false']).optional(),
})

/** `PUT admin/carrusel/{id}/imagen`: a new picture for the slide. */
export const CarouselImageFormSchema = z.object({ file: CarouselSlideFormSchema.shape.file })
