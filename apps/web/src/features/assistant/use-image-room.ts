import { REALTIME_EVENTS, RECENT_IMAGE_WINDOW_MS } from '@piel/contracts/values'
import { useEffect, useRef } from 'react'
import { object, readShape, text } from '@/lib/stored-shape'
import { CHAT_KEYS, chatStorage } from './chat-storage'

const newImageUploaded = object({ image_url: text })

/**
 * Spec 001 §4 Room: the chat joins the realtime room named by its key and hears `new_image_uploaded`; the server
 * also replays a photo sent under the key in the 10 s before the chat joined. An upload page embedded in this one
 * posts `imageUploaded` with its `imageUrl` (same origin only), and one opened in another tab of this browser (the
 * phone's own "Tomar la foto" button) leaves `lastImageUpload`, picked up when it is under 10 s old (spec 001 §4).
 * socket.io's client is loaded only by the chat.
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
        // The event of spec 001 §7 (`NewImageUploadedSchema`), read without zod like the chat's storage.
        const event = readShape(payload, newImageUploaded)
        if (event) handler.current(event.image_url)
      })
      disconnect = () => socket.disconnect()
    })
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return
      const data = event.data as { type?: unknown; imageUrl?: unknown } | null
      if (data?.type === 'imageUploaded' && typeof data.imageUrl === 'string') handler.current(data.imageUrl)
    }
    const pickRecentUpload = () => {
      const last = chatStorage.readLastImageUpload()
      if (last && last.code === key && Date.now() - last.time <= RECENT_IMAGE_WINDOW_MS) handler.current(last.url)
    }
    const onStorage = (event: StorageEvent) => {
      if (event.key === CHAT_KEYS.lastImageUpload) pickRecentUpload()
    }
    pickRecentUpload()
    window.addEventListener('message', onMessage)
    window.addEventListener('storage', onStorage)
    return () => {
      closed = true
      disconnect()
      window.removeEventListener('message', onMessage)
      window.removeEventListener('storage', onStorage)
    }
  }, [key])
}
