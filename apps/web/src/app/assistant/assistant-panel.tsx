import { useEffect } from 'react'
import { locateWeather, useAssistantIdentity } from '@/features/assistant/use-assistant-identity'
import { useCurrentStore } from '@/features/store/api'
import { AssistantChatHost } from './assistant-chat-host'

/**
 * The bubble's chat panel (spec 001 §2): the same conversation as /chatbot; on opening it asks for the location
 * to read the weather, when the weather is not known yet.
 */
export default function AssistantPanel({ email, onLeave }: { email: string | null; onLeave: () => void }) {
  const { data: store } = useCurrentStore()
  const { userKey, clima, uploadUrl, setClima, uploadLinkFailed, retryUploadLink } = useAssistantIdentity(
    email,
    store?.urlPublica,
  )
  const unknownWeather = clima.temperatura === undefined && clima.uv === undefined && clima.humedad === undefined

  // biome-ignore lint/correctness/useExhaustiveDependencies: asked once, when the panel opens
  useEffect(() => {
    if (!unknownWeather) return
    void locateWeather().then(({ clima: read }) => setClima(read))
  }, [])

  return (
    <AssistantChatHost
      userKey={userKey}
      clima={clima}
      uploadUrl={uploadUrl}
      uploadLinkFailed={uploadLinkFailed}
      onRetryUploadLink={retryUploadLink}
      variant="panel"
      onLeave={onLeave}
    />
  )
}
