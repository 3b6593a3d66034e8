import { CAMERA_GUIDE } from '@piel/contracts/values'
import { largestFace } from '@piel/skin/quality'
import { useEffect, useId, useRef, useState } from 'react'
import { buttonStyles } from '@/components/ui/button-styles'
import {
  advanceCapture,
  CAMERA_HINTS,
  type CameraHint,
  cameraHint,
  type FrameObservation,
  isFramed,
  NO_PROGRESS,
} from '../camera-guide'
import type { FaceDetector } from '../face-detector'
import { type PreparedPhoto, prepareVideoFrame } from '../image-file'
import { measureFace } from '../photo-checks'
import type { DetectorState } from '../use-face-detector'

/** Whether this page may open the camera: browsers allow it only in a secure context (https, or localhost). */
export function cameraAvailability(): 'available' | 'insecure' | 'unsupported' {
  if (!window.isSecureContext) return 'insecure'
  if (typeof navigator.mediaDevices?.getUserMedia !== 'function') return 'unsupported'
  return 'available'
}

type CameraProblem = 'denied' | 'missing' | 'failed'

const PROBLEM_TEXT: Record<CameraProblem, string> = {
  denied:
    'No diste permiso para usar la cámara. Puedes permitirlo en los ajustes del navegador o elegir una foto de la galería.',
  missing: 'No encontramos una cámara en este dispositivo. Elige una foto de la galería.',
  failed:
    'No pudimos abrir la cámara. Ciérrala en otras aplicaciones e inténtalo de nuevo, o elige una foto de la galería.',
}

function problemOf(error: unknown): CameraProblem {
  if (error instanceof DOMException) {
    if (error.name === 'NotAllowedError' || error.name === 'SecurityError') return 'denied'
    if (error.name === 'NotFoundError' || error.name === 'OverconstrainedError') return 'missing'
  }
  return 'failed'
}

/** Least height of the preview, so the 270 px silhouette always fits (a landscape camera on a narrow phone). */
const MIN_VIEW_HEIGHT = CAMERA_GUIDE.frameHeight + 40
/**
 * Widest preview: a face that fills the 220 px silhouette is then 0.53 of the picture's width, the least the
 * guidance accepts (220 / 0.53 ≈ 415 px). On a phone the preview is narrower, so filling the oval is enough.
 */
const MAX_VIEW_WIDTH = Math.round(CAMERA_GUIDE.frameWidth / CAMERA_GUIDE.minWidthRatio)

type CameraCaptureProps = {
  detector: DetectorState
  onCapture: (photo: PreparedPhoto) => void
  onCancel: () => void
}

/**
 * The front camera with a face-outline guide (spec 001 §2): every 500 ms the largest face is checked and one
 * hint is shown; after two perfect frames in a row (placed, lit and sharp) it waits 300 ms and captures.
 */
