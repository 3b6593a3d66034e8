import type { Catalog } from '@piel/contracts'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { ChevronRightIcon } from '@/components/ui/icons'
import { CatalogIcon } from '@/components/ui/page-icons'
import { Skeleton } from '@/components/ui/skeleton'
import { paths } from '@/lib/paths'

/** `colorFondo` comes from the shop's data: only a hex colour reaches the style. */
const tileColor = (color: string) => (/^#[0-9a-f]{3,8}$/i.test(color) ? color : '#f3e9df')

/**
 * A catalogue's tile as the shop draws it: its colour behind what it holds. The back office's catalogue tree draws
 * its catalogues with it too, so staff see each one as shoppers will.
 */
export function CatalogTileFrame({
  color,
  className = '',
  children,
}: {
  color: string
  className?: string
  children: ReactNode
}) {
  return (
    <div
      style={{ backgroundColor: tileColor(color) }}
      className={`flex h-full flex-col rounded-3xl p-4 sm:p-5 ${className}`}
    >
      {children}
    </div>
  )
}

/** A catalogue's icon on its tile: drawn in a white square. */
export function CatalogTileIcon({ icon }: { icon: string }) {
  return (
    <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-white/85 text-brand-800 shadow-sm shadow-ink-900/5">
      <CatalogIcon name={icon} className="size-6" />
    </span>
  )
}

/** Navigation state set by a tile: the products below come into view once they are chosen. */
export type CatalogsState = { toResults?: boolean } | null

/** The store's catalogues as coloured tiles, each with its sub-categories; the chosen one is outlined. */
export function CatalogTiles({
  catalogs,
  selectedId,
  selectedSubId,
}: {
  catalogs: readonly Catalog[]
  selectedId: number | undefined
  selectedSubId: number | undefined
}) {
  return (
    <ul aria-label="Catálogos" className="grid gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-4">
      {catalogs.map((catalog) => (
        <li key={catalog.id}>
          <CatalogTile
            catalog={catalog}
            selected={catalog.id === selectedId}
            selectedSubId={catalog.id === selectedId ? selectedSubId : undefined}
          />
        </li>
      ))}
    </ul>
  )
}

/** The chosen catalogue's sub-categories as chips, after "Todo el catálogo". */
export function SubcategoryChips({ catalog, selectedSubId }: { catalog: Catalog; selectedSubId: number | undefined }) {
  if (catalog.subCategorias.length === 0) return null
  return (
    <ul aria-label={`Categorías de ${catalog.nombre}`} className="mt-4 flex flex-wrap gap-2">
      <li>
        <FilterChip to={paths.catalogs(catalog.id)} current={selectedSubId === undefined}>
          Todo el catálogo
        </FilterChip>
      </li>
      {catalog.subCategorias.map((sub) => (
        <li key={sub.id}>
          <FilterChip to={paths.catalogs(catalog.id, sub.id)} current={sub.id === selectedSubId}>
            {sub.nombre}
          </FilterChip>
        </li>
      ))}
    </ul>
  )
}

function CatalogTile({
  catalog,
  selected,
  selectedSubId,
}: {
  catalog: Catalog
  selected: boolean
  selectedSubId: number | undefined
}) {
  return (
    <CatalogTileFrame
      color={catalog.colorFondo}
      className={`transition-shadow ${
        selected ? 'shadow-md ring-2 shadow-ink-900/5 ring-brand-600' : 'ring-1 ring-ink-900/5 hover:shadow-md'
      }`}
    >
      <Link
        to={paths.catalogs(catalog.id)}
        state={{ toResults: true } satisfies CatalogsState}
        preventScrollReset
        aria-current={selected && selectedSubId === undefined ? 'true' : undefined}
        className="group flex items-center gap-3 rounded-2xl"
      >
        <CatalogTileIcon icon={catalog.icono} />
        <span className="min-w-0 flex-1 text-base leading-snug font-semibold text-ink-900 group-hover:underline">
          {catalog.nombre}
        </span>
        <ChevronRightIcon className="size-4 shrink-0 text-ink-600 transition-transform group-hover:translate-x-0.5" />
      </Link>
      {catalog.subCategorias.length > 0 && (
        <ul aria-label={`Categorías de ${catalog.nombre}`} className="mt-3 flex flex-wrap gap-1.5">
          {catalog.subCategorias.map((sub) => {
            const current = sub.id === selectedSubId
            return (
              <li key={sub.id}>
                <Link
                  to={paths.catalogs(catalog.id, sub.id)}
                  state={{ toResults: true } satisfies CatalogsState}
                  preventScrollReset
                  aria-current={current ? 'true' : undefined}
                  className={`inline-flex min-h-8 items-center rounded-full px-3 py-1 text-[0.8rem] font-medium transition-colors ${
                    current ? 'bg-brand-700 text-white' : 'bg-white/75 text-ink-700 hover:bg-white hover:text-ink-900'
                  }`}
                >
                  {sub.nombre}
                </Link>
              </li>
            )
          })}
        </ul>
      )}
    </CatalogTileFrame>
  )
}

function FilterChip({ to, current, children }: { to: string; current: boolean; children: string }) {
  return (
    <Link
      to={to}
      preventScrollReset
      aria-current={current ? 'true' : undefined}
      className={`inline-flex min-h-9 items-center rounded-full border px-3.5 py-1.5 text-sm font-medium transition-colors ${
        current
          ? 'border-brand-700 bg-brand-700 text-white'
          : 'border-sand-300 bg-white text-ink-700 hover:border-brand-700 hover:text-brand-800'
      }`}
    >
      {children}
    </Link>
  )
}

export function CatalogTilesSkeleton() {
  return (
    <div role="status" className="grid gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-4">
      <span className="sr-only">Cargando catálogos…</span>
      {['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((key) => (
        <div key={key} aria-hidden="true" className="rounded-3xl bg-white p-4 ring-1 ring-sand-200 sm:p-5">
          <div className="flex items-center gap-3">
            <Skeleton className="size-12 rounded-2xl" />
            <Skeleton className="h-5 w-32" />
          </div>
          <div className="mt-3 flex flex-wrap gap-1.5">
            <Skeleton className="h-7 w-24 rounded-full" />
            <Skeleton className="h-7 w-28 rounded-full" />
            <Skeleton className="h-7 w-20 rounded-full" />
          </div>
        </div>
      ))}
    </div>
  )
}
