import { useEffect, useEffectEvent, useRef, useState } from 'react'
import type { PreparedPhoto } from './image-file'
import { checkPhoto, type PhotoVerdict } from './photo-checks'
import type { DetectorState } from './use-face-detector'

export type Photo = {
  /** Tells a late check of an earlier photo from the current one. */
  id: number
  prepared: PreparedPhoto
  previewUrl: string
  source: 'gallery' | 'camera'
  /** null until the face checks have run (or when they cannot run). */
  verdict: PhotoVerdict | null
}

/**
 * The photo the shopper chose, with its preview and the face checks of spec 001 §5, run in the browser once the
 * detector is ready (it may still be loading when the photo is chosen). `onChecked` follows each verdict.
 */
export function useCheckedPhoto(detector: DetectorState, onChecked: () => void) {
  const [photo, setPhoto] = useState<Photo | null>(null)
  const nextId = useRef(1)
  const checked = useEffectEvent(onChecked)

  // The preview's object URL lives as long as its photo.
  const previewUrl = photo?.previewUrl
  useEffect(() => {
    if (!previewUrl) return
    return () => URL.revokeObjectURL(previewUrl)
  }, [previewUrl])

  const ready = detector.status === 'ready' ? detector.detector : null
  const pendingId = photo && photo.verdict === null ? photo.id : null
  const pendingCanvas = photo?.prepared.canvas
  useEffect(() => {
    if (!ready || pendingId === null || !pendingCanvas) return
    let active = true
    const settle = (verdict: PhotoVerdict) => {
      if (!active) return
      setPhoto((current) => (current?.id === pendingId ? { ...current, verdict } : current))
      checked()
    }
    checkPhoto(ready, pendingCanvas).then(settle, (error: unknown) => {
      console.warn('photo check failed', error)
      settle({ code: 'no-face', face: undefined })
    })
    return () => {
      active = false
    }
  }, [ready, pendingId, pendingCanvas])

  const choose = (prepared: PreparedPhoto, source: Photo['source']) =>
    setPhoto({ id: nextId.current++, prepared, previewUrl: URL.createObjectURL(prepared.blob), source, verdict: null })

  return {
    photo,
    choose,
    clear: () => setPhoto(null),
    /** The checks are running (or waiting for the detector) for the current photo. */
    checking: photo !== null && photo.verdict === null && detector.status !== 'failed',
  }
}
