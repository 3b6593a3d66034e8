import { UPLOAD_MESSAGES, UPLOAD_PAGE_MESSAGES } from '@piel/contracts/values'
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react'
import { buttonStyles } from '@/components/ui/button-styles'
import { CameraIcon, CheckIcon, ImageIcon, InfoIcon } from '@/components/ui/page-icons'
import type { UploadSignature } from '../api'
import { type PreparedPhoto, preparePhotoFile, UnreadableImageError } from '../image-file'
import { photoMessage } from '../photo-checks'
import { useCheckedPhoto } from '../use-checked-photo'
import { useFaceDetector } from '../use-face-detector'
import { usePhotoUpload } from '../use-photo-upload'
import { CameraCapture, cameraAvailability } from './camera-capture'
import { PhotoConsent } from './photo-consent'

type PhotoUploaderProps = {
  code: string
  /** The signature of an account chat's QR link, from the page's address. */
  signature?: UploadSignature | undefined
  /** The store that treats the photo, named in the consent. */
  controllerName: string
}

const CAMERA_NOTE = {
  insecure:
    'La cámara solo funciona cuando la página se abre con una conexión segura (https). Puedes elegir una foto de la galería.',
  unsupported: 'Este navegador no permite usar la cámara aquí. Puedes elegir una foto de la galería.',
} as const

const isHeic = (file: File) => /hei[cf]/i.test(file.type) || /\.hei[cf]$/i.test(file.name)

/**
 * The upload page's work (spec 001 §2 Upload page): a photo from the gallery or from the guided camera, the
 * face checks of spec 001 §5 in the browser, the consent, and the upload with its progress. The chat that
 * showed the QR code receives the photo through its realtime room.
 */
