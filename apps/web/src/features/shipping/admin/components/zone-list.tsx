import type { ShippingZone } from '@piel/contracts'
import { buttonStyles } from '@/components/ui/button-styles'
import { formatCop } from '@/lib/format'
import { useToggleZone } from '../shipping-api'
import { deliveryText, placeOf } from './shipping-text'

const COLUMNS = 'lg:grid-cols-[minmax(0,1.6fr)_minmax(0,0.8fr)_minmax(0,1.1fr)_6rem_auto]'

/** What a paused zone means for its place: which zone applies meanwhile, or that nothing is delivered there. */
function pausedNote(zone: ShippingZone, zones: ShippingZone[]): string {
  const sameDepartment = zones.filter((other) => other.departamento === zone.departamento && other.activa)
  if (zone.municipio) {
    return sameDepartment.some((other) => other.municipio === null)
      ? `Mientras esté pausada, rige la zona de ${zone.nombreDepartamento}.`
      : `Mientras esté pausada, no se envía a ${zone.nombreMunicipio ?? zone.municipio}.`
  }
  return sameDepartment.some((other) => other.municipio !== null)
    ? `Mientras esté pausada, en ${zone.nombreDepartamento} solo se envía a los municipios con zona propia activa.`
    : `Mientras esté pausada, no se envía a ${zone.nombreDepartamento}.`
}

/**
 * The zones as the server lists them (departments by name, each one's municipalities after it): a table on a wide
 * screen, a card each on a phone. Each can be edited, paused or made active again, and deleted (after asking).
 */
export function ZoneList({
  zones,
  onEdit,
  onDelete,
}: {
  zones: ShippingZone[]
  onEdit: (zone: ShippingZone) => void
  onDelete: (zone: ShippingZone) => void
}) {
  const toggle = useToggleZone()

  return (
    <ul
      aria-label="Zonas de envío"
      className="divide-y divide-sand-200 overflow-hidden rounded-2xl border border-sand-200 bg-white"
    >
      <li
        aria-hidden="true"
        className={`hidden bg-sand-50 px-5 py-2.5 text-xs font-semibold tracking-wide text-ink-600 uppercase lg:grid lg:gap-4 ${COLUMNS}`}
      >
        <span>Lugar</span>
        <span>Costo</span>
        <span>Entrega</span>
        <span>Estado</span>
        <span className="w-64" />
      </li>
      {zones.map((zone) => {
        const place = placeOf(zone)
        const busy = toggle.isPending && toggle.variables?.id === zone.id
        return (
          <li
            key={zone.id}
            className={`grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-1.5 px-5 py-4 lg:gap-y-0 ${COLUMNS}`}
          >
            <div className={`min-w-0 ${zone.municipio ? 'lg:pl-4' : ''}`}>
              <p className="font-semibold text-ink-900">
                {zone.municipio ? (zone.nombreMunicipio ?? zone.municipio) : zone.nombreDepartamento}
              </p>
              <p className="text-sm text-ink-600">
                {zone.municipio ? `Municipio de ${zone.nombreDepartamento}` : 'Todo el departamento'}
              </p>
              {!zone.activa && <p className="mt-1 text-sm text-ink-600">{pausedNote(zone, zones)}</p>}
            </div>
            <p className="col-start-1 text-sm text-ink-900 lg:col-start-auto">
              <span className="text-ink-600 lg:sr-only">Costo: </span>
              {formatCop(zone.costo)}
            </p>
            <p className="col-start-1 text-sm text-ink-700 lg:col-start-auto">
              <span className="text-ink-600 lg:sr-only">Entrega: </span>
              {deliveryText(zone)}
            </p>
            <p className="col-start-2 row-start-1 self-start lg:col-start-auto lg:row-start-auto lg:self-center">
              <span className="sr-only">Estado: </span>
              <span
                className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${
                  zone.activa ? 'bg-brand-100 text-brand-800' : 'bg-sand-100 text-ink-600'
                }`}
              >
                {zone.activa ? 'Activa' : 'Pausada'}
              </span>
            </p>
            <div className="col-span-2 -mx-3 mt-1 flex flex-wrap gap-1 lg:col-span-1 lg:mx-0 lg:mt-0 lg:w-64 lg:justify-end">
              <button
                type="button"
                className={buttonStyles.ghost}
                aria-label={`Editar la zona de ${place}`}
                onClick={() => onEdit(zone)}
              >
                Editar
              </button>
              <button
                type="button"
                className={buttonStyles.ghost}
                aria-label={`${zone.activa ? 'Pausar' : 'Activar'} la zona de ${place}`}
                disabled={busy}
                onClick={() => toggle.mutate(zone)}
              >
                {busy ? (zone.activa ? 'Pausando…' : 'Activando…') : zone.activa ? 'Pausar' : 'Activar'}
              </button>
              <button
                type="button"
                className={`${buttonStyles.ghost} text-clay-600`}
                aria-label={`Eliminar la zona de ${place}`}
                onClick={() => onDelete(zone)}
              >
                Eliminar
              </button>
            </div>
          </li>
        )
      })}
    </ul>
  )
}
