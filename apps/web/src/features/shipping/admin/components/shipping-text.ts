import type { ShippingZone } from '@piel/contracts'
import { deliveryDaysText, formatCop } from '@piel/contracts/values'

/** "Pasto (Nariño)" for a municipality's zone, "Nariño (todo el departamento)" for a department's. */
export const placeOf = (zone: ShippingZone) =>
  zone.municipio
    ? `${zone.nombreMunicipio ?? zone.municipio} (${zone.nombreDepartamento})`
    : `${zone.nombreDepartamento} (todo el departamento)`

/** "2 a 4 días hábiles", or "Sin estimado" when the zone promises no days. */
export const deliveryText = (zone: Pick<ShippingZone, 'diasMin' | 'diasMax'>) =>
  zone.diasMin !== null && zone.diasMax !== null ? deliveryDaysText(zone.diasMin, zone.diasMax) : 'Sin estimado'

/**
 * A peso amount as typed ("12.000", "$ 12000", "12000"): thousands' dots, spaces and the sign are left out. Empty, or
 * anything else that is no number, is `NaN`, which the contract refuses as it refuses a fraction.
 */
export function pesosOf(text: string): number {
  const digits = text.replace(/[\s.$]/g, '')
  return digits === '' ? Number.NaN : Number(digits)
}

/** `pesosText(12000)` → "12.000": an amount in a field, as it is read (and typed back). */
export const pesosText = (value: number) => formatCop(value).replace('$ ', '')
