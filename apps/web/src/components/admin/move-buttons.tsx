import { useLayoutEffect, useRef } from 'react'
import { buttonStyles } from '@/components/ui/button-styles'
import { ChevronDownIcon } from '@/components/ui/icons'

/*
 * Ordering a list in the back office (the catalogue tree, the home carousel): «Subir» and «Bajar» buttons, so the
 * order changes from the keyboard as well as by touch, and the keyboard's focus kept on them as the row moves.
 */

/** The ids of a list with one of them moved a place up (-1) or down (+1). */
export function moved<T extends { id: number }>(items: readonly T[], index: number, step: -1 | 1) {
  const ids = items.map((item) => item.id)
  const other = ids[index + step]
  const self = ids[index]
  if (other === undefined || self === undefined) return null
  ids[index + step] = self
  ids[index] = other
  return ids
}

/** After a move the buttons are drawn again elsewhere: the focus goes back to the same one (or its pair, at an end). */
export function useRefocus(drawn: unknown) {
  const target = useRef<{ id: string; pair: string } | null>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once the tree that moved is drawn.
  useLayoutEffect(() => {
    if (!target.current) return
    const { id, pair } = target.current
    target.current = null
    const button = document.getElementById(id) as HTMLButtonElement | null
    if (button && !button.disabled) button.focus()
    else document.getElementById(pair)?.focus()
  }, [drawn])
  return {
    /** The move of the buttons `prefix` is being saved: focus them again once it is drawn. */
    after: (prefix: string, step: -1 | 1) => {
      const [same, other] = step < 0 ? ['subir', 'bajar'] : ['bajar', 'subir']
      target.current = { id: `${prefix}-${same}`, pair: `${prefix}-${other}` }
    },
    /** The move was refused: nothing is drawn again, nothing to focus. */
    cancel: () => {
      target.current = null
    },
  }
}

/**
 * «Subir» and «Bajar»: buttons, so the order changes from the keyboard as well as by touch. While a move is saved
 * they are only `aria-disabled` (the click is ignored): a disabled button would drop the keyboard's focus.
 */
export function MoveButtons({
  idPrefix,
  named,
  first,
  last,
  busy,
  onMove,
  tone = 'plain',
}: {
  idPrefix: string
  named: string
  first: boolean
  last: boolean
  busy: boolean
  onMove: (step: -1 | 1) => void
  tone?: 'plain' | 'tile'
}) {
  // Faded by colour, not `opacity`: Chromium drew a see-through disabled button on a tile in cyan.
  const style = `${buttonStyles.icon} disabled:cursor-not-allowed disabled:text-ink-900/25 disabled:hover:bg-transparent aria-disabled:cursor-wait ${
    tone === 'tile' ? 'bg-white/70 hover:bg-white disabled:bg-white/35 disabled:hover:bg-white/35' : ''
  }`
  return (
    <span className={`flex ${tone === 'tile' ? 'gap-1.5' : ''}`}>
      <button
        id={`${idPrefix}-subir`}
        type="button"
        onClick={() => onMove(-1)}
        disabled={first}
        aria-disabled={busy || undefined}
        aria-label={`Subir ${named}`}
        title="Subir"
        className={style}
      >
        <ChevronDownIcon className="size-4.5 rotate-180" strokeWidth="2" />
      </button>
      <button
        id={`${idPrefix}-bajar`}
        type="button"
        onClick={() => onMove(1)}
        disabled={last}
        aria-disabled={busy || undefined}
        aria-label={`Bajar ${named}`}
        title="Bajar"
        className={style}
      >
        <ChevronDownIcon className="size-4.5" strokeWidth="2" />
      </button>
    </span>
  )
}
