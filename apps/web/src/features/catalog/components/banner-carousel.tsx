import type { CarouselSlide } from '@piel/contracts'
import { BANNER_INTERVAL_MS } from '@piel/contracts/values'
import {
  type FocusEvent,
  type PointerEvent,
  type ReactNode,
  type TouchEvent,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react'
import { Link } from 'react-router'
import { CatalogImage } from '@/components/ui/catalog-image'
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from '@/components/ui/icons'
import { BANNER_IMAGE_SIZES } from '../banner-images'

const reducedMotionQuery = '(prefers-reduced-motion: reduce)'
const subscribeReducedMotion = (onChange: () => void) => {
  const media = window.matchMedia(reducedMotionQuery)
  media.addEventListener('change', onChange)
  return () => media.removeEventListener('change', onChange)
}
const prefersReducedMotion = () => window.matchMedia(reducedMotionQuery).matches

const SWIPE_THRESHOLD_PX = 40

/**
 * Looping banner carousel with arrows only (spec 000 §2). Its slides are the ones the shop's staff left active in
 * the back office: text-free pictures with HTML copy on top. It advances every `BANNER_INTERVAL_MS`, pauses while
 * hovered or focused, has a pause button (WCAG 2.2.2) and never moves by itself when the visitor prefers reduced
 * motion. One slide alone stands still, without buttons.
 */
export function BannerCarousel({ slides }: { slides: readonly CarouselSlide[] }) {
  const [index, setIndex] = useState(0)
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  const [paused, setPaused] = useState(false)
  const reducedMotion = useSyncExternalStore(subscribeReducedMotion, prefersReducedMotion, () => true)
  const touchStartX = useRef<number | null>(null)

  const several = slides.length > 1
  const autoplay = several && !reducedMotion && !paused
  const running = autoplay && !hovered && !focused
  const go = (step: number) => setIndex((current) => (current + step + slides.length) % slides.length)

  useEffect(() => {
    if (!running) return
    // A timeout per slide, so a manual move restarts the full interval.
    const timer = window.setTimeout(() => setIndex((index + 1) % slides.length), BANNER_INTERVAL_MS)
    return () => window.clearTimeout(timer)
  }, [running, index, slides.length])

  const onPointer = (entering: boolean) => (event: PointerEvent) => {
    if (event.pointerType === 'mouse') setHovered(entering)
  }
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false)
  }
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStartX.current
    const end = event.changedTouches[0]?.clientX
    touchStartX.current = null
    if (start === null || end === undefined || Math.abs(end - start) < SWIPE_THRESHOLD_PX) return
    go(end < start ? 1 : -1)
  }

  return (
    <section
      aria-roledescription="carrusel"
      aria-label="Destacados"
      className="relative"
      onPointerEnter={onPointer(true)}
      onPointerLeave={onPointer(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
      onTouchStart={(event) => {
        touchStartX.current = event.touches[0]?.clientX ?? null
      }}
      onTouchEnd={onTouchEnd}
    >
      <div
        aria-live={running ? 'off' : 'polite'}
        className="relative h-[24rem] overflow-hidden bg-brand-100 sm:h-[22rem] sm:rounded-3xl lg:h-[26rem]"
      >
        {slides.map((slide, i) => {
          const active = i === index
          return (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern makes each slide a group; fieldset is for forms.
            <div
              key={slide.id}
              role="group"
              aria-roledescription="diapositiva"
              aria-label={`${i + 1} de ${slides.length}`}
              inert={!active}
              className={`absolute inset-0 transition-opacity duration-700 ease-out motion-reduce:transition-none ${
                active ? 'z-10 opacity-100' : 'opacity-0'
              }`}
            >
              <BannerSlide slide={slide} priority={i === 0} />
            </div>
          )
        })}
      </div>
      {/* Below the pictures, never over them: the banners draw their products on the right, down to the bottom. */}
      {several ? (
        <div className="flex items-center justify-end px-4 pt-3 sm:px-0">
          {/* `data-tour-avoid`: the assistant's first-visit tour keeps clear of these buttons (issue 35). */}
          <div data-tour-avoid className="flex items-center gap-2">
            <CarouselButton label="Diapositiva anterior" onClick={() => go(-1)}>
              <ChevronLeftIcon className="size-5" />
            </CarouselButton>
            {/* Without autoplay (reduced motion) there is nothing to pause. The style hides it, not the script: the
              server cannot know the setting, and a button appearing once the app takes over would move its row. */}
            <CarouselButton
              label={paused ? 'Reanudar carrusel' : 'Pausar carrusel'}
              onClick={() => setPaused(!paused)}
              className="motion-reduce:hidden"
            >
              {paused ? <PlayIcon className="size-4" /> : <PauseIcon className="size-4" />}
            </CarouselButton>
            <CarouselButton label="Diapositiva siguiente" onClick={() => go(1)}>
              <ChevronRightIcon className="size-5" />
            </CarouselButton>
          </div>
        </div>
      ) : (
        // The buttons' room kept: the page below stays where the server drew it.
        <div className="h-13" />
      )}
    </section>
  )
}

/**
 * One slide as the home page draws it: the picture filling the box, a shade for the copy's contrast, the copy and
 * its button. The back office draws its preview with it, so what the staff see is what shoppers get.
 */
export function BannerSlide({ slide, priority = false }: { slide: CarouselSlide; priority?: boolean }) {
  return (
    <>
      <CatalogImage
        kind="banner"
        src={slide.imagen}
        alt=""
        sizes={BANNER_IMAGE_SIZES}
        priority={priority ? 'lcp' : undefined}
        className="absolute inset-0 size-full object-cover"
      />
      <div className="absolute inset-0 bg-linear-to-t from-ink-900/80 via-ink-900/40 to-ink-900/0 sm:bg-linear-to-r sm:from-ink-900/70 sm:via-ink-900/30 sm:to-ink-900/0" />
      <div className="relative flex h-full flex-col justify-end px-5 pt-6 pb-8 sm:max-w-xl sm:justify-center sm:px-10 sm:pb-6 lg:max-w-2xl lg:px-14">
        {slide.antetitulo && (
          <p className="text-xs font-semibold tracking-[0.14em] text-clay-100 uppercase">{slide.antetitulo}</p>
        )}
        <h2 className="mt-2 text-[1.75rem] leading-tight font-semibold text-balance text-white sm:text-4xl lg:text-5xl">
          {slide.titulo}
        </h2>
        {slide.texto && (
          <p className="mt-3 max-w-md text-[0.95rem] leading-relaxed text-white/90 sm:text-base">{slide.texto}</p>
        )}
        <Link
          to={slide.enlace}
          data-on-dark
          className="mt-5 inline-flex self-start rounded-full bg-white px-5 py-2.5 text-sm font-semibold text-brand-800 shadow-sm transition-colors hover:bg-brand-50"
        >
          {slide.boton}
        </Link>
      </div>
    </>
  )
}

type CarouselButtonProps = { label: string; onClick: () => void; className?: string; children: ReactNode }

function CarouselButton({ label, onClick, className = '', children }: CarouselButtonProps) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className={`inline-flex size-10 items-center justify-center rounded-full bg-white text-ink-900 shadow-sm shadow-ink-900/10 ring-1 ring-sand-200 transition-colors hover:bg-sand-50 ${className}`}
    >
      {children}
    </button>
  )
}
