import { useEffect, useState } from 'react'
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

  useEffect(() => {
    if (!chatFlags.tourSeen()) setStep(0)
  }, [])

  if (step === null) return null
  const finish = () => {
    chatFlags.markTourSeen()
    setStep(null)
  }
  const current = STEPS[step] as (typeof STEPS)[number]
  const last = step === STEPS.length - 1

  return (
    <section
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
