import type {
  AcneGrade,
  ChatbotReply,
  Clima,
  MeasureChange,
  SkinAnalysisResult,
  SkinLesion,
  StoredAnalysis,
} from '@piel/contracts'
import { ACNE_GRADES, CLIMA_NO_ESPECIFICADO, SKIN_MEASURES } from '@piel/contracts/values'
import {
  flag,
  fullRecord,
  integer,
  list,
  nullable,
  number,
  object,
  oneOf,
  optional,
  pair,
  partialRecord,
  readShape,
  type Shape,
  text,
  where,
} from '../../lib/stored-shape'
import { CHAT_KEYS, chatFlags } from './chat-flags'

export { CHAT_KEYS }

/*
 * What the chat keeps in this browser (spec 001 §4), read back with the shapes of `lib/stored-shape.ts` rather than
 * the contracts' zod schemas, which /chatbot would otherwise load for this alone (issue 16). Each shape is checked
 * against its type here by the compiler.
 */

type SkinRegion = SkinAnalysisResult['regions'][number]

/**
 * The pictures that go with an analysis reply: the chart, the photo's outlined regions and lesions, the comparison,
 * the skin age and the acne grade. A chat kept before the engine counted lesions or read the skin age has none of them.
 */
export type AnalysisVisual = {
  analisis: StoredAnalysis
  primerAnalisis: StoredAnalysis | null
  comparacion: MeasureChange[]
  photo: { url: string; width: number; height: number; regions: SkinRegion[]; lesiones?: SkinLesion[] } | null
  edadPiel?: number | null
  gradoAcne?: AcneGrade
}

/** Spec 001 §3 Chat message: text, sender, optional imageUrl, showQR and showButton; bot text is HTML. */
export type ChatMessage = {
  id: string
  text: string
  sender: 'user' | 'bot'
  imageUrl?: string
  showQR?: boolean
  showButton?: boolean
  /** Bot text that came from the server as safe HTML (the chat's own texts are plain). */
  html?: boolean
  analysis?: AnalysisVisual
  /** Piel's own (issue 31): the message that offers the skin profile's questions, with its buttons. */
  profilePrompt?: boolean
}

export type RecommendedProduct = ChatbotReply['productos'][number]

export type ChatHistory = { messages: ChatMessage[]; products: RecommendedProduct[] }

export type LastImageUpload = { url: string; time: number; code: string }

type SavedAnalysis = { time: number; puntajes: Record<string, number> }

/** An ISO date with its offset, as the server writes `fecha`. */
const isoDate = where(
  text,
  (date) => /^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:\d{2})$/.test(date) && !Number.isNaN(Date.parse(date)),
)

const scores = fullRecord(SKIN_MEASURES, number())

const storedAnalysis: Shape<StoredAnalysis> = object({ fecha: isoDate, puntajes: scores, general: number() })

const measureChange: Shape<MeasureChange> = object({
  medida: oneOf(SKIN_MEASURES),
  antes: number(),
  despues: number(),
  diferencia: number(),
  banda: number(),
  veredicto: oneOf(['mejor', 'igual', 'peor']),
})

const skinRegion: Shape<SkinRegion> = object({
  name: text,
  polygon: list(pair(number())),
  values: partialRecord(SKIN_MEASURES, number()),
})

const skinLesion: Shape<SkinLesion> = object({ x: number(0), y: number(0), radio: number(0) })

const acneGrade: Shape<AcneGrade> = object({
  escala: oneOf(['Hayashi']),
  grado: oneOf(ACNE_GRADES),
  lesiones: where(integer, (count) => count >= 0),
  nombre: text,
})

const analysisVisual: Shape<AnalysisVisual> = object({
  analisis: storedAnalysis,
  primerAnalisis: nullable(storedAnalysis),
  comparacion: list(measureChange),
  photo: nullable(
    object({
      url: text,
      width: number(),
      height: number(),
      regions: list(skinRegion),
      lesiones: optional(list(skinLesion)),
    }),
  ),
  edadPiel: optional(nullable(where(integer, (age) => age >= 0 && age <= 120))),
  gradoAcne: optional(acneGrade),
})

