import type { ShopFacts } from '@piel/assistant'
import type { Db } from '../../db'
import { shippingCoverage } from '../shipping'

/**
 * What the advisor may say of the shop's shipping, from its shipping zones as they are now (issue 35): the
 * departments delivered to (all of them read "todo el país"), the cheapest and dearest shipping, the
 * free-shipping purchase and the delivery days (the shortest and longest the zones state; none, no promise).
 */
export async function shopFactsOf(db: Db): Promise<ShopFacts> {
  const coverage = await shippingCoverage(db)
  return {
    departamentos: coverage.departments.map((department) => department.name),
    todoElPais: coverage.wholeCountry,
    envio: coverage.cost?.min ?? 0,
    envioHasta: coverage.cost?.max,
    gratisDesde: coverage.freeFrom,
    diasEntrega: coverage.days ?? undefined,
  }
}
