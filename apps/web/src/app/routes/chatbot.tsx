import type { Clima } from '@piel/contracts'
import { CLIMA_NO_ESPECIFICADO } from '@piel/contracts/values'
import { useQueryClient } from '@tanstack/react-query'
import { type ReactNode, startTransition, useEffect, useState } from 'react'
import { Link } from 'react-router'
import { useCurrentUser } from '@/features/accounts/use-current-user'
import { chatStorage } from '@/features/assistant/chat-storage'
import { AssistantChatFrame } from '@/features/assistant/components/assistant-chat'
import { WeatherButton } from '@/features/assistant/components/weather-button'
import { useAssistantIdentity } from '@/features/assistant/use-assistant-identity'
import { skinProfileQueries } from '@/features/assistant/use-skin-profile'
import { useCurrentStore } from '@/features/store/api'
import { DeletePhotos } from '@/features/uploads/components/delete-photos'
import { paths } from '@/lib/paths'
import { rememberRoute } from '@/lib/session'
import { useHydrated } from '@/lib/use-hydrated'
import { AssistantChatHost } from '../assistant/assistant-chat-host'

/**
 * `/chatbot` (spec 001 §2 Assistant screen): the skin assistant. A logged-in shopper's chat is keyed by their e-mail;
 * a visitor's by a random code kept in this browser (spec 001 §1: Piel takes both readings).
 */
export function Component() {
  // The chat lives in this browser (its code, its history, the weather): the server sends the page's frame,
  // and the chat itself appears once the app has taken the page over.
  const hydrated = useHydrated()
  // After a server render the chat, a large tree, is drawn in a transition: React yields to the browser every few
  // milliseconds instead of holding it for the whole chat (the page's blocking time, issue 16).
  const [chatShown, setChatShown] = useState(hydrated)
  useEffect(() => {
    if (!chatShown) startTransition(() => setChatShown(true))
  }, [chatShown])
  return chatShown ? <AssistantPage /> : <AssistantPageFrame />
}

/**
 * What the server can say of the page: its heading (with the invitation to log in, for a visitor), the weather
 * button as a first visit shows it, and the chat's frame with the greeting; the page keeps its layout as the chat
 * takes over.
 */
function AssistantPageFrame() {
  const user = useCurrentUser()
  return (
    <div className="mx-auto max-w-3xl px-3 pt-6 pb-4 sm:px-6 sm:pt-10">
      <AssistantIntro aside={<WeatherButton clima={NO_WEATHER} onClima={() => undefined} />}>
        {!user && <LoginInvitation />}
      </AssistantIntro>
      <div className="mt-4">
        <AssistantChatFrame />
      </div>
    </div>
  )
}

const NO_WEATHER: Clima = { estado: CLIMA_NO_ESPECIFICADO }

function LoginInvitation() {
  return (
    <>
      {' '}
      <Link
        to={paths.login}
        onClick={() => rememberRoute(paths.chatbot)}
        className="font-semibold text-brand-700 underline"
      >
        Ingresa
      </Link>{' '}
      para ver tus análisis en todos tus dispositivos.
    </>
  )
}

function AssistantIntro({ children, aside }: { children?: ReactNode; aside?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3 px-1">
      <div>
        <p className="text-sm font-semibold tracking-[0.14em] text-clay-600 uppercase">Asistente de piel</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight sm:text-3xl">Conoce tu piel</h1>
        <p className="mt-1 max-w-xl text-sm leading-relaxed text-ink-600">
          Un análisis cosmético a partir de una foto y una rutina con productos de la tienda; no reemplaza la consulta
          con un dermatólogo.
          {children}
        </p>
      </div>
      {aside}
    </div>
  )
}

function AssistantPage() {
  const user = useCurrentUser()
  const { data: store } = useCurrentStore()
  const queryClient = useQueryClient()
  const { userKey, clima, uploadUrl, setClima, clearClima, uploadLinkFailed, retryUploadLink } = useAssistantIdentity(
    user?.email ?? null,
    store?.urlPublica,
  )

  return (
    <div className="mx-auto max-w-3xl px-3 pt-6 pb-4 sm:px-6 sm:pt-10">
      <AssistantIntro aside={<WeatherButton clima={clima} onClima={setClima} onClear={clearClima} />}>
        {!user && <LoginInvitation />}
      </AssistantIntro>
      <div className="mt-4">
        <AssistantChatHost
          userKey={userKey}
          clima={clima}
          uploadUrl={uploadUrl}
          uploadLinkFailed={uploadLinkFailed}
          onRetryUploadLink={retryUploadLink}
        />
      </div>
      {userKey && (
        <div className="mt-8">
          <DeletePhotos
            code={userKey}
            onDeleted={() => {
              chatStorage.forgetAnalyses(userKey)
              // The skin profile went with the photos (issue 31): the chat reads it again.
              void queryClient.invalidateQueries(skinProfileQueries.state(userKey))
            }}
          />
        </div>
      )}
    </div>
  )
}
