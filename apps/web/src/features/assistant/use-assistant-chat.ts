import type { Clima } from '@piel/contracts'
import { ANALYSIS_COOLDOWN_MS, analysisWaitMessage, SKIN_MEASURES } from '@piel/contracts/values'
import { useCallback, useEffect, useRef, useState } from 'react'
import { ApiError } from '@/lib/api-client'
import { analyzePhoto, type PhotoAnalysis, requestAnalysisReply, sendChatMessage } from './api'
import { isAbortError } from './busy-retry'
import { type AnalysisVisual, type ChatMessage, chatStorage, type RecommendedProduct } from './chat-storage'
import { CHAT_TEXTS, FAILURE_LIMIT, failureTip, SLOW_ANALYSIS_MS } from './chat-texts'
import { useImageRoom } from './use-image-room'

export interface ChatState {
  messages: ChatMessage[]
  products: RecommendedProduct[]
  showProducts: boolean
  showNewConversation: boolean
  typing: boolean
  failures: number
}

let counter = 0
const messageId = () => `${Date.now().toString(36)}-${(counter++).toString(36)}`

const bot = (text: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id: messageId(),
  sender: 'bot',
  text,
  ...extra,
})

/** Spec 001 §4 Start: the greeting and the QR message. */
export const startMessages = (): ChatMessage[] => [bot(CHAT_TEXTS.greeting), bot(CHAT_TEXTS.qr, { showQR: true })]

function initialState(): ChatState {
  const history = chatStorage.readHistory()
  const flags = chatStorage.readFlags()
  if (history && history.messages.length > 0) {
    return {
      messages: history.messages,
      products: history.products,
      showProducts: flags.showProducts && history.products.length > 0,
      showNewConversation: flags.showNewConversation,
      typing: false,
      failures: 0,
    }
  }
  return freshState()
}

/** A conversation that has just started: the greeting and the QR message. */
const freshState = (): ChatState => ({
  messages: startMessages(),
  products: [],
  showProducts: false,
  showNewConversation: false,
  typing: false,
  failures: 0,
})

/** The photo's address on this site: the server names it with its public URL; the chat reads it same-origin. */
export function samePhotoPath(imageUrl: string): string | null {
  try {
    const url = new URL(imageUrl, window.location.origin)
    return /^\/fotos\/[A-Za-z0-9_-]+$/.test(url.pathname) ? `${url.pathname}${url.search}` : null
  } catch {
    return null
  }
}

/** Days left of the 7-day rule by this browser's record, or 0 (the server has the last word). */
export function localWaitDays(lastTime: number | undefined, now = Date.now()): number {
  if (lastTime === undefined) return 0
  const left = lastTime + ANALYSIS_COOLDOWN_MS - now
  return left > 0 ? Math.ceil(left / 86_400_000) : 0
}

export interface AssistantChatOptions {
  /** The chat's key: the logged-in user's e-mail, else the anonymous code (spec 001 §4 Identity). */
  userKey: string
  clima: Clima
}

/**
 * The assistant's conversation (spec 001 §4 Assistant): restored from this browser, a photo from the phone analysed
 * and answered with charts and products, text messages answered by the advisor, the failure counter and its tips,
 * the 7-day rule, and "Nueva conversación". Everything the spec keeps in the browser is kept under its keys.
 */
