import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { CloseIcon } from './icons'

type ToastTone = 'success' | 'info' | 'warning' | 'error'
type ToastItem = { id: number; tone: ToastTone; message: string; durationMs: number }
/** `durationMs`: how long this notice stays, when a flow fixes it (the payment notices of spec 001 §9). */
type ToastOptions = { durationMs?: number }

/** How long a notice stays; errors stay longer because they usually ask the shopper to do something. */
const DURATION_MS: Record<ToastTone, number> = { success: 4500, info: 5000, warning: 7000, error: 8000 }
const MAX_VISIBLE = 3

let items: readonly ToastItem[] = []
let nextId = 1
const listeners = new Set<() => void>()

function emit(next: readonly ToastItem[]) {
  items = next
  for (const listener of listeners) listener()
}

function push(tone: ToastTone, message: string, options: ToastOptions = {}) {
  // The same notice twice in a row (a double tap) is shown once.
  const last = items.at(-1)
  if (last && last.tone === tone && last.message === message) return last.id
  const id = nextId++
  const durationMs = options.durationMs ?? DURATION_MS[tone]
  emit([...items, { id, tone, message, durationMs }].slice(-MAX_VISIBLE))
  return id
}

export function dismissToast(id: number) {
  emit(items.filter((item) => item.id !== id))
}

/** Short notices in Spanish. They work from anywhere (hooks, mutation callbacks) once `<Toaster />` is mounted. */
export const toast = {
  success: (message: string, options?: ToastOptions) => push('success', message, options),
  info: (message: string, options?: ToastOptions) => push('info', message, options),
  warning: (message: string, options?: ToastOptions) => push('warning', message, options),
  error: (message: string, options?: ToastOptions) => push('error', message, options),
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
const getItems = () => items
const getServerItems = (): readonly ToastItem[] => []

const toneStyles: Record<ToastTone, { box: string; dot: string; label: string }> = {
  success: { box: 'border-brand-200 bg-white', dot: 'bg-brand-600', label: 'Éxito' },
  info: { box: 'border-sand-300 bg-white', dot: 'bg-ink-500', label: 'Aviso' },
  warning: { box: 'border-clay-300 bg-white', dot: 'bg-clay-500', label: 'Advertencia' },
  error: { box: 'border-clay-300 bg-clay-100', dot: 'bg-clay-600', label: 'Error' },
}

/**
 * The notices' live regions. Both regions exist before any notice arrives, so screen readers announce each
 * one: success and information politely, warnings and errors at once.
 *
 * Not sonner: it announces every notice in one polite region (an error would wait its turn) and has one position for
 * every screen size; these few lines keep the urgent announcements and the phone (bottom) / desktop (top right)
 * placement.
 */
export function Toaster() {
  const all = useSyncExternalStore(subscribe, getItems, getServerItems)
  const polite = all.filter((item) => item.tone === 'success' || item.tone === 'info')
  const urgent = all.filter((item) => item.tone === 'warning' || item.tone === 'error')
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-3 z-[60] flex flex-col items-center gap-2 px-3 sm:inset-x-auto sm:top-24 sm:right-6 sm:bottom-auto sm:items-end sm:px-0">
      <div role="alert" className="flex w-full flex-col items-center gap-2 sm:items-end">
        {urgent.map((item) => (
          <Toast key={item.id} item={item} />
        ))}
      </div>
      <div role="status" aria-live="polite" className="flex w-full flex-col items-center gap-2 sm:items-end">
        {polite.map((item) => (
          <Toast key={item.id} item={item} />
        ))}
      </div>
    </div>
  )
}

function Toast({ item }: { item: ToastItem }) {
  const [paused, setPaused] = useState(false)
  const remaining = useRef(item.durationMs)

  useEffect(() => {
    if (paused) return
    const startedAt = Date.now()
    const timer = window.setTimeout(() => dismissToast(item.id), remaining.current)
    return () => {
      window.clearTimeout(timer)
      remaining.current = Math.max(1500, remaining.current - (Date.now() - startedAt))
    }
  }, [paused, item.id])

  const styles = toneStyles[item.tone]
  return (
    // Hovering or focusing a notice keeps it on screen for as long as the shopper needs to read it.
    // biome-ignore lint/a11y/noStaticElementInteractions: pausing is a convenience; the notice is also announced.
    <div
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-2xl border py-3 pr-2 pl-4 text-sm text-ink-900 shadow-lg shadow-ink-900/10 motion-safe:transition motion-safe:duration-200 motion-safe:starting:translate-y-2 motion-safe:starting:opacity-0 ${styles.box}`}
    >
      <span aria-hidden="true" className={`mt-1.5 size-2 shrink-0 rounded-full ${styles.dot}`} />
      <p className="min-w-0 flex-1 py-0.5 font-medium">
        <span className="sr-only">{styles.label}: </span>
        <span>{item.message}</span>
      </p>
      <button
        type="button"
        onClick={() => dismissToast(item.id)}
        aria-label="Cerrar aviso"
        className="-my-1 inline-flex size-8 shrink-0 items-center justify-center rounded-full text-ink-500 transition-colors hover:bg-ink-900/5 hover:text-ink-900"
      >
        <CloseIcon className="size-4" />
      </button>
    </div>
  )
}
