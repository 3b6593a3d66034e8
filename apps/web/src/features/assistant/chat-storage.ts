import {
  ChatbotProductSchema,
  type Clima,
  ClimaSchema,
  MeasureChangeSchema,
  SkinRegionSchema,
  StoredAnalysisSchema,
} from '@piel/contracts'
import { CLIMA_NO_ESPECIFICADO, SKIN_MEASURES } from '@piel/contracts/values'
import { z } from '@piel/contracts/zod'
import { CHAT_KEYS, chatFlags } from './chat-flags'

export { CHAT_KEYS }

/** The pictures that go with an analysis reply: the chart, the photo's outlined regions, the comparison. */
export const AnalysisVisualSchema = z.object({
  analisis: StoredAnalysisSchema,
  primerAnalisis: StoredAnalysisSchema.nullable(),
  comparacion: z.array(MeasureChangeSchema),
  photo: z
    .object({
      url: z.string(),
      width: z.number(),
      height: z.number(),
      regions: z.array(SkinRegionSchema),
    })
    .nullable(),
})
export type AnalysisVisual = z.infer<typeof AnalysisVisualSchema>

/** Spec 001 §3 Chat message: text, sender, optional imageUrl, showQR and showButton; bot text is HTML. */
export const ChatMessageSchema = z.object({
  id: z.string(),
  text: z.string(),
  sender: z.enum(['user', 'bot']),
  imageUrl: z.string().optional(),
  showQR: z.boolean().optional(),
  showButton: z.boolean().optional(),
  /** Bot text that came from the server as safe HTML (the chat's own texts are plain). */
  html: z.boolean().optional(),
  analysis: AnalysisVisualSchema.optional(),
})
export type ChatMessage = z.infer<typeof ChatMessageSchema>

export const RecommendedProductSchema = ChatbotProductSchema
export type RecommendedProduct = z.infer<typeof RecommendedProductSchema>

const HistorySchema = z.object({
  messages: z.array(ChatMessageSchema).max(500),
  products: z.array(RecommendedProductSchema).max(20).default([]),
})
export type ChatHistory = z.infer<typeof HistorySchema>

const LastImageUploadSchema = z.object({ url: z.string(), time: z.number(), code: z.string() })
export type LastImageUpload = z.infer<typeof LastImageUploadSchema>

const SavedAnalysisSchema = z.object({
  time: z.number(),
  puntajes: z.object(Object.fromEntries(SKIN_MEASURES.map((m) => [m, z.number()]))),
})

function read<T>(key: string, schema: z.ZodType<T>, storage: Storage = localStorage): T | null {
  try {
    const raw = storage.getItem(key)
    if (raw === null) return null
    const parsed = schema.safeParse(JSON.parse(raw))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

function write(key: string, value: unknown, storage: Storage = localStorage) {
  try {
    if (value === null) storage.removeItem(key)
    else storage.setItem(key, JSON.stringify(value))
  } catch {
    // Private mode or a full storage: the chat goes on, it just will not be remembered.
  }
}

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789'

/** Spec 001 §4 Identity: a random 8-character code, kept as `uniqueCodeUser` (crypto-random: it opens the photos). */
export function anonymousCode(): string {
  const stored = read(CHAT_KEYS.uniqueCode, z.string().regex(/^[A-Za-z0-9]{8}$/))
  if (stored) return stored
  const bytes = crypto.getRandomValues(new Uint8Array(8))
  const code = Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('')
  write(CHAT_KEYS.uniqueCode, code)
  return code
}

export const chatStorage = {
  readHistory: () => read(CHAT_KEYS.history, HistorySchema),
  writeHistory: (history: ChatHistory | null) => write(CHAT_KEYS.history, history),
  readFlags: () => ({
    showProducts: chatFlags.read(CHAT_KEYS.showProducts),
    showNewConversation: chatFlags.read(CHAT_KEYS.showNewConversation),
  }),
  writeFlags: (flags: { showProducts: boolean; showNewConversation: boolean }) => {
    write(CHAT_KEYS.showProducts, flags.showProducts)
    write(CHAT_KEYS.showNewConversation, flags.showNewConversation)
  },
  readLastImageUpload: () => read(CHAT_KEYS.lastImageUpload, LastImageUploadSchema),
  /** The time and scores of a user's last and first analysis (the server holds the truth; these read ahead). */
  readLastAnalysis: (user: string) => read(CHAT_KEYS.lastAnalysis(user), SavedAnalysisSchema),
  readFirstAnalysis: (user: string) => read(CHAT_KEYS.firstAnalysis(user), SavedAnalysisSchema),
  saveAnalysis: (user: string, puntajes: Record<string, number>, time = Date.now()) => {
    write(CHAT_KEYS.lastAnalysis(user), { time, puntajes })
    if (!read(CHAT_KEYS.firstAnalysis(user), SavedAnalysisSchema)) {
      write(CHAT_KEYS.firstAnalysis(user), { time, puntajes })
    }
  },
  /** The weather context (spec 001 §3): absent or empty reads as `{ estado: "No especificado" }`. */
  readWeather: (): Clima => {
    const clima = read(CHAT_KEYS.weather, ClimaSchema)
    return clima && Object.keys(clima).length > 0 ? clima : { estado: CLIMA_NO_ESPECIFICADO }
  },
  writeWeather: (clima: Clima) => write(CHAT_KEYS.weather, clima),
  /** After "Eliminar mis fotos": the analyses are gone on the server, so this browser forgets them too. */
  forgetAnalyses: (user: string) => {
    write(CHAT_KEYS.lastAnalysis(user), null)
    write(CHAT_KEYS.firstAnalysis(user), null)
    write(CHAT_KEYS.lastImageUpload, null)
  },
  /** Nueva conversación (spec 001 §4): the stored chat data goes; the code and the analyses stay. */
  clearConversation: () => {
    write(CHAT_KEYS.history, null)
    write(CHAT_KEYS.showProducts, null)
    write(CHAT_KEYS.showNewConversation, null)
    write(CHAT_KEYS.lastImageUpload, null)
  },
}
