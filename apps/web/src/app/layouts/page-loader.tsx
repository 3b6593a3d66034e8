import { Logo } from '@/components/ui/logo'

/** Shown only while the first lazy page of a visit loads. */
export function PageLoader() {
  return (
    <div className="flex min-h-dvh items-center justify-center" role="status">
      <Logo className="h-10 w-auto opacity-80 motion-safe:animate-pulse" />
      <span className="sr-only">Cargando…</span>
    </div>
  )
}
