import { FILTER_PAGE_SIZE } from '@piel/contracts/values'
import { buttonStyles } from '@/components/ui/button-styles'
import { useInfiniteScroll } from '../use-infinite-scroll'

type LoadMoreProps = {
  hasNextPage: boolean
  isFetchingNextPage: boolean
  /** The last attempt to load a page failed: wait for the shopper instead of retrying by scrolling. */
  failed: boolean
  onLoadMore: () => void
  shown: number
  total: number
}

/**
 * Infinite scroll (spec 000 §4: 12 more near the bottom), placed right after the grid: its sentinel starts the next
 * page half a screen before the end of the list is reached, also after a jump past it (End, a fling), and keeps loading
 * while the list does not fill the screen (`useInfiniteScroll`). The `Cargar más` button does the same for
 * keyboards, screen readers and browsers without IntersectionObserver.
 */
export function LoadMore({ hasNextPage, isFetchingNextPage, failed, onLoadMore, shown, total }: LoadMoreProps) {
  const sentinelRef = useInfiniteScroll({ canLoad: hasNextPage && !isFetchingNextPage && !failed, onLoadMore })

  return (
    // Not a scroll anchor: a page added above must not keep the viewport at the list's end (Chrome's scroll
    // anchoring did, and each new page then asked for the next, to the last one).
    <div className="mt-8 flex flex-col items-center gap-3 text-center [overflow-anchor:none]">
      <div ref={sentinelRef} data-list-end aria-hidden="true" className="h-px w-full" />
      {total > 0 && (
        <p className="text-sm text-ink-600">
          Mostrando {shown} de {total} {total === 1 ? 'producto' : 'productos'}
        </p>
      )}
      <div className="flex min-h-11 flex-wrap items-center justify-center gap-3">
        <div role="status">
          {isFetchingNextPage ? (
            <p className="inline-flex h-11 items-center gap-2 text-sm font-medium text-ink-700">
              <span
                aria-hidden="true"
                className="size-4 rounded-full border-2 border-brand-200 border-t-brand-700 motion-safe:animate-spin"
              />
              Cargando más productos…
            </p>
          ) : failed ? (
            <p className="text-sm text-clay-600">No pudimos cargar más productos.</p>
          ) : !hasNextPage && shown > FILTER_PAGE_SIZE ? (
            <p className="text-sm text-ink-500">Ya viste todos los productos.</p>
          ) : null}
        </div>
        {hasNextPage && !isFetchingNextPage && (
          <button type="button" onClick={onLoadMore} className={buttonStyles.secondary}>
            {failed ? 'Reintentar' : 'Cargar más'}
          </button>
        )}
      </div>
    </div>
  )
}
