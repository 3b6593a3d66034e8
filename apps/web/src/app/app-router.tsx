import {
  createContext,
  type ReactNode,
  use,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useTransition,
} from 'react'
import { type Location, type NavigationType, type Navigator, Router, UNSAFE_createBrowserHistory } from 'react-router'

const PendingContext = createContext(false)

/** Whether the shopper's last navigation is still loading (its page's code, most often). */
export const useNavigationPending = () => use(PendingContext)

const SCROLL_STORAGE_KEY = 'piel:scroll'
const MAX_KEPT_POSITIONS = 100

type Shown = { action: NavigationType; location: Location; keepScroll: boolean }

function readPositions() {
  try {
    const stored = JSON.parse(sessionStorage.getItem(SCROLL_STORAGE_KEY) ?? '{}') as unknown
    if (stored && typeof stored === 'object') {
      return new Map(Object.entries(stored).filter((entry): entry is [string, number] => typeof entry[1] === 'number'))
    }
  } catch {
    // Storage blocked or a foreign value: no positions to restore.
  }
  return new Map<string, number>()
}

function scrollToHash(hash: string) {
  if (!hash) return false
  let id = hash.slice(1)
  try {
    id = decodeURIComponent(id)
  } catch {
    // A malformed escape is looked up as typed.
  }
  const target = document.getElementById(id)
  target?.scrollIntoView()
  return target !== null
}

/**
 * The browser's router (decision 016): React Router's declarative `Router` over the browser's history, each
 * navigation in a transition — the page shown stays until the next one is ready, `useNavigationPending` says it is
 * loading — and the scroll handled as shoppers expect: a new page opens at its top (or its `#anchor`), the back
 * button returns to where the shopper was (also after a reload), a link with `preventScrollReset` keeps it.
 */
export function AppRouter({ children, onNavigate }: { children: ReactNode; onNavigate?: (pathname: string) => void }) {
  const [history] = useState(() => {
    // The first entry of a visit gets its own key (React Router leaves it "default"), so an address typed later in
    // the same tab is not taken for it and scrolled to its place; a reload keeps the key with the entry.
    const state = window.history.state as { key?: unknown } | null
    if (typeof state?.key !== 'string') {
      window.history.replaceState({ ...state, key: Math.random().toString(36).slice(2, 10) }, '')
    }
    return UNSAFE_createBrowserHistory({ v5Compat: true })
  })
  const [shown, setShown] = useState<Shown>(() => ({
    action: history.action,
    location: history.location,
    keepScroll: false,
  }))
  const [pending, startTransition] = useTransition()
  const positions = useRef<Map<string, number>>(null)
  positions.current ??= readPositions()
  const nextKeepsScroll = useRef(false)
  const shownKey = useRef(history.location.key)
  const [firstKey] = useState(history.location.key)

  const navigator = useMemo<Navigator>(
    () => ({
      createHref: history.createHref,
      encodeLocation: history.encodeLocation,
      go: history.go,
      push: (to, state, options) => {
        nextKeepsScroll.current = Boolean(options?.preventScrollReset)
        history.push(to, state)
      },
      replace: (to, state, options) => {
        nextKeepsScroll.current = Boolean(options?.preventScrollReset)
        history.replace(to, state)
      },
    }),
    [history],
  )

  useLayoutEffect(
    () =>
      history.listen(({ action, location }) => {
        // The page being left is still drawn: its position is the one to come back to.
        positions.current?.set(shownKey.current, window.scrollY)
        shownKey.current = location.key
        const keepScroll = nextKeepsScroll.current
        nextKeepsScroll.current = false
        onNavigate?.(location.pathname)
        startTransition(() => setShown({ action, location, keepScroll }))
      }),
    [history, onNavigate],
  )

  useEffect(() => {
    window.history.scrollRestoration = 'manual'
    const save = () => {
      positions.current?.set(shownKey.current, window.scrollY)
      // The latest places are enough to come back to; a long visit does not grow the storage without end.
      const kept = [...(positions.current ?? [])].slice(-MAX_KEPT_POSITIONS)
      try {
        sessionStorage.setItem(SCROLL_STORAGE_KEY, JSON.stringify(Object.fromEntries(kept)))
      } catch {
        // Storage full or blocked: the position is not kept across a reload.
      }
    }
    window.addEventListener('pagehide', save)
    return () => {
      window.removeEventListener('pagehide', save)
      window.history.scrollRestoration = 'auto'
    }
  }, [])

  // After the page of the new address is drawn.
  useLayoutEffect(() => {
    const { action, location, keepScroll } = shown
    const saved = positions.current?.get(location.key)
    const first = location.key === firstKey
    if ((first || action === 'POP') && saved !== undefined) window.scrollTo(0, saved)
    else if (scrollToHash(location.hash) || first || keepScroll) return
    else window.scrollTo(0, 0)
  }, [shown, firstKey])

  return (
    <PendingContext value={pending}>
      <Router location={shown.location} navigationType={shown.action} navigator={navigator}>
        {children}
      </Router>
    </PendingContext>
  )
}
