import { z } from 'zod'

/**
 * The skin advisor's calls (spec 001 §7, Store API `Chatbot/*`). The shopper's identity comes from
 * the session, never from `userId` (kept in the body for the spec's callers, and ignored).
 */

/** Weather at the shopper's place (`climaContexto`); absent or empty means `estado: "No especificado"`. */
export const ClimaSchema = z
  .object({
    temperatura: z.number().min(-60).max(60).optional().describe('°C'),
    humedad: z.number().min(0).max(100).optional().describe('Humedad relativa, %'),
    uv: z.number().min(0).max(20).optional().describe('Índice UV'),
    estado: z.string().max(60).optional(),
  })
  .describe('Clima del lugar de la persona; sin datos, { estado: "No especificado" }')
export type Clima = z.infer<typeof ClimaSchema>

/** A lone surrogate: half a character, not well-formed Unicode (PostgreSQL would refuse it). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** Well-formed text without control characters other than tab and line breaks (NUL included). */
function isCleanText(text: string): boolean {
  if (LONE_SURROGATE.test(text)) return false
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if ((code < 32 && code !== 9 && code !== 10 && code !== 13) || code === 127) return false
  }
  return true
}

/** `POST Chatbot/MensajesChatbot`: a free-text message to the advisor. */
export const ChatbotMessageSchema = z.object({
  userId: z
    .union([z.string().max(254), z.number()])
    .optional()
    .describe('Ignorado: la identidad sale de la sesión'),
  mensaje: z
    .string({ error: 'Escriba un mensaje.' })
    .trim()
    .min(1, 'Escriba un mensaje.')
    .max(2000, 'El mensaje no puede tener más de 2.000 caracteres.')
    .refine(isCleanText, 'El mensaje tiene caracteres no válidos.'),
  clima: ClimaSchema.optional(),
})
export type ChatbotMessage = z.infer<typeof ChatbotMessageSchema>

/** A product the advisor recommends: from the shop's catalogue, in stock, with why. */
export const ChatbotProductSchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  url: z.string().describe('Imagen principal del producto'),
  razon: z.string(),
})

/** The advisor's answer: `respuesta` is safe HTML (built by the server, every character of the text escaped). */
export const ChatbotReplySchema = z.object({
  respuesta: z.string(),
  productos: z.array(ChatbotProductSchema),
  alerta: z.boolean().describe('Señal de alarma: la respuesta remite a un dermatólogo o a urgencias, sin productos'),
})
export type ChatbotReply = z.infer<typeof ChatbotReplySchema>

/** `POST /nombre-productos`: the names of the store's active products. */
export const ProductNamesSchema = z.array(z.string())

/** `GET /productos_urls?nombres=…&nombres=…`: up to 50 names, each up to 300 characters. */
export const ProductUrlsQuerySchema = z.object({
  nombres: z
    .union([z.string(), z.array(z.string())], { error: 'Indique al menos un nombre de producto (nombres).' })
    .transform((value) => (Array.isArray(value) ? value : [value]))
    .pipe(
      z
        .array(
          z
            .string()
            .max(300, 'Un nombre de producto no puede tener más de 300 caracteres.')
            .refine(isCleanText, 'El nombre tiene caracteres no válidos.'),
        )
        .min(1, 'Indique al menos un nombre de producto (nombres).')
        .max(50, 'Se pueden consultar hasta 50 nombres a la vez.'),
    ),
})

/** Name → image URL (the placeholder image when the shop has no product of that name). */
export const ProductUrlsSchema = z.record(z.string(), z.string())

/** `POST Clima`: where the shopper is (the browser's geolocation). */
export const ClimaRequestSchema = z.object({
  Latitud: z.coerce
    .number({ error: 'Latitud debe ser un número entre -90 y 90.' })
    .min(-90, 'Latitud debe ser un número entre -90 y 90.')
    .max(90, 'Latitud debe ser un número entre -90 y 90.'),
  Longitud: z.coerce
    .number({ error: 'Longitud debe ser un número entre -180 y 180.' })
    .min(-180, 'Longitud debe ser un número entre -180 y 180.')
    .max(180, 'Longitud debe ser un número entre -180 y 180.'),
})

/** The weather when it was read, else `{ estado: "No especificado" }` (spec 001 §3, climaContexto). */
export const CLIMA_NO_ESPECIFICADO = 'No especificado'
