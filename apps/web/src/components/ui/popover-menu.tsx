import { type ReactNode, type ToggleEvent, useEffect, useId, useRef, useState } from 'react'
import { useLocation } from 'react-router'

type PopoverMenuProps = {
  /** The button's content, open or closed. */
  button: (open: boolean) => ReactNode
  buttonClassName: string
  /** The button's accessible name when its content has none (an icon), open or closed. */
  buttonLabel?: (open: boolean) => string
  /** The panel's place, size, border, background and padding (the browser's defaults for a popover are replaced). */
  panelClassName: string
  /**
   * `anchored`: the panel opens below the button, aligned to its right edge (a dropdown);
   * `page`: the panel keeps the place its classes give it on the page (the phone menu under the header).
   */
  placement: 'anchored' | 'page'
  /** The panel's content; `open` lets a form inside start afresh each time the panel opens. */
  children: (close: () => void, open: boolean) => ReactNode
}

/**
 * A menu panel on the browser's own Popover API (`popover`, `popovertarget`): Escape, a tap outside,
 * the focus going back to the button and `aria-expanded` are the browser's, with no library in the
 * page's first load (issue 16). It also closes on every navigation.
 */
export function PopoverMenu({
  button,
  buttonClassName,
  buttonLabel,
  panelClassName,
  placement,
  children,
}: PopoverMenuProps) {
  const id = useId()
  const buttonRef = useRef<HTMLButtonElement>(null)
  const panelRef = useRef<HTMLDivElement>(null)
  const [open, setOpen] = useState(false)
  const { key } = useLocation()

  const close = () => {
    if (panelRef.current?.matches(':popover-open')) panelRef.current.hidePopover()
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new location key is the reason to close.
  useEffect(close, [key])

  const onToggle = (event: ToggleEvent<HTMLDivElement>) => {
    const opening = event.newState === 'open'
    setOpen(opening)
    const panel = panelRef.current
    const anchor = buttonRef.current?.getBoundingClientRect()
    if (!opening || placement !== 'anchored' || !panel || !anchor) return
    // The panel lives in the top layer: placed under its button, by the button's place in the window.
    panel.style.top = `${anchor.bottom + 8}px`
    panel.style.right = `${document.documentElement.clientWidth - anchor.right}px`
  }

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        popoverTarget={id}
        aria-label={buttonLabel?.(open)}
        data-open={open || undefined}
        className={buttonClassName}
      >
        {button(open)}
      </button>
      <div
        ref={panelRef}
        id={id}
        popover="auto"
        onToggle={onToggle}
        className={`m-0 text-inherit ${placement === 'anchored' ? 'fixed left-auto' : 'absolute'} ${panelClassName}`}
      >
        {children(close, open)}
      </div>
    </>
  )
}
