import type { Db } from '../src/db'
import { shippingSettings, shippingZones } from '../src/domains/shipping/tables'

/**
 * The demo shop's shipping (issue 35): Pasto, where the shop is, costs least and arrives soonest; the rest
 * of Nariño, Cauca and Putumayo cost more and take longer; shipping is free from $ 150.000. A shop of its
 * own sets its zones in the back office («Envíos»); these replace the first start's zones on a new demo.
 */
export const DEMO_SHIPPING = {
  freeFrom: 150_000,
  zones: [
    { departmentCode: '52', municipalityCode: '52001', cost: 5_000, daysMin: 1, daysMax: 2 },
    { departmentCode: '52', municipalityCode: null, cost: 8_000, daysMin: 2, daysMax: 4 },
    { departmentCode: '19', municipalityCode: null, cost: 10_000, daysMin: 3, daysMax: 5 },
    { departmentCode: '86', municipalityCode: null, cost: 12_000, daysMin: 3, daysMax: 6 },
  ],
} as const

/** Replaces the zones and the free-shipping purchase with the demo's, in one transaction. */
export async function seedDemoShipping(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(shippingZones)
    await tx.insert(shippingZones).values(DEMO_SHIPPING.zones.map((zone) => ({ ...zone })))
    await tx
      .insert(shippingSettings)
      .values({ id: 1, freeFrom: DEMO_SHIPPING.freeFrom })
      .onConflictDoUpdate({ target: shippingSettings.id, set: { freeFrom: DEMO_SHIPPING.freeFrom } })
  })
}
