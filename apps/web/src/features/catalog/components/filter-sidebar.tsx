import type { ReactNode } from 'react'
import { Skeleton } from '@/components/ui/skeleton'

/** Wide screens (from `lg`; hidden below): the filter panel in a sticky column beside the results. */
export function FilterSidebar({ children }: { children: ReactNode }) {
  return (
    <aside
      aria-labelledby="filtros-titulo"
      className="sticky top-24 hidden max-h-[calc(100dvh-7.5rem)] flex-col self-start rounded-2xl border border-sand-200 bg-white p-5 lg:flex"
    >
      <h2 id="filtros-titulo" className="mb-4 text-lg font-semibold">
        Filtros
      </h2>
      {children}
    </aside>
  )
}

/** Stands for the filter form while its code arrives (a moment on a slow connection). */
export function FilterPanelLoading() {
  return (
    <div className="space-y-5" role="status" aria-label="Cargando filtros">
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="space-y-3">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-10 w-full rounded-xl" />
        </div>
      ))}
    </div>
  )
}
