import { NewImageUploadedSchema, REALTIME_EVENTS } from '@piel/contracts'
import { useEffect, useRef } from 'react'

/**
 * Spec 001 §4 Room: the chat joins the realtime room named by its key and hears `new_image_uploaded`; the server
 * also replays a photo sent under the key in the 10 s before the chat joined. An upload page embedded in this one
 * posts `imageUploaded` with its `imageUrl` (same origin only). socket.io's client is loaded only by the chat.
 */
export function useImageRoom(key: string, onImage: (imageUrl: string) => void) {
  const handler = useRef(onImage)
  handler.current = onImage

  useEffect(() => {
    let closed = false
    let disconnect = () => {}
    void import('socket.io-client').then(({ io }) => {
      if (closed) return
      const socket = io({ path: '/socket.io', transports: ['websocket', 'polling'], withCredentials: true })
      const join = () => socket.emit(REALTIME_EVENTS.joinRoom, { code: key }, () => undefined)
      socket.on('connect', join)
      socket.on(REALTIME_EVENTS.newImageUploaded, (payload: unknown) => {
        const parsed = NewImageUploadedSchema.safeParse(payload)
        if (parsed.success) handler.current(parsed.data.image_url)
      })
      disconnect = () => socket.disconnect()
    })
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return
      const data = event.data as { type?: unknown; imageUrl?: unknown } | null
      if (data?.type === 'imageUploaded' && typeof data.imageUrl === 'string') handler.current(data.imageUrl)
    }
    window.addEventListener('message', onMessage)
    return () => {
      closed = true
      disconnect()
      window.removeEventListener('message', onMessage)
    }
  }, [key])
}
