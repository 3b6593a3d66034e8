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

/** `GET Tienda/Actual`: the store of this site, and the address shoppers reach it at (`PUBLIC_URL`: the chat's QR code points there). */
export const CurrentStoreSchema = StoreSchema.extend({
  urlPublica: z.string().describe('Dirección pública del sitio (PUBLIC_URL): el código QR del asistente apunta a ella'),
})
export type CurrentStore = z.infer<typeof CurrentStoreSchema>
