import type { Clima } from '@piel/contracts'
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react'
import { buttonStyles } from '@/components/ui/button-styles'
import { FaceIcon, SendIcon } from '@/components/ui/page-icons'
import { chatFlags } from '../chat-flags'
import type { ChatMessage, RecommendedProduct } from '../chat-storage'
import { CHAT_TEXTS } from '../chat-texts'
import { useAssistantChat } from '../use-assistant-chat'
import { useSkinProfile } from '../use-skin-profile'
import { AnalysisCard } from './analysis-card'
import { ProductsModal } from './products-modal'
import { QrBlock } from './qr-block'
import { SkinProfileDialog } from './skin-profile-editor'

export type AssistantChatProps = {
  /** The chat's key: the logged-in user's e-mail, else the anonymous code. */
  userKey: string
  clima: Clima
  /** Where the phone uploads the photo (`PUBLIC_URL/upload?code=…`): the QR code's content. */
  uploadUrl: string
  /** Ver detalles: the chosen products' ids, after the history is saved (the route navigates). */
  onViewDetails: (ids: number[]) => void
  /** "Agregar rutina al carrito": resolves with how many products went into the cart. */
  onAddRoutine?: (products: RecommendedProduct[]) => Promise<number>
  /** "Hablar con una persona": a WhatsApp link to the store carrying the conversation's context. */
  humanHelpUrl?: (context: string) => string
  /** `page` fills the assistant screen; `panel` fits the bubble's panel. */
  variant?: 'page' | 'panel'
}

/** Spec 001 §2: the chat area's height by the number of messages (fewer than 5: 70vh, fewer than 15: 50vh, else 35vh). */
export function chatHeight(count: number): string {
  if (count < 5) return '70vh'
  if (count < 15) return '50vh'
  return '35vh'
}

