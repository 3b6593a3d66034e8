import { MAX_PHOTO_BYTES, REVIEW_TEXTS, UPLOAD_MESSAGES } from '@piel/contracts/values'
import { useEffect, useId, useRef, useState } from 'react'
import { buttonStyles } from '@/components/ui/button-styles'
import { FieldError, labelClass } from '@/components/ui/form-field'

/** Why a chosen file cannot go with the review, checked before anything is sent (the server checks again). */
export function photoProblem(file: File): string | null {
  if (file.type !== '' && !file.type.startsWith('image/')) return UPLOAD_MESSAGES.notAnImage
  if (file.size > MAX_PHOTO_BYTES) return UPLOAD_MESSAGES.tooLarge
  return null
}

/**
 * "Agregar una foto (opcional)" of the buyer's review form (issue 35): a file input for any image (a phone offers its
 * camera and its gallery), then a preview thumbnail of the chosen photo and "Quitar foto". The photo is sent after
 * the review is created.
 */
export function ReviewPhotoField({ value, onChange }: { value: File | null; onChange: (file: File | null) => void }) {
  const inputId = useId()
  const errorId = useId()
  const hintId = useId()
  const input = useRef<HTMLInputElement>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [preview, setPreview] = useState<string | null>(null)
  useEffect(() => {
    if (!value) return setPreview(null)
    const url = URL.createObjectURL(value)
    setPreview(url)
    return () => URL.revokeObjectURL(url)
  }, [value])

  return (
    <div>
      <label htmlFor={inputId} className={labelClass}>
        {REVIEW_TEXTS.photoAdd}
      </label>
      {value && preview ? (
        <div className="mt-1 flex items-center gap-3">
          <img
            src={preview}
            alt="Vista previa de tu foto"
            width={80}
            height={80}
            className="size-20 shrink-0 rounded-xl border border-sand-200 bg-sand-50 object-cover"
          />
          <div className="min-w-0 text-sm text-ink-700">
            <p className="truncate">{value.name}</p>
            <button
              type="button"
              className={`${buttonStyles.secondary} mt-1.5 min-h-11`}
              onClick={() => {
                onChange(null)
                if (input.current) input.current.value = ''
                input.current?.focus()
              }}
            >
              {REVIEW_TEXTS.photoRemove}
            </button>
          </div>
        </div>
      ) : null}
      <input
        ref={input}
        id={inputId}
        type="file"
        accept="image/*"
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${hintId} ${errorId}` : hintId}
        className={
          value
            ? 'sr-only'
            : 'mt-1 block w-full max-w-full text-sm text-ink-700 file:mr-3 file:min-h-11 file:rounded-full file:border-0 file:bg-sand-100 file:px-4 file:py-2 file:font-semibold file:text-ink-900 hover:file:bg-sand-200'
        }
        onChange={(event) => {
          const file = event.currentTarget.files?.[0] ?? null
          const refused = file ? photoProblem(file) : null
          setProblem(refused)
          if (refused) event.currentTarget.value = ''
          onChange(refused ? null : file)
        }}
      />
      <p id={hintId} className="mt-1.5 text-sm text-ink-600">
        JPEG, PNG, WebP o HEIC de hasta 10 MB. Se publica con tu opinión.
      </p>
      <FieldError id={errorId} message={problem ?? undefined} />
    </div>
  )
}
