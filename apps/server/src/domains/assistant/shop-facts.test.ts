import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { openTestDatabase } from '../../../test/database'
import type { Database } from '../../db'
import { createZone, ensureShippingZones, setFreeFrom } from '../shipping'
import { shopFactsOf } from './shop-facts'

let database: Database

beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(() => database.close())

describe('what the advisor may say of the shop: its shipping zones as they are now', () => {
  test('the first start from the default configuration: Nariño, Cauca and Putumayo, $ 5.000, no promised time', async () => {
    await ensureShippingZones(database.db, { departmentCodes: ['52', '19', '86'], cost: 5000, days: undefined })
    expect(await shopFactsOf(database.db)).toEqual({
      departamentos: ['Nariño', 'Cauca', 'Putumayo'],
      todoElPais: false,
      envio: 5000,
      envioHasta: 5000,
      gratisDesde: null,
      diasEntrega: undefined,
    })
  })

  test('a zone added in the back office and a free-shipping purchase are said at once', async () => {
    const zone = { municipalityCode: null, daysMin: 3, daysMax: 6, active: true }
    await createZone(database.db, { ...zone, departmentCode: '11', cost: 12_000 }, null)
    await setFreeFrom(database.db, 150_000, null)
    const facts = await shopFactsOf(database.db)
    expect(facts.departamentos).toEqual(['Nariño', 'Cauca', 'Putumayo', 'Bogotá, D.C.'])
    expect(facts).toMatchObject({
      envio: 5000,
      envioHasta: 12_000,
      gratisDesde: 150_000,
      diasEntrega: { min: 3, max: 6 },
    })
  })
})
