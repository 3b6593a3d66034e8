import { z } from 'zod'
import { ChatCodeSchema } from './uploads'
import { isCleanText } from './values/text'
import { SKIN_MEASURES, type SkinMeasure } from './values/uploads'

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

/** `POST Chatbot/MensajesChatbot`: a free-text message to the advisor. */
export const ChatbotMessageSchema = z.object({
  userId: z
    .union([z.string().max(254), z.number()])
    .optional()
    .describe(
      'Sin sesión, el código del chat anónimo (no un correo) elige su perfil de piel; con sesión cuenta el perfil de la persona. La identidad sale siempre de la sesión',
    ),
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
  alerta: z
    .boolean()
    .describe(
      'La respuesta remite a un médico (señal de alarma, urgencia, una afección que trata un médico o la piel de un niño): sin productos, y el chat oculta los de respuestas anteriores',
    ),
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

/** One measure as the store API receives it (spec 001 §3: uiScore, rawScore; missing values count as 0). */
const PredictionSchema = z.object({
  uiScore: z.number().min(0).max(100).default(0),
  rawScore: z.number().min(0).max(100).default(0),
})
/** The seven measures as the chat sends them; documentation of the spec's payload (the server uses what it measured). */
export const PrediccionesSchema = z
  .object({
    redness: PredictionSchema.optional(),
    wrinkle: PredictionSchema.optional(),
    pore: PredictionSchema.optional(),
    acne: PredictionSchema.optional(),
    eye_bag: PredictionSchema.optional(),
    texture: PredictionSchema.optional(),
    firmness: PredictionSchema.optional(),
  })
  .describe('Ignoradas: la respuesta usa el análisis que el servidor guardó al medir la foto')

/** The chat's key (spec 001 §4 Identity): the logged-in user's e-mail (needs that account's session) or the 8-character code. */
const chatKey = ChatCodeSchema.describe(
  'Clave del chat: el correo del usuario con sesión (solo con la sesión de esa cuenta) o el código de 8 caracteres',
)

/** `POST Chatbot/ImageChatbot`: the reply to the analysis just made under the chat's key. */
export const ImageChatbotRequestSchema = z.object({
  userId: chatKey,
  predicciones: PrediccionesSchema.optional(),
  clima: ClimaSchema.optional(),
})
export type ImageChatbotRequest = z.infer<typeof ImageChatbotRequestSchema>

/** `POST Chatbot/ImageChatbotComparacion`: the new analysis compared with the first one of the chat's key. */
export const ImageChatbotComparisonRequestSchema = z.object({
  userId: chatKey,
  predicciones_Anterior: PrediccionesSchema.optional(),
  predicciones_Nueva: PrediccionesSchema.optional(),
  clima: ClimaSchema.optional(),
})

/** `GET Chatbot/MisAnalisis?userId=`: the first and last analyses of the chat's key and when the next one may be made. */
export const MyAnalysesQuerySchema = z.object({ userId: chatKey })

const measureKeys = SKIN_MEASURES
/** An analysis the server stored: when, the seven ui_scores and the overall. */
export const StoredAnalysisSchema = z.object({
  fecha: z.iso.datetime({ offset: true }),
  puntajes: z.object(Object.fromEntries(measureKeys.map((m) => [m, z.number()])) as Record<SkinMeasure, z.ZodNumber>),
  general: z.number(),
})
export type StoredAnalysis = z.infer<typeof StoredAnalysisSchema>

/** One measure of a comparison: better or worse only beyond the engine's test-retest band (`banda`). */
export const MeasureChangeSchema = z.object({
  medida: z.enum(SKIN_MEASURES),
  antes: z.number(),
  despues: z.number(),
  diferencia: z.number(),
  banda: z.number().describe('Variación normal entre dos fotos de la misma piel, en puntos'),
  veredicto: z.enum(['mejor', 'igual', 'peor']),
})
export type MeasureChange = z.infer<typeof MeasureChangeSchema>

export const MyAnalysesSchema = z.object({
  primerAnalisis: StoredAnalysisSchema.nullable(),
  ultimoAnalisis: StoredAnalysisSchema.nullable(),
  proximoAnalisis: z.iso
    .datetime({ offset: true })
    .nullable()
    .describe('Desde cuándo se puede hacer un análisis nuevo; null si ya se puede'),
  mensajeEspera: z.string().nullable().describe('El aviso de los 7 días, si hay que esperar'),
})
export type MyAnalyses = z.infer<typeof MyAnalysesSchema>

/**
 * The advisor's reply to an analysis: the text and products of `ChatbotReplySchema`, whether it is
 * the first analysis or a comparison with the first one (the server decides, from the analyses it
 * stored, so it works across devices), the scores it speaks of, and each measure's change.
 */
export const AnalysisChatReplySchema = ChatbotReplySchema.extend({
  tipo: z
    .enum(['primer_analisis', 'comparacion', 'otra_persona'])
    .describe(
      'otra_persona: la foto nueva no es de la persona del primer análisis (descriptor facial del servidor); no se compara y la respuesta habla solo de la foto nueva',
    ),
  analisis: StoredAnalysisSchema,
  primerAnalisis: StoredAnalysisSchema.nullable(),
  comparacion: z.array(MeasureChangeSchema).describe('Vacía en el primer análisis'),
  proximoAnalisis: z.iso.datetime({ offset: true }),
})
export type AnalysisChatReply = z.infer<typeof AnalysisChatReplySchema>

/** `POST /chat` (spec 001 §7, image and chat server): a free-text message of the chat keyed by its code. */
export const ChatRequestSchema = z.object({
  message: ChatbotMessageSchema.shape.mensaje,
  uniqueCode: ChatCodeSchema.optional(),
  clima: ClimaSchema.optional(),
})

/** A 429 of `/analyze-skin` within 7 days of the last analysis. */
export const AnalysisWaitSchema = z.object({
  mensaje: z.string(),
  codigo: z.literal('analisis_reciente'),
  diasRestantes: z.number().int().min(1),
  proximoAnalisis: z.iso.datetime({ offset: true }),
})
