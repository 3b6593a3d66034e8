import { type ReactNode, type RefObject, useEffect, useId, useRef } from 'react'
import { CloseIcon } from './icons'

type ModalDialogProps = {
  open: boolean
  onClose: () => void
  title: ReactNode
  /** Read together with the title when the dialog opens. */
  description?: ReactNode
  /** `center` for a small confirmation, `form` for a short form, `sheet` for a panel that rises from the bottom of a phone screen. */
  variant?: 'center' | 'form' | 'sheet'
  /** Adds a close (×) button beside the title with this label. */
  closeLabel?: string
  /** The element that takes the focus on opening; otherwise the first focusable one. */
  initialFocusRef?: RefObject<HTMLElement | null>
  /** False for a dialog that must be answered: Escape and the backdrop do nothing, and it cannot be closed. */
  dismissible?: boolean
  children: ReactNode
}

const variants = {
  center: 'm-auto w-[calc(100%-2rem)] max-w-sm rounded-3xl',
  /** A centred dialog wide enough for a short form. */
  form: 'm-auto w-[calc(100%-1.5rem)] max-w-lg rounded-3xl',
  sheet:
    'mx-0 mt-auto mb-0 w-full max-w-none max-h-[88dvh] rounded-t-3xl motion-safe:transition-transform motion-safe:duration-200 motion-safe:starting:open:translate-y-full',
} as const

/**
 * A modal dialog on the native `<dialog>`: the browser keeps the focus inside, makes the page behind inert and
 * gives the focus back to the opener on closing. Escape and a tap on the backdrop close it. (Headless UI's Dialog
 * would redo in script, with a portal, what the browser's top layer already does; only the backdrop tap is ours.)
 */
export function ModalDialog({
  open,
  onClose,
  title,
  description,
  variant = 'center',
  closeLabel,
  initialFocusRef,
  dismissible = true,
  children,
}: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const descriptionId = useId()

  useEffect(() => {
    const dialog = ref.current
    if (!dialog || !open) return
    if (!dialog.open) dialog.showModal()
    initialFocusRef?.current?.focus()
    // The page behind must not scroll under a finger that drags the dialog.
    const previousOverflow = document.documentElement.style.overflow
    document.documentElement.style.overflow = 'hidden'
    return () => {
      document.documentElement.style.overflow = previousOverflow
      if (dialog.open) dialog.close()
    }
  }, [open, initialFocusRef])

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click closes on the backdrop only; keyboards close with Escape (onCancel).
    <dialog
      ref={ref}
      // Named only while open, when its title exists: a closed dialog sent by the server keeps no id the
      // browser's render would not share.
      aria-labelledby={open ? titleId : undefined}
      aria-describedby={open && description ? descriptionId : undefined}
      onCancel={(event) => {
        // Escape: the parent's state decides, so the dialog never closes behind React's back.
        event.preventDefault()
        if (dismissible) onClose()
      }}
      onClose={(event) => {
        // The browser may still close it (Chrome does on a second Escape): follow, or reopen one that must stay.
        if (!open) return
        if (dismissible) onClose()
        else event.currentTarget.showModal()
      }}
      onClick={(event) => {
        // Only the backdrop is the dialog element itself; the content fills it.
        if (dismissible && event.target === event.currentTarget) onClose()
      }}
      className={`bg-white p-0 text-ink-900 shadow-2xl shadow-ink-900/20 backdrop:bg-ink-900/45 ${variants[variant]}`}
    >
      {open && (
        <div className="flex max-h-[inherit] flex-col">
          <div className="flex items-start justify-between gap-4 px-5 pt-5 sm:px-6 sm:pt-6">
            <div>
              <h2 id={titleId} className="text-lg font-semibold text-ink-900">
                {title}
              </h2>
              {description && (
                <p id={descriptionId} className="mt-2 text-ink-600">
                  {description}
                </p>
              )}
            </div>
            {closeLabel && (
              <button
                type="button"
                onClick={onClose}
                aria-label={closeLabel}
                className="-mt-1.5 -mr-2 inline-flex size-10 shrink-0 items-center justify-center rounded-full text-ink-600 transition-colors hover:bg-sand-100 hover:text-ink-900"
              >
                <CloseIcon className="size-5" />
              </button>
            )}
          </div>
          {children}
        </div>
      )}
    </dialog>
  )
}
