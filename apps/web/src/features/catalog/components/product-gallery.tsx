import { type KeyboardEvent, type PointerEvent, useRef, useState } from 'react'
import { CatalogImage } from '@/components/ui/catalog-image'
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/ui/icons'
import { PRODUCT_PLACEHOLDER_IMAGE } from '@/components/ui/product-image'

/** The catalogue's pictures are 640×640; width and height keep their box from jumping while they load. */
const IMAGE_SIZE = 640
const THUMB_SIZE = 72
/**
 * How wide the large picture is drawn. On the product page (`max-w-7xl px-4 sm:px-6 lg:px-8`) the whole width
 * until 1024 px, then the first of two columns (`1fr 1.05fr`, `gap-x-14`): 343 px on a 375-px phone, 566 px at
 * 1280. Compared side by side (`compact`), two columns (`gap-x-8`) from 768 px, three from 1024 px when there
 * are three products: the two-column width is the one asked (592 px at 1280).
 */
const IMAGE_SIZES = {
  page: '(min-width: 1280px) 566px, (min-width: 1024px) calc((100vw - 120px) / 2.05), (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)',
  compact:
    '(min-width: 1280px) 592px, (min-width: 1024px) calc(50vw - 48px), (min-width: 768px) calc(50vw - 40px), (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)',
}
/** Thumbnails are `size-14 sm:size-16` (`size-12` when compact). */
const THUMB_SIZES = '64px'
/** Horizontal travel (px) that counts as a swipe rather than a tap. */
const SWIPE_DISTANCE = 40

type ProductGalleryProps = {
  images: readonly string[]
  /** The product name, for the pictures' alternative text. */
  name: string
  soldOut?: boolean
  /** Smaller thumbnails when several products share the screen. */
  compact?: boolean
}

/**
 * The product's pictures: one large image and a row of thumbnails. Thumbnails are buttons (arrow keys move
 * between them), the large image has previous/next buttons, and on phones a sideways swipe changes it.
 */
export function ProductGallery({ images, name, soldOut = false, compact = false }: ProductGalleryProps) {
  const pictures = images.length > 0 ? images : [PRODUCT_PLACEHOLDER_IMAGE]
  const count = pictures.length
  const [selected, setSelected] = useState(0)
  const current = Math.min(selected, count - 1)
  const swipeStart = useRef<{ x: number; y: number } | null>(null)
  const thumbRefs = useRef<(HTMLButtonElement | null)[]>([])

  const show = (index: number) => setSelected((index + count) % count)

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse') return
    swipeStart.current = { x: event.clientX, y: event.clientY }
  }
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const start = swipeStart.current
    swipeStart.current = null
    if (!start || count < 2) return
    const dx = event.clientX - start.x
    const dy = event.clientY - start.y
    if (Math.abs(dx) < SWIPE_DISTANCE || Math.abs(dx) < Math.abs(dy)) return
    show(dx < 0 ? current + 1 : current - 1)
  }

  const onThumbKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowDown: index + 1,
      ArrowLeft: index - 1,
      ArrowUp: index - 1,
      Home: 0,
      End: count - 1,
    }
    const target = moves[event.key]
    if (target === undefined) return
    event.preventDefault()
    const next = (target + count) % count
    setSelected(next)
    thumbRefs.current[next]?.focus()
  }

  return (
    <div className="relative flex flex-col gap-3">
      <div
        className="relative touch-pan-y overflow-hidden rounded-3xl border border-sand-200 bg-white select-none"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          swipeStart.current = null
        }}
      >
        <CatalogImage
          key={pictures[current]}
          src={pictures[current]}
          alt={count > 1 ? `${name}, imagen ${current + 1} de ${count}` : name}
          sizes={compact ? IMAGE_SIZES.compact : IMAGE_SIZES.page}
          width={IMAGE_SIZE}
          priority={compact ? 'above-fold' : 'lcp'}
          draggable={false}
          className={`aspect-square w-full object-contain ${soldOut ? 'opacity-60 grayscale-[40%]' : ''}`}
        />
        {count > 1 && (
          <>
            {/* Phones and tablets: over the picture's edges, beside the swipe. Desktops: beside the thumbnails. */}
            <GalleryArrow
              step={-1}
              onClick={() => show(current - 1)}
              className="absolute top-1/2 left-2 -translate-y-1/2 lg:hidden"
            />
            <GalleryArrow
              step={1}
              onClick={() => show(current + 1)}
              className="absolute top-1/2 right-2 -translate-y-1/2 lg:hidden"
            />
            <p
              aria-live="polite"
              className="absolute right-3 bottom-3 rounded-full bg-ink-900/70 px-2.5 py-0.5 text-xs font-medium text-white tabular-nums"
            >
              <span className="sr-only">Imagen </span>
              {current + 1}
              <span aria-hidden="true"> / </span>
              <span className="sr-only"> de </span>
              {count}
            </p>
          </>
        )}
      </div>

      {count > 1 && (
        <ul aria-label={`Imágenes de ${name}`} className="flex flex-wrap gap-2 lg:pr-24">
          {pictures.map((src, index) => (
            <li key={src}>
              <button
                ref={(element) => {
                  thumbRefs.current[index] = element
                }}
                type="button"
                onClick={() => setSelected(index)}
                onKeyDown={(event) => onThumbKeyDown(event, index)}
                aria-label={`Ver imagen ${index + 1} de ${count}`}
                aria-current={index === current ? 'true' : undefined}
                tabIndex={index === current ? 0 : -1}
                className={`block overflow-hidden rounded-xl border-2 bg-white transition-colors ${
                  index === current ? 'border-brand-600' : 'border-sand-200 hover:border-sand-300'
                }`}
              >
                <CatalogImage
                  src={src}
                  alt=""
                  sizes={THUMB_SIZES}
                  width={THUMB_SIZE}
                  draggable={false}
                  className={`${compact ? 'size-12' : 'size-14 sm:size-16'} object-contain`}
                />
              </button>
            </li>
          ))}
        </ul>
      )}
      {count > 1 && (
        // Never over the picture on a desktop screen (issue 16): at the right end of the thumbnails.
        <div className={`absolute right-0 hidden gap-2 lg:flex ${compact ? 'bottom-1.5' : 'bottom-3.5'}`}>
          <GalleryArrow step={-1} onClick={() => show(current - 1)} />
          <GalleryArrow step={1} onClick={() => show(current + 1)} />
        </div>
      )}
    </div>
  )
}

/** "Imagen anterior" / "Imagen siguiente". */
function GalleryArrow({ step, onClick, className = '' }: { step: -1 | 1; onClick: () => void; className?: string }) {
  const Icon = step < 0 ? ChevronLeftIcon : ChevronRightIcon
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={step < 0 ? 'Imagen anterior' : 'Imagen siguiente'}
      className={`inline-flex size-10 items-center justify-center rounded-full bg-white/90 text-ink-700 shadow-sm shadow-ink-900/10 ring-1 ring-sand-200 transition-colors hover:bg-white hover:text-ink-900 ${className}`}
    >
      <Icon className="size-5" />
    </button>
  )
}
