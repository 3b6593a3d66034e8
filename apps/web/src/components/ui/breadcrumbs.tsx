import { Link } from 'react-router'
import { ChevronRightIcon } from './icons'

export type Crumb = { label: string; to?: string }

/** "Inicio › Catálogo › Producto": every crumb but the last is a link; the last one is the current page. */
export function Breadcrumbs({ items, className = '' }: { items: readonly Crumb[]; className?: string }) {
  return (
    <nav aria-label="Ruta de navegación" className={className}>
      <ol className="flex flex-wrap items-center gap-x-1.5 gap-y-1 text-sm text-ink-500">
        {items.map((item, index) => {
          const last = index === items.length - 1
          return (
            <li key={item.label} className="flex min-w-0 items-center gap-1.5">
              {item.to && !last ? (
                <Link to={item.to} className="rounded hover:text-brand-700 hover:underline">
                  {item.label}
                </Link>
              ) : (
                <span aria-current={last ? 'page' : undefined} className={last ? 'line-clamp-1 text-ink-700' : ''}>
                  {item.label}
                </span>
              )}
              {!last && <ChevronRightIcon className="size-3.5 shrink-0 text-ink-500/70" />}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