export function useAssistantChat({ userKey, clima }: AssistantChatOptions) {
  const [state, setState] = useState<ChatState>(initialState)
  // Photos already in the conversation are never analysed twice (a reload within the server's 10 s pickup window).
  const handled = useRef(new Set(state.messages.flatMap((m) => (m.imageUrl ? [m.imageUrl] : []))))
  const climaRef = useRef(clima)
  climaRef.current = clima
  const failuresRef = useRef(state.failures)
  failuresRef.current = state.failures

  useEffect(() => {
    chatStorage.writeHistory({ messages: state.messages, products: state.products })
    chatStorage.writeFlags({ showProducts: state.showProducts, showNewConversation: state.showNewConversation })
  }, [state.messages, state.products, state.showProducts, state.showNewConversation])

  const add = useCallback((...messages: ChatMessage[]) => {
    setState((s) => ({ ...s, messages: [...s.messages, ...messages] }))
  }, [])

  // Aborted when the chat closes (the bubble's panel unmounts it): a photo still being analysed, or waiting for a
  // busy analysis queue, stops there instead of retrying for a chat nobody sees. Made in the effect, so a remount
  // (React's StrictMode) gets a live one.
  const lifetime = useRef<AbortController | null>(null)
  useEffect(() => {
    const controller = new AbortController()
    lifetime.current = controller
    return () => controller.abort()
  }, [])

  const handleImage = useCallback(
    async (imageUrl: string) => {
      const path = samePhotoPath(imageUrl)
      if (!path || handled.current.has(path)) return
      handled.current.add(path)
      add({ id: messageId(), sender: 'user', text: '', imageUrl: path })

      const waitDays = localWaitDays(chatStorage.readLastAnalysis(userKey)?.time)
      if (waitDays > 0) {
        add(bot(analysisWaitMessage(waitDays)))
        return
      }

      setState((s) => ({ ...s, typing: true }))
      const slow = window.setTimeout(() => add(bot(CHAT_TEXTS.stillAnalysing)), SLOW_ANALYSIS_MS)
      try {
        let outcome: PhotoAnalysis
        try {
          outcome = await analyzePhoto(path, userKey, {
            signal: lifetime.current?.signal,
            onBusy: (message) => {
              // The server's busy message already says the analysis will take longer than usual.
              window.clearTimeout(slow)
              add(bot(message))
            },
          })
        } catch (error) {
          if (isAbortError(error)) return
          throw error
        }
        const allZero = outcome.kind === 'ok' && SKIN_MEASURES.every((m) => outcome.result[m].ui_score === 0)
        if (outcome.kind === 'rejected' || allZero) {
          const failures = failuresRef.current + 1
          const reason = outcome.kind === 'rejected' ? `${outcome.message} ` : ''
          const replies = [bot(`${reason}${failureTip(failures)}`)]
          if (failures >= FAILURE_LIMIT) replies.push(bot(CHAT_TEXTS.describeInstead))
          setState((s) => ({ ...s, failures, messages: [...s.messages, ...replies] }))
          return
        }
        if (outcome.kind !== 'ok') {
          add(bot(outcome.message))
          return
        }
        const puntajes = Object.fromEntries(SKIN_MEASURES.map((m) => [m, outcome.result[m].ui_score]))
        const knewFirst = chatStorage.readFirstAnalysis(userKey) !== null
        chatStorage.saveAnalysis(userKey, puntajes)
        const { regions, lesiones, edadPiel, gradoAcne } = outcome.result
        const photo = { url: path, width: outcome.width, height: outcome.height, regions, lesiones }
        let reply: ChatMessage
        let products: RecommendedProduct[] = []
        try {
          const answer = await requestAnalysisReply(userKey, climaRef.current, knewFirst)
          const visual: AnalysisVisual = {
            analisis: answer.analisis,
            primerAnalisis: answer.primerAnalisis,
            comparacion: answer.comparacion,
            photo: outcome.width > 0 ? photo : null,
            edadPiel,
            gradoAcne,
          }
          reply = bot(answer.respuesta || CHAT_TEXTS.analysisDone, { html: true, analysis: visual })
          products = answer.productos
        } catch {
          // The scores are in; only the advisor's words failed: the chart still shows them.
          const visual: AnalysisVisual = {
            analisis: {
              fecha: new Date().toISOString(),
              puntajes: puntajes as AnalysisVisual['analisis']['puntajes'],
              general: outcome.result.overall.ui_score,
            },
            primerAnalisis: null,
            comparacion: [],
            photo: outcome.width > 0 ? photo : null,
            edadPiel,
            gradoAcne,
          }
          reply = bot(CHAT_TEXTS.analysisDone, { analysis: visual })
        }
        setState((s) => ({
          ...s,
          failures: 0,
          messages: [...s.messages, reply],
          products: products.length > 0 ? products : s.products,
          showProducts: products.length > 0 || s.showProducts,
          showNewConversation: true,
        }))
      } finally {
        window.clearTimeout(slow)
        setState((s) => ({ ...s, typing: false }))
      }
    },
    [add, userKey],
  )

  useImageRoom(userKey, handleImage)

  /** Sends a text message; resolves false when it got no answer (the chat says why). */
  const sendText = useCallback(
    async (text: string): Promise<boolean> => {
      const message = text.trim()
      if (message === '') return false
      add({ id: messageId(), sender: 'user', text: message })
      setState((s) => ({ ...s, typing: true }))
      try {
        const reply = await sendChatMessage(userKey, message, climaRef.current)
        setState((s) => ({
          ...s,
          messages: [...s.messages, bot(reply.respuesta, { html: true })],
          // An answer that sends the shopper to a doctor takes away the products of earlier answers.
          products: reply.alerta ? [] : reply.productos.length > 0 ? reply.productos : s.products,
          showProducts: !reply.alerta && (reply.productos.length > 0 || s.showProducts),
          showNewConversation: true,
        }))
        return true
      } catch (error) {
        // Spec 001 §8: a failed text message is only logged; Piel also tells the shopper, so the message is not lost.
        console.warn('assistant message failed', error)
        // Too many messages (429): the server's Spanish message says how long to wait.
        const tooMany = error instanceof ApiError && error.status === 429 && error.serverMessage
        add(bot(tooMany ? (error.serverMessage as string) : CHAT_TEXTS.messageError))
        return false
      } finally {
        setState((s) => ({ ...s, typing: false }))
      }
    },
    [add, userKey],
  )

  const newConversation = useCallback(() => {
    chatStorage.clearConversation()
    handled.current.clear()
    setState(freshState())
  }, [])

  /** Closing the modal or going to the products keeps the new-conversation button (spec 001 §4 Modal). */
  const keepNewConversation = useCallback(() => setState((s) => ({ ...s, showNewConversation: true })), [])

  /** Issue 31: the message that offers the skin profile's questions, once in a conversation. */
  const offerSkinProfile = useCallback(() => {
    setState((s) =>
      s.messages.some((m) => m.profilePrompt)
        ? s
        : { ...s, messages: [...s.messages, bot(CHAT_TEXTS.profilePrompt, { profilePrompt: true })] },
    )
  }, [])

  /** The short confirmation after the skin profile was saved. */
  const confirmSkinProfile = useCallback(() => add(bot(CHAT_TEXTS.profileSaved)), [add])

  return {
    state,
    sendText,
    newConversation,
    keepNewConversation,
    handleImage,
    offerSkinProfile,
    confirmSkinProfile,
  }
}