const chatMessage: Shape<ChatMessage> = object({
  id: text,
  text,
  sender: oneOf(['user', 'bot']),
  imageUrl: optional(text),
  showQR: optional(flag),
  showButton: optional(flag),
  html: optional(flag),
  analysis: optional(analysisVisual),
  profilePrompt: optional(flag),
})

const recommendedProduct: Shape<RecommendedProduct> = object({ id: integer, nombre: text, url: text, razon: text })

const history: Shape<ChatHistory> = (value) => {
  const stored = object({ messages: list(chatMessage, 500), products: optional(list(recommendedProduct, 20)) })(value)
  return { messages: stored.messages, products: stored.products ?? [] }
}

const lastImageUpload: Shape<LastImageUpload> = object({ url: text, time: number(), code: text })

const savedAnalysis: Shape<SavedAnalysis> = object({ time: number(), puntajes: scores })

const weather: Shape<Clima> = object({
  temperatura: optional(number(-60, 60)),
  humedad: optional(number(0, 100)),
  uv: optional(number(0, 20)),
  estado: optional(where(text, (estado) => estado.length <= 60)),
})

const chatCode = where(text, (code) => /^[A-Za-z0-9]{8}$/.test(code))

function read<T>(key: string, shape: Shape<T>, storage: Storage = localStorage): T | null {
  try {
    const raw = storage.getItem(key)
    return raw === null ? null : readShape(JSON.parse(raw), shape)
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
  const stored = read(CHAT_KEYS.uniqueCode, chatCode)
  if (stored) return stored
  const bytes = crypto.getRandomValues(new Uint8Array(8))
  const code = Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('')
  write(CHAT_KEYS.uniqueCode, code)
  return code
}

export const chatStorage = {
  readHistory: () => read(CHAT_KEYS.history, history),
  writeHistory: (history: ChatHistory | null) => write(CHAT_KEYS.history, history),
  readFlags: () => ({
    showProducts: chatFlags.read(CHAT_KEYS.showProducts),
    showNewConversation: chatFlags.read(CHAT_KEYS.showNewConversation),
  }),
  writeFlags: (flags: { showProducts: boolean; showNewConversation: boolean }) => {
    write(CHAT_KEYS.showProducts, flags.showProducts)
    write(CHAT_KEYS.showNewConversation, flags.showNewConversation)
  },
  readLastImageUpload: () => read(CHAT_KEYS.lastImageUpload, lastImageUpload),
  /** The time and scores of a user's last and first analysis (the server holds the truth; these read ahead). */
  readLastAnalysis: (user: string) => read(CHAT_KEYS.lastAnalysis(user), savedAnalysis),
  readFirstAnalysis: (user: string) => read(CHAT_KEYS.firstAnalysis(user), savedAnalysis),
  saveAnalysis: (user: string, puntajes: Record<string, number>, time = Date.now()) => {
    write(CHAT_KEYS.lastAnalysis(user), { time, puntajes })
    if (!read(CHAT_KEYS.firstAnalysis(user), savedAnalysis)) {
      write(CHAT_KEYS.firstAnalysis(user), { time, puntajes })
    }
  },
  /** The weather context (spec 001 §3): absent or empty reads as `{ estado: "No especificado" }`. */
  readWeather: (): Clima => {
    const clima = read(CHAT_KEYS.weather, weather)
    return clima && Object.keys(clima).length > 0 ? clima : { estado: CLIMA_NO_ESPECIFICADO }
  },
  writeWeather: (clima: Clima) => write(CHAT_KEYS.weather, clima),
  /** "Quitar" the weather: nothing is kept, and the advice reads it as `No especificado` again. */
  clearWeather: () => write(CHAT_KEYS.weather, null),
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
