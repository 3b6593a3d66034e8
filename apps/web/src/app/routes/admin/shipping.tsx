import { ShippingPanel } from '@/features/shipping/admin/components/shipping-panel'

/**
 * `/admin/envios` (issue 35): where the shop delivers and what it costs. Each zone is a whole department or one of
 * its municipalities, with its cost and delivery days; a municipality's own zone wins over its department's, a
 * paused zone counts as absent, and a place without an active zone is not delivered to. Above the zones, the
 * purchase from which shipping is free.
 */
export function Component() {
  return (
    <div className="mt-6">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Envíos</h1>
      <p className="mt-1 max-w-2xl text-sm leading-relaxed text-ink-600">
        Cada zona es un departamento entero o un municipio; un municipio con zona propia tiene precedencia sobre su
        departamento. A los lugares sin zona activa no se envía.
      </p>
      <ShippingPanel />
    </div>
  )
}