export function CameraCapture({ detector, onCapture, onCancel }: CameraCaptureProps) {
  const videoRef = useRef<HTMLVideoElement>(null)
  const rootRef = useRef<HTMLDivElement>(null)
  const [videoSize, setVideoSize] = useState<{ width: number; height: number } | null>(null)
  const [problem, setProblem] = useState<CameraProblem | null>(null)
  const [hint, setHint] = useState<CameraHint>('align')
  const [capturing, setCapturing] = useState(false)
  const onCaptureRef = useRef(onCapture)
  useEffect(() => {
    onCaptureRef.current = onCapture
  })

  // Open the front camera; stop it whenever this component goes away.
  useEffect(() => {
    let stream: MediaStream | undefined
    let active = true
    navigator.mediaDevices
      .getUserMedia({
        audio: false,
        video: { facingMode: 'user', width: { ideal: 1280 }, height: { ideal: 720 } },
      })
      .then(async (opened) => {
        stream = opened
        const video = videoRef.current
        if (!active || !video) {
          for (const track of opened.getTracks()) track.stop()
          return
        }
        video.srcObject = opened
        await video.play().catch(() => undefined)
      })
      .catch((error: unknown) => {
        if (active) setProblem(problemOf(error))
      })
    return () => {
      active = false
      for (const track of stream?.getTracks() ?? []) track.stop()
    }
  }, [])

  // Once the picture shows, the preview and its hint should both be on the screen.
  useEffect(() => {
    if (videoSize) rootRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' })
  }, [videoSize])

  const ready = detector.status === 'ready' ? detector.detector : null

  // The guidance loop: one check every CAMERA_GUIDE.intervalMs while the camera shows something.
  useEffect(() => {
    const video = videoRef.current
    if (!ready || !video || !videoSize || capturing) return
    let progress = NO_PROGRESS
    let busy = false
    let stopped = false
    let captureTimer: number | undefined
    const tick = async () => {
      if (busy || stopped || video.readyState < 2) return
      busy = true
      try {
        const next = await observe(ready, video)
        if (stopped) return
        setHint(next)
        progress = advanceCapture(progress, next)
        if (progress.capture) {
          stopped = true
          window.clearInterval(timer)
          captureTimer = window.setTimeout(async () => {
            setCapturing(true)
            try {
              onCaptureRef.current(await prepareVideoFrame(video))
            } catch {
              setCapturing(false)
              setProblem('failed')
            }
          }, CAMERA_GUIDE.captureDelayMs)
        }
      } catch (error) {
        console.warn('camera check failed', error)
      } finally {
        busy = false
      }
    }
    const timer = window.setInterval(tick, CAMERA_GUIDE.intervalMs)
    return () => {
      stopped = true
      window.clearInterval(timer)
      if (captureTimer !== undefined) window.clearTimeout(captureTimer)
    }
  }, [ready, videoSize, capturing])

  if (problem) {
    return (
      <div role="alert" className="rounded-3xl bg-clay-100/70 p-5 text-ink-900 ring-1 ring-clay-300">
        <p>{PROBLEM_TEXT[problem]}</p>
        <button type="button" onClick={onCancel} className={`${buttonStyles.secondary} mt-4 min-h-12 w-full`}>
          Volver
        </button>
      </div>
    )
  }

  const status =
    detector.status === 'loading'
      ? 'Cargando la guía de la cámara…'
      : detector.status === 'failed'
        ? 'No pudimos cargar la guía automática. Vuelve y elige una foto de la galería.'
        : !videoSize
          ? 'Abriendo la cámara…'
          : capturing
            ? 'Foto tomada'
            : CAMERA_HINTS[hint]
  const perfect = hint === 'perfect' && detector.status === 'ready'

  return (
    <div ref={rootRef} className="mx-auto w-full scroll-mt-4 space-y-4" style={{ maxWidth: MAX_VIEW_WIDTH }}>
      <div
        className="relative w-full overflow-hidden rounded-3xl bg-ink-900"
        style={{
          aspectRatio: videoSize ? `${videoSize.width} / ${videoSize.height}` : '3 / 4',
          // A tall phone camera is cropped (top and bottom) so the hint below stays on the screen.
          maxHeight: '62dvh',
          minHeight: MIN_VIEW_HEIGHT,
        }}
      >
        <video
          ref={videoRef}
          muted
          playsInline
          autoPlay
          aria-label="Vista de la cámara frontal"
          onLoadedMetadata={(event) => {
            const video = event.currentTarget
            if (video.videoWidth > 0) setVideoSize({ width: video.videoWidth, height: video.videoHeight })
          }}
          className="absolute inset-0 size-full -scale-x-100 object-cover"
        />
        <FaceGuide perfect={perfect} />
      </div>

      <p
        role="status"
        aria-live="polite"
        data-hint={detector.status === 'ready' && videoSize ? hint : undefined}
        className={`flex min-h-14 items-center justify-center rounded-2xl px-4 py-3 text-center text-base font-semibold ${
          perfect ? 'bg-brand-700 text-white' : 'bg-white text-ink-900 ring-1 ring-sand-200'
        }`}
      >
        {status}
      </p>

      <button type="button" onClick={onCancel} className={`${buttonStyles.secondary} min-h-12 w-full text-base`}>
        Cancelar
      </button>
    </div>
  )
}

/**
 * The face outline (CAMERA_GUIDE.frameWidth × frameHeight CSS px, centred): an oval the shopper fills with the
 * face, the rest of the picture dimmed. Drawn in CSS pixels (the SVG has no viewBox), so the size is exact.
 */
function FaceGuide({ perfect }: { perfect: boolean }) {
  // React's ids carry characters that `url(#…)` does not accept.
  const maskId = `silueta-${useId().replace(/[^\w-]/g, '')}`
  const rx = CAMERA_GUIDE.frameWidth / 2
  const ry = CAMERA_GUIDE.frameHeight / 2
  return (
    <svg aria-hidden="true" data-testid="silueta" className="pointer-events-none absolute inset-0 size-full">
      <defs>
        <mask id={maskId}>
          <rect width="100%" height="100%" fill="white" />
          <ellipse cx="50%" cy="50%" rx={rx} ry={ry} fill="black" />
        </mask>
      </defs>
      <rect width="100%" height="100%" fill="rgb(20 16 14 / 0.5)" mask={`url(#${maskId})`} />
      <ellipse
        cx="50%"
        cy="50%"
        rx={rx}
        ry={ry}
        fill="none"
        strokeWidth={perfect ? 5 : 3}
        strokeDasharray={perfect ? undefined : '10 8'}
        className={`transition-colors ${perfect ? 'stroke-brand-300' : 'stroke-white'}`}
      />
    </svg>
  )
}

/** Detects the largest face of the current video frame and gives the hint for it. */
async function observe(detector: FaceDetector, video: HTMLVideoElement): Promise<CameraHint> {
  const size = { width: video.videoWidth, height: video.videoHeight }
  const view = { width: video.clientWidth, height: video.clientHeight }
  const face = largestFace(await detector.detect(video))
  const observation: FrameObservation = { video: size, view, mirrored: true, face }
  if (face && isFramed(observation)) {
    const measures = measureFace(video, size.width, size.height, face.box)
    observation.brightness = measures?.brightness
    observation.sharpness = measures?.sharpness
  }
  return cameraHint(observation)
}