/** The last things said, for the person who picks the conversation up on WhatsApp. */
function conversationContext(messages: ChatMessage[]): string {
  const last = messages
    .filter((m) => m.text.trim() !== '' && !m.showQR)
    .slice(-3)
    .map((m) => {
      const plain = m.html ? m.text.replace(/<[^>]+>/g, ' ').replace(/&[a-z#0-9]+;/gi, ' ') : m.text
      return `${m.sender === 'user' ? 'Yo' : 'Asistente'}: ${plain.replace(/\s+/g, ' ').trim().slice(0, 160)}`
    })
  return ['Hola, vengo del asistente de piel de la tienda.', ...last].join('\n')
}

/** Where the skin profile's offer stands: its buttons, "Ahora no" said, or answered (issue 31). */
type ProfilePromptStatus = 'open' | 'later' | 'answered'

/**
 * The assistant's conversation (spec 001 §2 Assistant screen): messages, the QR block, the photo's analysis with its
 * charts, the typing indicator, Ver productos and its modal, Nueva conversación, and the text input. A chat with no
 * skin profile offers its questions once, in the conversation (issue 31): "Ahora no" is remembered for the chat's key,
 * and "Mi perfil de piel" opens them at any time.
 */
export function AssistantChat({
  userKey,
  clima,
  uploadUrl,
  onViewDetails,
  onAddRoutine,
  humanHelpUrl,
  variant = 'page',
}: AssistantChatProps) {
  const { state, sendText, newConversation, keepNewConversation, offerSkinProfile, confirmSkinProfile } =
    useAssistantChat({ userKey, clima })
  const skinProfile = useSkinProfile(userKey)
  const [profileDismissed, setProfileDismissed] = useState(() => chatFlags.skinProfileDismissed(userKey))
  const [profileOpen, setProfileOpen] = useState(false)
  const [draft, setDraft] = useState('')
  const [modalOpen, setModalOpen] = useState(false)
  const [routineNotice, setRoutineNotice] = useState<string | null>(null)
  const [addingRoutine, setAddingRoutine] = useState(false)
  const listRef = useRef<HTMLDivElement>(null)

  const messageCount = state.messages.length
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll on every new message and on the typing indicator
  useEffect(() => {
    const list = listRef.current
    if (list) list.scrollTo({ top: list.scrollHeight, behavior: 'smooth' })
  }, [messageCount, state.typing])

  // Offered when the server holds no profile for this key and the shopper has not said "Ahora no"; a conversation
  // started over offers it again.
  const profileMissing = skinProfile.isSuccess && skinProfile.data.perfil === null
  const hasPrompt = state.messages.some((m) => m.profilePrompt)
  useEffect(() => {
    if (profileMissing && !profileDismissed && !hasPrompt) offerSkinProfile()
  }, [profileMissing, profileDismissed, hasPrompt, offerSkinProfile])
  const promptStatus: ProfilePromptStatus =
    skinProfile.data?.perfil != null ? 'answered' : profileDismissed ? 'later' : 'open'
  const profilePrompt = {
    status: promptStatus,
    onAnswer: () => setProfileOpen(true),
    onDismiss: () => {
      chatFlags.markSkinProfileDismissed(userKey)
      setProfileDismissed(true)
    },
  }

  const submit = (event?: FormEvent) => {
    event?.preventDefault()
    if (draft.trim() === '' || state.typing) return
    const text = draft
    setDraft('')
    // Not answered (a 429, a lost connection): the text goes back to the box, unless something new was typed.
    void sendText(text).then((answered) => {
      if (!answered) setDraft((current) => (current === '' ? text : current))
    })
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      submit()
    }
  }

  const addRoutine = async () => {
    if (!onAddRoutine) return
    setAddingRoutine(true)
    try {
      const added = await onAddRoutine(state.products)
      setRoutineNotice(
        added > 0
          ? `Agregamos ${added} ${added === 1 ? 'producto' : 'productos'} de tu rutina al carrito.`
          : 'No pudimos agregar los productos: puede que se hayan agotado.',
      )
    } catch {
      setRoutineNotice('No pudimos agregar la rutina al carrito. Inténtalo de nuevo.')
    } finally {
      setAddingRoutine(false)
    }
  }

  const height = variant === 'panel' ? 'min(60dvh, 32rem)' : chatHeight(messageCount)

  return (
    <section aria-label="Conversación con el asistente de piel" className="flex flex-col">
      <div
        ref={listRef}
        role="log"
        aria-live="polite"
        aria-relevant="additions"
        data-testid="chat-messages"
        style={{ height }}
        className="overflow-y-auto overscroll-contain rounded-t-3xl bg-sand-50 px-3 py-4 sm:px-5"
      >
        <ol className="flex flex-col gap-3">
          {state.messages.map((message) => (
            <MessageBubble
              key={message.id}
              message={message}
              uploadUrl={uploadUrl}
              {...(message.profilePrompt ? { profilePrompt } : {})}
            />
          ))}
        </ol>
        {state.typing && (
          <p className="mt-3 flex items-center gap-2 text-sm text-ink-600" data-testid="typing">
            <span className="inline-flex gap-1" aria-hidden="true">
              <span className="size-2 rounded-full bg-brand-400 motion-safe:animate-bounce" />
              <span className="size-2 rounded-full bg-brand-400 motion-safe:animate-bounce [animation-delay:120ms]" />
              <span className="size-2 rounded-full bg-brand-400 motion-safe:animate-bounce [animation-delay:240ms]" />
            </span>
            El asistente está escribiendo…
          </p>
        )}
      </div>

      <div className="space-y-2 border-x border-sand-200 bg-white px-3 py-2.5 sm:px-5">
        {state.showProducts && state.products.length > 0 && (
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              onClick={() => setModalOpen(true)}
              className={`${buttonStyles.primary} min-h-10 px-4`}
            >
              Ver productos
            </button>
            {onAddRoutine && (
              <button
                type="button"
                onClick={() => void addRoutine()}
                disabled={addingRoutine}
                className={`${buttonStyles.secondary} min-h-10 px-4`}
              >
                {addingRoutine ? 'Agregando…' : 'Agregar rutina al carrito'}
              </button>
            )}
          </div>
        )}
        {routineNotice && (
          <p role="status" className="text-sm text-ink-700">
            {routineNotice}
          </p>
        )}
        <div className="flex flex-wrap items-center justify-between gap-x-2">
          <div className="-ml-3 flex flex-wrap items-center">
            {state.showNewConversation && (
              <button
                type="button"
                onClick={() => {
                  setRoutineNotice(null)
                  newConversation()
                }}
                className={`${buttonStyles.ghost} min-h-10`}
              >
                Nueva conversación
              </button>
            )}
            <button type="button" onClick={() => setProfileOpen(true)} className={`${buttonStyles.ghost} min-h-10`}>
              <FaceIcon className="size-4.5" />
              Mi perfil de piel
            </button>
          </div>
          {humanHelpUrl && (
            <a
              href={humanHelpUrl(conversationContext(state.messages))}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-h-10 items-center rounded text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
            >
              Hablar con una persona
            </a>
          )}
        </div>
      </div>

      <form
        onSubmit={submit}
        className="flex items-end gap-2 rounded-b-3xl border border-sand-200 bg-white p-2.5 sm:p-3"
      >
        <label htmlFor={`mensaje-${variant}`} className="sr-only">
          Escribe tu mensaje
        </label>
        <textarea
          id={`mensaje-${variant}`}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          rows={1}
          maxLength={2000}
          placeholder="Escribe tu pregunta"
          className="max-h-32 min-h-11 flex-1 resize-none rounded-2xl border border-sand-200 bg-cream px-3.5 py-2.5 text-base placeholder:text-ink-500 focus:border-brand-600 focus:outline-none"
        />
        <button
          type="submit"
          disabled={draft.trim() === '' || state.typing}
          aria-label="Enviar mensaje"
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-700 text-white transition-colors hover:bg-brand-800 disabled:opacity-50"
        >
          <SendIcon className="size-5" />
        </button>
      </form>

      <SkinProfileDialog
        open={profileOpen}
        onClose={() => setProfileOpen(false)}
        userKey={userKey}
        onSaved={() => confirmSkinProfile()}
      />

      <ProductsModal
        open={modalOpen}
        products={state.products}
        onClose={() => {
          setModalOpen(false)
          keepNewConversation()
        }}
        onViewDetails={(ids) => {
          setModalOpen(false)
          keepNewConversation()
          onViewDetails(ids)
        }}
      />
    </section>
  )
}

/**
 * The chat as the server can draw it: its conversation lives in this browser, so the server shows the two messages
 * every conversation starts with (the QR code itself, made from this browser's code, comes with the app), in the
 * chat's own frame; the rest appears once the app has taken the page over, without a larger text appearing late.
 */
export function AssistantChatFrame() {
  const start: ChatMessage[] = [
    { id: 'saludo', sender: 'bot', text: CHAT_TEXTS.greeting },
    { id: 'qr', sender: 'bot', text: CHAT_TEXTS.qr },
  ]
  return (
    <section aria-label="Conversación con el asistente de piel" aria-busy="true" className="flex flex-col">
      <div style={{ height: chatHeight(2) }} className="overflow-hidden rounded-t-3xl bg-sand-50 px-3 py-4 sm:px-5">
        <ol className="flex flex-col gap-3">
          {start.map((message) => (
            <MessageBubble key={message.id} message={message} uploadUrl="" />
          ))}
        </ol>
        <p role="status" className="mt-3 text-sm text-ink-600">
          Cargando el asistente…
        </p>
      </div>
      <div
        aria-hidden="true"
        className="flex items-end gap-2 rounded-b-3xl border border-sand-200 bg-white p-2.5 sm:p-3"
      >
        <span className="flex min-h-11 flex-1 items-center rounded-2xl border border-sand-200 bg-cream px-3.5 text-base text-ink-500">
          Escribe tu pregunta
        </span>
        <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-700 text-white opacity-50">
          <SendIcon className="size-5" />
        </span>
      </div>
    </section>
  )
}

type ProfilePromptProps = { status: ProfilePromptStatus; onAnswer: () => void; onDismiss: () => void }

function MessageBubble({
  message,
  uploadUrl,
  profilePrompt,
}: {
  message: ChatMessage
  uploadUrl: string
  profilePrompt?: ProfilePromptProps
}) {
  if (message.sender === 'user') {
    return (
      <li className="flex justify-end">
        <div className="max-w-[85%] rounded-3xl rounded-br-md bg-brand-700 px-4 py-2.5 text-white">
          {message.imageUrl && (
            <img
              src={message.imageUrl}
              alt="Tu foto enviada desde el teléfono"
              className="max-h-56 w-auto rounded-2xl"
              onError={(event) => {
                event.currentTarget.replaceWith(document.createTextNode('📷 Foto enviada'))
              }}
            />
          )}
          {message.text && <p className="whitespace-pre-line">{message.text}</p>}
        </div>
      </li>
    )
  }
  return (
    <li className="flex gap-2">
      <span
        aria-hidden="true"
        className="mt-1 flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xs font-bold text-brand-800"
      >
        P
      </span>
      <div className="min-w-0 max-w-[92%] rounded-3xl rounded-tl-md bg-white px-4 py-3 text-ink-900 shadow-sm ring-1 ring-sand-200">
        <span className="sr-only">Asistente: </span>
        {message.html ? (
          // Safe HTML built by the server (every character of the text escaped, links only to the shop's pages).
          <div
            className="space-y-2 leading-relaxed [&_a]:font-semibold [&_a]:text-brand-700 [&_a]:underline"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's safe HTML (packages/assistant/src/html.ts)
            dangerouslySetInnerHTML={{ __html: message.text }}
          />
        ) : (
          <p className="leading-relaxed whitespace-pre-line">{message.text}</p>
        )}
        {message.showQR && <QrBlock uploadUrl={uploadUrl} />}
        {message.analysis && <AnalysisCard analysis={message.analysis} />}
        {profilePrompt && <ProfilePromptActions {...profilePrompt} />}
      </div>
    </li>
  )
}

/** The skin profile's offer: "Responder" opens the questions, "Ahora no" puts them off for good (issue 31). */
function ProfilePromptActions({ status, onAnswer, onDismiss }: ProfilePromptProps) {
  if (status === 'answered') return null
  if (status === 'later') return <p className="mt-2 text-sm text-ink-600">{CHAT_TEXTS.profileLater}</p>
  return (
    <div className="mt-3 flex flex-wrap gap-2" data-testid="skin-profile-prompt">
      <button type="button" onClick={onAnswer} className={`${buttonStyles.primary} min-h-11 px-5`}>
        Responder
      </button>
      <button type="button" onClick={onDismiss} className={`${buttonStyles.secondary} min-h-11 px-5`}>
        Ahora no
      </button>
    </div>
  )
}