export function PhotoUploader({ code, signature, controllerName }: PhotoUploaderProps) {
  const detector = useFaceDetector()
  const [camera] = useState(cameraAvailability)
  const [mode, setMode] = useState<'choose' | 'camera'>('choose')
  const [preparing, setPreparing] = useState(false)
  const [consent, setConsent] = useState(false)
  const [consentMissing, setConsentMissing] = useState(false)
  const { message, setMessage, showMessage, messageRef } = useMessage()
  const fileInputRef = useRef<HTMLInputElement>(null)
  const consentRef = useRef<HTMLInputElement>(null)
  // The verdict shows under the photo; a "please wait" given meanwhile is answered now.
  const { photo, choose, clear, checking } = useCheckedPhoto(detector, () =>
    setMessage((current) => (current === UPLOAD_PAGE_MESSAGES.stillLoading ? null : current)),
  )
  const upload = usePhotoUpload(code, signature, showMessage)

  const openCamera = () => {
    showMessage(null)
    setMode('camera')
  }

  function choosePhoto(prepared: PreparedPhoto, source: 'gallery' | 'camera') {
    choose(prepared, source)
    upload.reset()
  }

  async function onFileChosen(file: File | undefined) {
    if (!file) return
    showMessage(null)
    setPreparing(true)
    try {
      choosePhoto(await preparePhotoFile(file), 'gallery')
    } catch (error) {
      if (!(error instanceof UnreadableImageError)) console.warn('photo not readable', error)
      clear()
      showMessage(isHeic(file) ? UPLOAD_MESSAGES.heicUnsupported : UPLOAD_PAGE_MESSAGES.invalid)
    } finally {
      setPreparing(false)
      if (fileInputRef.current) fileInputRef.current.value = ''
    }
  }

  function onSubmit() {
    showMessage(null)
    if (upload.isPending) return
    if (!photo) return showMessage(UPLOAD_MESSAGES.noFile)
    // The checks run in the browser; while their models load the photo cannot be judged yet.
    if (detector.status === 'loading' || (detector.status === 'ready' && photo.verdict === null)) {
      return showMessage(UPLOAD_PAGE_MESSAGES.stillLoading)
    }
    if (photo.verdict && photo.verdict.code !== 'ok') return showMessage(photoMessage(photo.verdict.code))
    if (!consent) {
      setConsentMissing(true)
      consentRef.current?.focus()
      return showMessage(UPLOAD_MESSAGES.consentRequired)
    }
    upload.send({ photo: photo.prepared.blob, fileName: photo.prepared.fileName, consent })
  }

  function startOver() {
    clear()
    upload.reset()
    showMessage(null)
    setMode('choose')
  }

  if (upload.isSuccess) return <UploadedPanel onAnother={startOver} />

  const verdictMessage = photo?.verdict ? photoMessage(photo.verdict.code) : null

  return (
    <div className="space-y-6">
      <section aria-labelledby="paso-foto" className="rounded-3xl bg-white p-4 ring-1 ring-sand-200 sm:p-6">
        <h2 id="paso-foto" className="flex items-center gap-2.5 text-lg font-semibold">
          <StepNumber n={1} />
          {mode === 'camera' ? 'Ubica tu rostro en la silueta' : 'Toma o elige una foto de tu rostro'}
        </h2>

        <div className="mt-4">
          {mode === 'camera' ? (
            <CameraCapture
              detector={detector}
              onCapture={(prepared) => {
                showMessage(null)
                choosePhoto(prepared, 'camera')
                setMode('choose')
              }}
              onCancel={() => setMode('choose')}
            />
          ) : photo ? (
            <div>
              <div className="overflow-hidden rounded-2xl bg-sand-100">
                <img
                  src={photo.previewUrl}
                  alt="Vista previa de tu foto"
                  className="mx-auto max-h-[26rem] w-auto object-contain"
                />
              </div>
              <PhotoStatus
                checking={checking}
                failedMessage={verdictMessage}
                unchecked={detector.status === 'failed' && photo.verdict === null}
              />
              <div className="mt-4 grid gap-3 sm:grid-cols-2">
                {camera === 'available' && (
                  <CameraButton
                    label={photo.source === 'camera' ? 'Tomar otra foto' : 'Usar la cámara'}
                    variant="secondary"
                    disabled={upload.isPending}
                    onClick={openCamera}
                  />
                )}
                <GalleryButton
                  label={photo.source === 'gallery' ? 'Elegir otra foto' : 'Elegir de la galería'}
                  variant="secondary"
                  disabled={upload.isPending || preparing}
                  inputRef={fileInputRef}
                  onFile={onFileChosen}
                />
              </div>
            </div>
          ) : (
            <div>
              <div className={`grid gap-3 ${camera === 'available' ? 'sm:grid-cols-2' : ''}`}>
                {/* Without a secure context the browser gives no camera: the gallery is the way. */}
                {camera === 'available' && (
                  <CameraButton label="Tomar foto con la cámara" variant="primary" onClick={openCamera} />
                )}
                <GalleryButton
                  label={preparing ? 'Abriendo la foto…' : 'Elegir de la galería'}
                  variant={camera === 'available' ? 'secondary' : 'primary'}
                  disabled={preparing}
                  inputRef={fileInputRef}
                  onFile={onFileChosen}
                />
              </div>
              {camera !== 'available' && (
                <p className="mt-3 flex gap-2 text-sm text-ink-700">
                  <InfoIcon className="mt-0.5 size-4.5 shrink-0 text-clay-600" />
                  {CAMERA_NOTE[camera]}
                </p>
              )}
              <Tips />
            </div>
          )}
        </div>
        <DetectorNote status={detector.status} onRetry={detector.retry} />
      </section>

      <section aria-labelledby="paso-envio" className="rounded-3xl bg-white p-4 ring-1 ring-sand-200 sm:p-6">
        <h2 id="paso-envio" className="flex items-center gap-2.5 text-lg font-semibold">
          <StepNumber n={2} />
          Autoriza y envía tu foto
        </h2>
        <div className="mt-4 space-y-4">
          <PhotoConsent
            ref={consentRef}
            checked={consent}
            controllerName={controllerName}
            invalid={consentMissing && !consent}
            onChange={(checked) => {
              setConsent(checked)
              if (checked) {
                setConsentMissing(false)
                if (message === UPLOAD_MESSAGES.consentRequired) showMessage(null)
              }
            }}
          />

          <div ref={messageRef} role="alert" className="scroll-mt-4 empty:hidden">
            {message && (
              <p className="flex items-start gap-2.5 rounded-2xl bg-clay-100/70 px-4 py-3 font-medium text-ink-900 ring-1 ring-clay-300">
                <InfoIcon className="mt-0.5 size-5 shrink-0 text-clay-600" />
                {message}
              </p>
            )}
          </div>

          {upload.isPending && <UploadProgress value={upload.progress} />}

          <button
            type="button"
            onClick={onSubmit}
            aria-disabled={upload.isPending}
            className={`${buttonStyles.primary} min-h-14 w-full text-base`}
          >
            {upload.isPending ? 'Subiendo tu foto…' : 'Subir foto'}
          </button>
        </div>
      </section>
    </div>
  )
}

