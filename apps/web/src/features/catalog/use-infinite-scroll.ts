import { useCallback, useEffect, useRef } from 'react'

/**
 * How far below the viewport the next page starts loading, in screen heights: half a screen (400 px on a 1280×800
 * desktop, where the first page's end lies 700 px below the fold, so opening a list still asks for one page).
 */
const LOOKAHEAD_SCREENS = 0.5
/** Without `scrollend` (older Safari), how long the page must stay still for a scroll to count as ended. */
const SCROLL_SETTLE_MS = 150

type InfiniteScrollOptions = {
  /** A next page exists, none is on its way, and the last one did not fail. */
  canLoad: boolean
  onLoadMore: () => void
}

const lookahead = () => window.innerHeight * LOOKAHEAD_SCREENS

/** Where the sentinel is: in the viewport or within the look-ahead below it, further below, or above the viewport. */
function placeOf(sentinel: Element): 'near' | 'below' | 'passed' {
  const { top, bottom } = sentinel.getBoundingClientRect()
  if (top > window.innerHeight + lookahead()) return 'below'
  return bottom < 0 ? 'passed' : 'near'
}

/**
 * Infinite scroll (spec 000 §4: 12 more near the bottom) on a sentinel placed right after the list. Returns the ref
 * for the sentinel.
 *
 * - An IntersectionObserver with a look-ahead of half a screen loads the next page as the shopper scrolls towards it.
 * - A jump (the End key, a fling, the scrollbar) can carry the sentinel from below the viewport to above it between
 *   two frames, where the observer never sees it: once the scrolling stops, a sentinel left behind loads one page.
 *   Another jump past it counts once the sentinel has been below the viewport again; the browser's own scrolling
 *   (scroll anchoring keeps a footer in view while a page grows above it) never loads page after page.
 * - When a page arrives and the sentinel is still in sight (a tall screen, a short page), the next one loads, until
 *   the viewport is filled or the list ends.
 *
 * Never two requests at once: nothing loads until `canLoad` is true again. Without IntersectionObserver nothing
 * loads by itself; the list's "Cargar más" button remains for that, and for keyboards and screen readers.
 */
export function useInfiniteScroll({ canLoad, onLoadMore }: InfiniteScrollOptions) {
  const sentinelRef = useRef<HTMLDivElement>(null)
  const latest = useRef({ canLoad, onLoadMore })
  /** The last word on the sentinel was "near" (the observer's, or a scroll's end): worth checking again later. */
  const watching = useRef(false)
  /** A jump past the sentinel may load: it has been below the viewport since the last one did. */
  const jumpArmed = useRef(true)

  useEffect(() => {
    latest.current = { canLoad, onLoadMore }
  })

  const load = useCallback(() => {
    if (!latest.current.canLoad) return
    // Until the next render says otherwise: a second trigger in the same frame asks for nothing.
    latest.current.canLoad = false
    latest.current.onLoadMore()
  }, [])

  useEffect(() => {
    const sentinel = sentinelRef.current
    if (!sentinel || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => {
        watching.current = entries.some((entry) => entry.isIntersecting)
        if (watching.current) load()
        else if (placeOf(sentinel) === 'below') jumpArmed.current = true
      },
      { rootMargin: `0px 0px ${LOOKAHEAD_SCREENS * 100}% 0px` },
    )
    observer.observe(sentinel)

    const onScrollEnd = () => {
      const place = placeOf(sentinel)
      if (place === 'below') {
        jumpArmed.current = true
        return
      }
      if (!latest.current.canLoad || (place === 'passed' && !jumpArmed.current)) return
      if (place === 'passed') jumpArmed.current = false
      watching.current = true
      load()
    }
    let settle: number | undefined
    const onScroll = () => {
      window.clearTimeout(settle)
      settle = window.setTimeout(onScrollEnd, SCROLL_SETTLE_MS)
    }
    const endEvent = 'onscrollend' in window ? 'scrollend' : 'scroll'
    const listener = endEvent === 'scrollend' ? onScrollEnd : onScroll
    window.addEventListener(endEvent, listener, { passive: true })
    return () => {
      observer.disconnect()
      window.removeEventListener(endEvent, listener)
      window.clearTimeout(settle)
    }
  }, [load])

  // A page arrived (or a failure was retried): the observer says nothing while the sentinel stays in sight.
  useEffect(() => {
    const sentinel = sentinelRef.current
    if (!canLoad || !watching.current || !sentinel) return
    watching.current = placeOf(sentinel) === 'near'
    if (watching.current) load()
  }, [canLoad, load])

  return sentinelRef
}
