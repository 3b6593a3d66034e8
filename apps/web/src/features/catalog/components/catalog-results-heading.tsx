import type { Catalog } from '@piel/contracts'
import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'
import type { CatalogsState } from './catalog-tiles'

type CatalogResultsHeadingProps = {
  catalog: Catalog
  subcategory: Catalog['subCategorias'][number] | undefined
  /** How many products it holds, once known. */
  total: number | undefined
}

/**
 * The chosen catalogue's name (and sub-category) above its products, with their number. When a tile was chosen, its
 * products come into view and the focus moves here, so a screen reader follows the choice.
 */
export function CatalogResultsHeading({ catalog, subcategory, total }: CatalogResultsHeadingProps) {
  const location = useLocation()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const toResults = (location.state as CatalogsState)?.toResults === true

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per navigation (location.key).
  useEffect(() => {
    const heading = headingRef.current
    if (!toResults || !heading) return
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches
    heading.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' })
    heading.focus({ preventScroll: true })
  }, [location.key])

  return (
    <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-1 border-b border-sand-200 pb-4">
      <h2
        id="productos-del-catalogo"
        ref={headingRef}
        tabIndex={-1}
        className="scroll-mt-6 text-xl font-semibold tracking-tight focus:outline-none sm:text-2xl lg:scroll-mt-28"
      >
        {catalog.nombre}
        {subcategory && <span className="font-normal text-ink-600"> · {subcategory.nombre}</span>}
      </h2>
      {total !== undefined && (
        <p className="text-sm text-ink-600">
          {total} {total === 1 ? 'producto' : 'productos'}
        </p>
      )}
    </div>
  )
}
