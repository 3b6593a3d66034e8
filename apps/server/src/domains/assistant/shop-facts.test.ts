import { describe, expect, test } from 'vitest'
import { loadConfig } from '../../config'
import { listDepartments } from '../addresses'
import { shopFactsOf } from './shop-facts'

describe('what the advisor may say of the shop', () => {
  test('the default configuration: Nariño, Cauca and Putumayo, $ 5.000, no promised delivery time', () => {
    expect(shopFactsOf(loadConfig({}))).toEqual({
      departamentos: ['Nariño', 'Cauca', 'Putumayo'],
      todoElPais: false,
      envio: 5000,
      diasEntrega: undefined,
    })
  })

  test('every department configured reads as the whole country; the delivery time comes from SHIPPING_BUSINESS_DAYS', () => {
    const all = listDepartments().map((d) => d.code)
    const facts = shopFactsOf(
      loadConfig({ ADDRESS_DEPARTMENTS: all.join(','), SHIPPING_COST_COP: '9000', SHIPPING_BUSINESS_DAYS: '2-4' }),
    )
    expect(facts.todoElPais).toBe(true)
    expect(facts.departamentos).toHaveLength(all.length)
    expect(facts.envio).toBe(9000)
    expect(facts.diasEntrega).toEqual({ min: 2, max: 4 })
  })
})
