import { MAX_PHOTO_BYTES, MAX_PRODUCT_IMAGES } from '@piel/contracts/values'
import { type ChangeEvent, useEffect, useId, useMemo, useState } from 'react'
import { buttonStyles } from '@/components/ui/button-styles'

/** A picture in the editor: stored (`clave`) or chosen on this computer and not uploaded yet (`file`). */
export type EditorImage = { id: string; url: string; clave?: string; file?: File }

type ProductImagesProps = {
  images: readonly EditorImage[]
  /** Files chosen in the picker, in order. */
  onAdd: (files: File[]) => void
  /** The pictures kept, in their new order (the first is the main one). */
  onChange: (images: EditorImage[]) => void
  busy?: boolean
  /** Shown over the list (an upload's failure). */
  error?: string | null
}

const ACCEPT = 'image/jpeg,image/png,image/webp'

/** Local previews of chosen files, released when they leave. */
export function usePendingImages() {
  const [files, setFiles] = useState<{ id: string; file: File }[]>([])
  const images = useMemo(
    () => files.map(({ id, file }) => ({ id, file, url: URL.createObjectURL(file) }) as EditorImage),
    [files],
  )
  useEffect(
    () => () => {
      for (const image of images) URL.revokeObjectURL(image.url)
    },
    [images],
  )
  return {
    images,
    add: (chosen: File[]) =>
      setFiles((current) => [...current, ...chosen.map((file) => ({ id: crypto.randomUUID(), file }))]),
    set: (next: EditorImage[]) =>
      setFiles(next.flatMap((image) => (image.file ? [{ id: image.id, file: image.file }] : []))),
    clear: () => setFiles([]),
  }
}

/** Files the server would refuse for their size or type, named in Spanish before anything is sent. */
export function checkImageFiles(files: File[], room: number): { ok: File[]; problems: string[] } {
  const problems: string[] = []
  const ok: File[] = []
  for (const file of files) {
    if (!ACCEPT.split(',').includes(file.type)) problems.push(`${file.name}: no es una imagen JPEG, PNG o WebP.`)
    else if (file.size > MAX_PHOTO_BYTES) problems.push(`${file.name}: pesa más de 10 MB.`)
    else if (ok.length >= room) problems.push(`${file.name}: un producto tiene máximo ${MAX_PRODUCT_IMAGES} imágenes.`)
    else ok.push(file)
  }
  return { ok, problems }
}

/**
 * The product's pictures: chosen from the computer (several at once), put in order, one made the main one, removed.
 * The first is the one lists and the product page show first.
 */
export function ProductImages({ images, onAdd, onChange, busy = false, error }: ProductImagesProps) {
  const inputId = useId()
  const [problems, setProblems] = useState<string[]>([])
  const room = MAX_PRODUCT_IMAGES - images.length

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const { ok, problems: found } = checkImageFiles([...(event.target.files ?? [])], room)
    setProblems(found)
    if (ok.length > 0) onAdd(ok)
    event.target.value = ''
  }
  const move = (from: number, to: number) => {
    const next = [...images]
    const [item] = next.splice(from, 1)
    if (item) next.splice(to, 0, item)
    onChange(next)
  }

  return (
    <div aria-busy={busy}>
      {(error || problems.length > 0) && (
        <ul role="alert" className="mb-3 space-y-1 rounded-xl bg-clay-100 px-4 py-3 text-sm font-medium text-clay-600">
          {error && <li>{error}</li>}
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      {images.length === 0 ? (
        <p className="rounded-xl border border-dashed border-sand-300 px-4 py-6 text-center text-sm text-ink-600">
          Sin imágenes: la tienda muestra un dibujo en su lugar.
        </p>
      ) : (
        <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {images.map((image, index) => (
            <li key={image.id} className="overflow-hidden rounded-xl border border-sand-200 bg-white">
              <div className="relative">
                <img
                  src={image.file ? image.url : `${image.url}?w=320`}
                  alt={`Imagen ${index + 1}${index === 0 ? ' (principal)' : ''}`}
                  width={320}
                  height={320}
                  className="aspect-square w-full bg-sand-50 object-contain"
                />
                {index === 0 && (
                  <span className="absolute top-2 left-2 rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">
                    Principal
                  </span>
                )}
                {image.file && (
                  <span className="absolute top-2 right-2 rounded-full bg-white/90 px-2 py-0.5 text-xs font-semibold text-ink-700">
                    Por subir
                  </span>
                )}
              </div>
              <div className="flex flex-wrap items-center justify-between gap-1 p-1.5">
                <div className="flex">
                  <button
                    type="button"
                    disabled={busy || index === 0}
                    onClick={() => move(index, index - 1)}
                    aria-label={`Mover la imagen ${index + 1} antes`}
                    className={buttonStyles.icon}
                  >
                    ←
                  </button>
                  <button
                    type="button"
                    disabled={busy || index === images.length - 1}
                    onClick={() => move(index, index + 1)}
                    aria-label={`Mover la imagen ${index + 1} después`}
                    className={buttonStyles.icon}
                  >
                    →
                  </button>
                </div>
                {index > 0 && (
                  <button
                    type="button"
                    disabled={busy}
                    onClick={() => move(index, 0)}
                    className="rounded-full px-2 py-1 text-xs font-semibold text-brand-800 hover:bg-brand-50"
                  >
                    Principal
                  </button>
                )}
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => onChange(images.filter((_, i) => i !== index))}
                  aria-label={`Quitar la imagen ${index + 1}`}
                  className="rounded-full px-2 py-1 text-xs font-semibold text-clay-600 hover:bg-clay-100"
                >
                  Quitar
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <label
          htmlFor={inputId}
          className={`${buttonStyles.secondary} cursor-pointer has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60`}
        >
          {busy ? 'Subiendo…' : 'Agregar imágenes'}
          <input
            id={inputId}
            type="file"
            accept={ACCEPT}
            multiple
            disabled={busy || room <= 0}
            onChange={pick}
            className="sr-only"
          />
        </label>
        <span className="text-sm text-ink-600">
          JPEG, PNG o WebP, hasta 10 MB cada una; máximo {MAX_PRODUCT_IMAGES}. Se guardan cuadradas, sin metadatos.
        </span>
      </div>
    </div>
  )
}
