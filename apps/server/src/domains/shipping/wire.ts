import { formatCop, type ShippingCoverage, type ShippingQuote, type ShippingZone } from '@piel/contracts'
import { findDepartment, findMunicipality } from '../addresses'
import type { Coverage, ShippingRule, ZoneRow } from './service'
import { shippingCharge } from './service'

export const toWireZone = (zone: ZoneRow): ShippingZone => ({
  id: zone.id,
  departamento: zone.departmentCode,
  nombreDepartamento: findDepartment(zone.departmentCode)?.name ?? zone.departmentCode,
  municipio: zone.municipalityCode,
  nombreMunicipio: zone.municipalityCode === null ? null : (findMunicipality(zone.municipalityCode)?.name ?? null),
  costo: zone.cost,
  costoMoneda: formatCop(zone.cost),
  diasMin: zone.daysMin,
  diasMax: zone.daysMax,
  activa: zone.active,
})

export const toWireCoverage = (coverage: Coverage): ShippingCoverage => ({
  departamentos: coverage.departments.map((department) => ({
    codigo: department.code,
    nombre: department.name,
    todos: department.whole,
    municipios: department.municipalities,
  })),
  todoElPais: coverage.wholeCountry,
  costoMinimo: coverage.cost?.min ?? null,
  costoMaximo: coverage.cost?.max ?? null,
  diasMin: coverage.days?.min ?? null,
  diasMax: coverage.days?.max ?? null,
  envioGratisDesde: coverage.freeFrom,
})

/**
 * Where a quote's shipping stands: priced for the address (`rule`), not delivered there (`rule` null), or
 * not yet known (no address: `place` undefined), with the cheapest zone and the free-shipping purchase.
 */
export function toWireShippingQuote(
  subtotal: number,
  place: string | undefined,
  rule: ShippingRule | null,
  shop: { cheapest: number | null; freeFrom: number | null },
): ShippingQuote {
  const freeFrom = rule ? rule.freeFrom : shop.freeFrom
  const missing = freeFrom === null || subtotal >= freeFrom ? null : freeFrom - subtotal
  const common = { envioGratisDesde: freeFrom, faltaParaGratis: missing }
  if (place === undefined) {
    return {
      estado: 'por_calcular',
      lugar: null,
      costo: null,
      gratis: freeFrom !== null && subtotal >= freeFrom,
      diasMin: null,
      diasMax: null,
      desde: shop.cheapest,
      ...common,
    }
  }
  if (rule === null) {
    return {
      estado: 'sin_cobertura',
      lugar: place,
      costo: null,
      gratis: false,
      diasMin: null,
      diasMax: null,
      desde: null,
      ...common,
    }
  }
  const charge = shippingCharge(rule, subtotal)
  return {
    estado: 'calculado',
    lugar: place,
    costo: charge.cost,
    gratis: charge.free,
    diasMin: rule.daysMin,
    diasMax: rule.daysMax,
    desde: null,
    ...common,
  }
}
