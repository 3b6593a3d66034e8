import { z } from 'zod'
import { MAX_ID } from './values/constants'

/**
 * A favourite as `persona/GetFavoriteProducts` lists it (spec 000 §3 "Favourite"), with the old price
 * of a discounted product as the product lists have it (spec 000 §2: "the old price struck through").
 */
export const FavoriteSchema = z.object({
  id: z.number().int(),
  descripcion: z.string(),
  valorMoneda: z.string(),
  valorAnterior: z.number().int().nullable().describe('Precio antes del descuento; null sin descuento'),
  valorAnteriorMoneda: z.string().nullable(),
  descuento: z.number().int(),
  detalle: z.string(),
  calificacion: z
    .number()
    .min(0)
    .max(5)
    .describe('Promedio de las calificaciones de sus comentarios; 0 sin comentarios'),
  fotoPrincipal: z.string(),
})
export type Favorite = z.infer<typeof FavoriteSchema>

export const FavoriteQuerySchema = z.object({
  IdPersona: z.coerce.number().int().positive().max(MAX_ID, 'IdPersona es demasiado grande').optional(),
  IdProducto: z.coerce
    .number({ error: 'IdProducto debe ser un número' })
    .int()
    .positive()
    .max(MAX_ID, 'IdProducto es demasiado grande'),
})

/** `GetFavoriteProducts?IdPersona`: the id, when sent, must be the session's person. */
export const FavoriteListQuerySchema = z.object({
  IdPersona: z.coerce
    .number({ error: 'IdPersona debe ser un número' })
    .int()
    .positive()
    .max(MAX_ID, 'IdPersona es demasiado grande')
    .optional(),
})