/** The page's one message (what to fix, or why the upload failed), scrolled into view when it appears. */
function useMessage() {
  const [message, setMessage] = useState<string | null>(null)
  const messageRef = useRef<HTMLDivElement>(null)
  const showMessage = useCallback((text: string | null) => {
    setMessage(text)
    if (text) requestAnimationFrame(() => messageRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' }))
  }, [])
  return { message, setMessage, showMessage, messageRef }
}

/** Spec 001 §2: on success the page says so and sends the shopper back to the device that showed the QR code. */
function UploadedPanel({ onAnother }: { onAnother: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null)
  // The button that was pressed is gone: the focus (and a screen reader) moves to the news.
  useEffect(() => headingRef.current?.focus(), [])
  return (
    <section
      aria-labelledby="foto-subida"
      className="rounded-3xl bg-white p-6 text-center ring-1 ring-brand-200 sm:p-10"
    >
      <div className="mx-auto flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <CheckIcon className="size-9" />
      </div>
      <h2
        ref={headingRef}
        id="foto-subida"
        tabIndex={-1}
        className="mt-5 scroll-mt-6 text-2xl font-semibold text-ink-900 focus:outline-none"
      >
        {UPLOAD_PAGE_MESSAGES.uploaded}
      </h2>
      <p className="mx-auto mt-3 max-w-md text-lg leading-relaxed text-ink-700">
        Vuelve al dispositivo donde escaneaste el código QR: tu foto ya llegó al asistente de piel.
      </p>
      <p className="mx-auto mt-2 max-w-md text-sm text-ink-600">Ya puedes cerrar esta página.</p>
      <button type="button" onClick={onAnother} className={`${buttonStyles.secondary} mt-6 min-h-12 px-6 text-base`}>
        Subir otra foto
      </button>
    </section>
  )
}

interface CameraButtonProps {
  label: string
  variant: 'primary' | 'secondary'
  disabled?: boolean
  onClick: () => void
}

function CameraButton({ label, variant, disabled = false, onClick }: CameraButtonProps) {
  const large = variant === 'primary'
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      className={`${buttonStyles[variant]} ${large ? 'min-h-14' : 'min-h-12'} text-base`}
    >
      <CameraIcon className={large ? 'size-6' : 'size-5'} />
      {label}
    </button>
  )
}

function StepNumber({ n }: { n: number }) {
  return (
    <span
      aria-hidden="true"
      className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-semibold text-white"
    >
      {n}
    </span>
  )
}

type GalleryButtonProps = {
  label: string
  variant: 'primary' | 'secondary'
  disabled: boolean
  inputRef: RefObject<HTMLInputElement | null>
  onFile: (file: File | undefined) => void
}

