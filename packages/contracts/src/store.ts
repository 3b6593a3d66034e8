import { z } from 'zod'

/** A store as the API shows it (`Tienda/ObtenerTiendasActivas`, `Tienda/Actual`). */
export const StoreSchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  razonSocial: z.string(),
  nit: z.string(),
  direccion: z.string(),
  ciudad: z.string(),
  telefono: z.string(),
  whatsapp: z.string(),
  correo: z.string(),
  horario: z.string(),
  redesSociales: z.object({
    facebook: z.string().nullable(),
    instagram: z.string().nullable(),
    tiktok: z.string().nullable(),
  }),
  activa: z.boolean(),
})
export type Store = z.infer<typeof StoreSchema>
export const StoreListSchema = z.array(StoreSchema)
