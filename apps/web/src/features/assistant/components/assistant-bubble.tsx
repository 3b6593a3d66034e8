import { type ReactNode, useEffect, useState } from 'react'
import { ChatIcon, CloseIcon } from '@/components/ui/icons'
import { chatFlags } from '../chat-flags'
import { CHAT_TEXTS } from '../chat-texts'

type AssistantBubbleProps = {
  loggedIn: boolean
  /** Spec 001 §2: with no stored user the bubble opens a login prompt. */
  onLoginPrompt: () => void
  /** The chat panel's content, rendered only while it is open (the route loads it lazily). */
  panel: (close: () => void) => ReactNode
  /** Called when the panel opens (the weather is asked for then). */
  onOpen?: () => void
}

/**
 * The floating assistant bubble in the footer (spec 001 §2): a visitor gets the login prompt; a logged-in shopper
 * gets the chat panel. The hint to return to the chat shows once per session, to a shopper who has a conversation.
 */
export function AssistantBubble({ loggedIn, onLoginPrompt, panel, onOpen }: AssistantBubbleProps) {
  const [open, setOpen] = useState(false)
  const [hint, setHint] = useState(false)

  useEffect(() => {
    if (!loggedIn || chatFlags.isSessionActive() || !chatFlags.hasConversation()) return
    chatFlags.markSessionActive()
    setHint(true)
    const timer = window.setTimeout(() => setHint(false), 8000)
    return () => window.clearTimeout(timer)
  }, [loggedIn])

  const close = () => setOpen(false)

  return (
    <div className="flex flex-col items-end gap-2">
      {open && (
        <div
          role="dialog"
          aria-label="Asistente de piel"
          className="fixed inset-x-0 bottom-0 z-50 flex max-h-[92dvh] flex-col rounded-t-3xl bg-white text-base text-ink-900 shadow-2xl shadow-ink-900/30 ring-1 ring-sand-200 sm:absolute sm:inset-x-auto sm:right-0 sm:bottom-16 sm:max-h-[calc(100dvh-7rem)] sm:w-[26rem] sm:rounded-3xl"
        >
          <div className="flex items-center justify-between gap-2 border-b border-sand-200 px-4 py-2.5">
            <p className="font-semibold">Asistente de piel</p>
            <button
              type="button"
              onClick={close}
              aria-label="Cerrar el asistente"
              className="inline-flex size-10 items-center justify-center rounded-full text-ink-700 hover:bg-sand-100"
            >
              <CloseIcon className="size-5" />
            </button>
          </div>
          <div className="min-h-0 overflow-y-auto p-2">{panel(close)}</div>
        </div>
      )}
      {hint && !open && (
        <p
          role="status"
          className="max-w-56 rounded-2xl bg-white px-3.5 py-2.5 text-sm text-ink-900 shadow-lg ring-1 ring-sand-200"
        >
          {CHAT_TEXTS.returnHint}
        </p>
      )}
      <button
        type="button"
        data-tour="asistente"
        aria-expanded={loggedIn ? open : undefined}
        aria-label={open ? 'Cerrar el asistente de piel' : 'Abrir el asistente de piel'}
        onClick={() => {
          setHint(false)
          if (!loggedIn) {
            onLoginPrompt()
            return
          }
          if (!open) onOpen?.()
          setOpen(!open)
        }}
        className="inline-flex size-14 items-center justify-center rounded-full bg-brand-700 text-white shadow-lg shadow-brand-900/30 transition-transform hover:bg-brand-800 motion-safe:hover:scale-105"
      >
        {open ? <CloseIcon className="size-6" /> : <ChatIcon className="size-7" />}
      </button>
    </div>
  )
}