/** A file input dressed as a button: the label opens the gallery (or the files) of the phone. */
function GalleryButton({ label, variant, disabled, inputRef, onFile }: GalleryButtonProps) {
  return (
    <label
      className={`${buttonStyles[variant]} min-h-14 cursor-pointer text-base has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 ${
        disabled ? 'pointer-events-none opacity-60' : ''
      }`}
    >
      <input
        ref={inputRef}
        type="file"
        accept="image/*"
        disabled={disabled}
        onChange={(event) => onFile(event.target.files?.[0])}
        className="sr-only"
      />
      <ImageIcon className="size-6" />
      {label}
    </label>
  )
}

function PhotoStatus({
  checking,
  failedMessage,
  unchecked,
}: {
  checking: boolean
  failedMessage: string | null
  unchecked: boolean
}) {
  if (checking) {
    return (
      <p className="mt-3 flex items-center gap-2.5 text-ink-700">
        <span
          aria-hidden="true"
          className="size-4 rounded-full border-2 border-brand-200 border-t-brand-700 motion-safe:animate-spin"
        />
        Revisando tu foto…
      </p>
    )
  }
  if (unchecked) {
    return <p className="mt-3 text-sm text-ink-700">No pudimos revisar la foto aquí; el asistente la revisará.</p>
  }
  if (failedMessage) {
    return (
      <div className="mt-3 flex items-start gap-2 text-clay-600">
        <InfoIcon className="mt-0.5 size-5 shrink-0" />
        <div>
          <p className="font-medium">{failedMessage}</p>
          <p className="text-sm text-ink-700">Toma o elige otra foto.</p>
        </div>
      </div>
    )
  }
  return (
    <p className="mt-3 flex items-center gap-2 font-medium text-brand-800">
      <CheckIcon className="size-5 shrink-0" />
      Tu foto cumple los requisitos.
    </p>
  )
}

function UploadProgress({ value }: { value: number }) {
  const percent = Math.round(value * 100)
  return (
    <div>
      <div className="mb-1.5 flex justify-between text-sm text-ink-700">
        <span>Enviando la foto al asistente</span>
        <span className="tabular-nums">{percent} %</span>
      </div>
      <div
        role="progressbar"
        aria-label="Progreso de la subida"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-3 overflow-hidden rounded-full bg-sand-200"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  )
}

function DetectorNote({ status, onRetry }: { status: 'loading' | 'ready' | 'failed'; onRetry: () => void }) {
  if (status === 'ready') return null
  if (status === 'loading') {
    return (
      <p className="mt-4 flex items-center gap-2.5 text-sm text-ink-600">
        <span
          aria-hidden="true"
          className="size-3.5 rounded-full border-2 border-sand-300 border-t-brand-700 motion-safe:animate-spin"
        />
        Preparando la revisión automática de tu foto…
      </p>
    )
  }
  return (
    <div className="mt-4 rounded-2xl bg-sand-100 p-3 text-sm text-ink-700">
      No pudimos cargar la revisión automática de la foto. Revisa tu conexión.{' '}
      <button type="button" onClick={onRetry} className="font-semibold text-brand-700 underline underline-offset-2">
        Reintentar
      </button>
    </div>
  )
}

function Tips() {
  return (
    <div className="mt-5 rounded-2xl bg-sand-50 p-4">
      <p className="text-sm font-semibold text-ink-900">Para un buen análisis</p>
      <ul className="mt-2 grid gap-1.5 text-sm text-ink-700 sm:grid-cols-2">
        {[
          'Buena luz, de frente a una ventana',
          'Rostro de frente y centrado',
          'Sin gafas y con el cabello recogido',
          'Sin maquillaje, si es posible',
        ].map((tip) => (
          <li key={tip} className="flex gap-2">
            <CheckIcon className="mt-0.5 size-4 shrink-0 text-brand-600" />
            {tip}
          </li>
        ))}
      </ul>
    </div>
  )
}
