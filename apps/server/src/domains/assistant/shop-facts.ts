import type { ShopFacts } from '@piel/assistant'
import type { Config } from '../../config'
import { addressDepartments, listDepartments } from '../addresses'

/**
 * What the advisor may say of the shop, from the store's configuration only: the departments of the
 * address form (`ADDRESS_DEPARTMENTS`; every one of them reads "todo el país"), the shipping cost
 * (`SHIPPING_COST_COP`) and the delivery time (`SHIPPING_BUSINESS_DAYS`, when set).
 */
export function shopFactsOf(
  config: Pick<Config, 'ADDRESS_DEPARTMENTS' | 'SHIPPING_COST_COP' | 'SHIPPING_BUSINESS_DAYS'>,
): ShopFacts {
  const codes = new Set(config.ADDRESS_DEPARTMENTS)
  return {
    departamentos: addressDepartments(config.ADDRESS_DEPARTMENTS).map((d) => d.name),
    todoElPais: listDepartments().every((d) => codes.has(d.code)),
    envio: config.SHIPPING_COST_COP,
    diasEntrega: config.SHIPPING_BUSINESS_DAYS,
  }
}
