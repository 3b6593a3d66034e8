import { type CSSProperties, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import { buttonStyles } from '@/components/ui/button-styles'
import { CloseIcon } from '@/components/ui/icons'
import { chatFlags } from '../chat-flags'

const STEPS = [
  {
    title: 'Conoce a tu asistente de piel',
    text: 'Analiza una foto de tu rostro y te explica, en palabras sencillas, siete aspectos de tu piel.',
  },
  {
    title: 'Una foto desde tu teléfono',
    text: 'Escanea el código QR del asistente, toma la foto de frente y con buena luz: el resultado llega al chat.',
  },
  {
    title: 'Tu rutina, con productos de la tienda',
    text: 'Recibe una rutina de mañana y noche, elige los productos que te gusten y compara tu piel una semana después.',
  },
] as const

/**
 * Spec 001 §2: the first visit to /home shows a short assistant tour. Three cards in the corner of the bubble,
 * never blocking the page; closing it or reaching the end marks it seen in this browser.
 */
export function AssistantTour({ chatPath }: { chatPath: string }) {
  const [step, setStep] = useState<number | null>(null)
  const card = useRef<HTMLElement>(null)
  const [place, setPlace] = useState<CSSProperties>({})

  useEffect(() => {
    if (!chatFlags.tourSeen()) setStep(0)
  }, [])

  // The card sits above the bubble unless that covers controls marked `data-tour-avoid` (the carousel's arrows, issue
  // 35): then it moves beside them, else below, else above them; as the page scrolls or resizes.
  useLayoutEffect(() => {
    if (step === null) return
    const update = () => setPlace(clearOf(card.current, document.querySelector('[data-tour-avoid]')))
    update()
    window.addEventListener('scroll', update, { passive: true })
    window.addEventListener('resize', update)
    return () => {
      window.removeEventListener('scroll', update)
      window.removeEventListener('resize', update)
    }
  }, [step])

  if (step === null) return null
  const finish = () => {
    chatFlags.markTourSeen()
    setStep(null)
  }
  const current = STEPS[step] as (typeof STEPS)[number]
  const last = step === STEPS.length - 1

  return (
    <section
      ref={card}
      style={place}
      aria-label="Recorrido del asistente de piel"
      className="fixed right-3 bottom-22 z-40 w-[min(20rem,calc(100vw-1.5rem))] rounded-3xl bg-white p-4 text-base text-ink-900 shadow-2xl shadow-ink-900/25 ring-1 ring-sand-200 sm:right-6 sm:bottom-24"
    >
      <div className="flex items-start justify-between gap-2">
        <p className="text-xs font-semibold tracking-[0.12em] text-clay-600 uppercase">
          Paso {step + 1} de {STEPS.length}
        </p>
        <button
          type="button"
          onClick={finish}
          aria-label="Cerrar el recorrido"
          className="-mt-1 -mr-1 inline-flex size-9 items-center justify-center rounded-full text-ink-600 hover:bg-sand-100"
        >
          <CloseIcon className="size-4" />
        </button>
      </div>
      <h2 className="mt-1 font-semibold">{current.title}</h2>
      <p className="mt-1 text-sm leading-relaxed text-ink-700">{current.text}</p>
      <div className="mt-3 flex items-center justify-end gap-2">
        {last ? (
          <>
            <button type="button" onClick={finish} className={`${buttonStyles.ghost} min-h-10`}>
              Ahora no
            </button>
            <Link to={chatPath} onClick={finish} className={`${buttonStyles.primary} min-h-10`}>
              Probar el asistente
            </Link>
          </>
        ) : (
          <button type="button" onClick={() => setStep(step + 1)} className={`${buttonStyles.primary} min-h-10`}>
            Siguiente
          </button>
        )}
      </div>
    </section>
  )
}

const GAP = 12

/**
 * Where the tour's card goes so that it does not cover `avoid`: nothing to change when the card, in its own place
 * (the style's), does not overlap it; else to its left, below it or above it, whichever fits in the window first.
 */
export function clearOf(card: HTMLElement | null, avoid: Element | null): CSSProperties {
  if (!card || !avoid) return {}
  const { innerWidth: width, innerHeight: height } = window
  // The card's own place: the class's right offset (12 px, 24 px from 640 px), its bottom as laid out by the class.
  const right = width >= 640 ? 24 : 12
  const box = card.getBoundingClientRect()
  const own = { left: width - right - box.width, right: width - right }
  const a = avoid.getBoundingClientRect()
  const bottom = height - (width >= 640 ? 96 : 88)
  const top = bottom - box.height
  const overlaps = own.left < a.right && a.left < own.right && top < a.bottom && a.top < bottom
  if (!overlaps) return {}
  if (a.left - GAP - box.width >= GAP) return { right: width - a.left + GAP }
  if (a.bottom + GAP + box.height <= height - GAP) return { top: a.bottom + GAP, bottom: 'auto' }
  if (a.top - GAP - box.height >= GAP) return { bottom: height - a.top + GAP }
  return {}
}
