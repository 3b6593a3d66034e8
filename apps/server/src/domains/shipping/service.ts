import { SHIPPING_MESSAGES, type ShippingZoneInput } from '@piel/contracts'
import { and, eq, isNull, or, sql } from 'drizzle-orm'
import type { Db } from '../../db'
import { AppError, badRequest, isUniqueViolation, notFound } from '../../shared/errors'
import { findDepartment, findMunicipality, listDepartments } from '../addresses'
import { recordAudit } from '../audit'
import { shippingSettings, shippingZones } from './tables'

/**
 * Shipping by destination (issue 35). A municipality is delivered to by its own active zone, else by its
 * department's; a paused (inactive) zone counts as absent. The cost is the zone's, or 0 when the order's
 * products (subtotal, IVA included) reach the shop's free-shipping purchase.
 */

export type ZoneRow = typeof shippingZones.$inferSelect

/** What shipping to one municipality costs and takes, before the free-shipping rule. */
export interface ShippingRule {
  cost: number
  daysMin: number | null
  daysMax: number | null
  /** The purchase from which shipping is free, or null. */
  freeFrom: number | null
}

/** The shipping of an order of `subtotal` under `rule`: its cost and whether the free-shipping rule made it 0. */
export function shippingCharge(rule: ShippingRule, subtotal: number): { cost: number; free: boolean } {
  const free = rule.freeFrom !== null && subtotal >= rule.freeFrom
  return { cost: free ? 0 : rule.cost, free }
}

/**
 * The rule for a municipality (DIVIPOLA, 5 digits): its own zone, else its department's; null when the
 * shop does not deliver there. One statement (the embedded database pays for each one it plans).
 */
export async function shippingRuleFor(db: Db, municipalityCode: string): Promise<ShippingRule | null> {
  const [row] = await db
    .select({
      cost: shippingZones.cost,
      daysMin: shippingZones.daysMin,
      daysMax: shippingZones.daysMax,
      freeFrom: sql<
        number | null
      >`(select ${shippingSettings.freeFrom} from ${shippingSettings} where ${shippingSettings.id} = 1)`,
    })
    .from(shippingZones)
    .where(
      and(
        eq(shippingZones.active, true),
        eq(shippingZones.departmentCode, municipalityCode.slice(0, 2)),
        or(eq(shippingZones.municipalityCode, municipalityCode), isNull(shippingZones.municipalityCode)),
      ),
    )
    .orderBy(sql`${shippingZones.municipalityCode} is null`)
    .limit(1)
  return row ?? null
}

/** The cheapest active zone and the free-shipping purchase (what a quote without an address says), in one statement. */
export async function shopShipping(db: Db): Promise<{ cheapest: number | null; freeFrom: number | null }> {
  const [row] = await db
    .select({
      cheapest: sql<
        number | null
      >`(select min(${shippingZones.cost}) from ${shippingZones} where ${shippingZones.active})`,
      freeFrom: sql<
        number | null
      >`(select ${shippingSettings.freeFrom} from ${shippingSettings} where ${shippingSettings.id} = 1)`,
    })
    .from(sql`(select 1) as one`)
  return { cheapest: row?.cheapest ?? null, freeFrom: row?.freeFrom ?? null }
}

async function freeFromOf(db: Db): Promise<number | null> {
  const [settings] = await db.select({ freeFrom: shippingSettings.freeFrom }).from(shippingSettings)
  return settings?.freeFrom ?? null
}

/** A department the shop delivers to: all of it, or only some of its municipalities. */
export interface CoveredDepartment {
  code: string
  name: string
  /** The whole department has a zone. */
  whole: boolean
  /** Municipalities with a zone of their own. */
  municipalities: string[]
}

export interface Coverage {
  /** In the order their first zone was made: the first is the address form's default. */
  departments: CoveredDepartment[]
  /** Every department of the country is delivered to as a whole. */
  wholeCountry: boolean
  cost: { min: number; max: number } | null
  days: { min: number; max: number } | null
  freeFrom: number | null
}

/** Where the shop delivers, from its active zones. */
export async function shippingCoverage(db: Db): Promise<Coverage> {
  const [zones, freeFrom] = await Promise.all([
    db.select().from(shippingZones).where(eq(shippingZones.active, true)).orderBy(shippingZones.id),
    freeFromOf(db),
  ])
  const byCode = new Map<string, CoveredDepartment>()
  for (const zone of zones) {
    const name = findDepartment(zone.departmentCode)?.name ?? zone.departmentCode
    const department = byCode.get(zone.departmentCode) ?? {
      code: zone.departmentCode,
      name,
      whole: false,
      municipalities: [],
    }
    byCode.set(zone.departmentCode, department)
    if (zone.municipalityCode === null) department.whole = true
    else department.municipalities.push(zone.municipalityCode)
  }
  const departments = [...byCode.values()]
  const costs = zones.map((zone) => zone.cost)
  const timed = zones.filter((zone) => zone.daysMin !== null && zone.daysMax !== null)
  return {
    departments,
    wholeCountry: listDepartments().every((department) => byCode.get(department.code)?.whole),
    cost: costs.length > 0 ? { min: Math.min(...costs), max: Math.max(...costs) } : null,
    days:
      timed.length > 0
        ? {
            min: Math.min(...timed.map((zone) => zone.daysMin as number)),
            max: Math.max(...timed.map((zone) => zone.daysMax as number)),
          }
        : null,
    freeFrom,
  }
}

/** A place as people read it: "Pasto (Nariño)", or the department alone. */
export function placeName(departmentCode: string, municipalityCode: string | null): string {
  const department = findDepartment(departmentCode)?.name ?? departmentCode
  if (municipalityCode === null) return department
  return `${findMunicipality(municipalityCode)?.name ?? municipalityCode} (${department})`
}

/** Every zone, paused ones too, departments by name and each department's municipalities after it. */
export async function listZones(db: Db): Promise<{ zones: ZoneRow[]; freeFrom: number | null }> {
  const [zones, freeFrom] = await Promise.all([db.select().from(shippingZones), freeFromOf(db)])
  const spanish = new Intl.Collator('es')
  const key = (zone: ZoneRow) => [
    findDepartment(zone.departmentCode)?.name ?? zone.departmentCode,
    zone.municipalityCode === null ? '' : (findMunicipality(zone.municipalityCode)?.name ?? zone.municipalityCode),
  ]
  zones.sort((a, b) => {
    const [da = '', ma = ''] = key(a)
    const [db_ = '', mb = ''] = key(b)
    return spanish.compare(da, db_) || spanish.compare(ma, mb)
  })
  return { zones, freeFrom }
}

export interface ZoneInput {
  departmentCode: string
  municipalityCode: string | null
  cost: number
  daysMin: number | null
  daysMax: number | null
  active: boolean
}

export const fromWireZone = (input: ShippingZoneInput): ZoneInput => ({
  departmentCode: input.departamento,
  municipalityCode: input.municipio ?? null,
  cost: input.costo,
  daysMin: input.diasMin,
  daysMax: input.diasMax,
  active: input.activa ?? true,
})

/** The zone's place must exist in DIVIPOLA (the schema already checked the codes' shape). */
function checkPlace(input: ZoneInput): void {
  const department = findDepartment(input.departmentCode)
  if (!department) throw badRequest('El departamento no existe.', { departamento: 'El departamento no existe.' })
  if (input.municipalityCode === null) return
  if (findMunicipality(input.municipalityCode)?.departmentCode !== department.code) {
    const message = `El municipio no pertenece al departamento ${department.name}.`
    throw badRequest(message, { municipio: message })
  }
}

const AUDIT_ENTITY = 'zona_envio'
const repeated = () =>
  new AppError(409, 'zona_repetida', SHIPPING_MESSAGES.zoneRepeated, { municipio: SHIPPING_MESSAGES.zoneRepeated })
const zoneNotFound = () => notFound(SHIPPING_MESSAGES.zoneNotFound)

const auditView = (zone: ZoneRow) => ({
  lugar: placeName(zone.departmentCode, zone.municipalityCode),
  costo: zone.cost,
  diasMin: zone.daysMin,
  diasMax: zone.daysMax,
  activa: zone.active,
})

export async function createZone(db: Db, input: ZoneInput, by: number | null): Promise<ZoneRow> {
  checkPlace(input)
  try {
    return await db.transaction(async (tx) => {
      const [zone] = await tx.insert(shippingZones).values(input).returning()
      if (!zone) throw new Error('the zone was not stored')
      await recordAudit(tx, {
        by,
        entity: AUDIT_ENTITY,
        entityId: zone.id,
        action: 'crear',
        before: null,
        after: auditView(zone),
      })
      return zone
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw repeated()
    throw error
  }
}

export async function updateZone(db: Db, id: number, input: ZoneInput, by: number | null): Promise<ZoneRow> {
  checkPlace(input)
  try {
    return await db.transaction(async (tx) => {
      const [before] = await tx.select().from(shippingZones).where(eq(shippingZones.id, id)).for('update')
      if (!before) throw zoneNotFound()
      const [zone] = await tx
        .update(shippingZones)
        .set({ ...input, updatedAt: new Date() })
        .where(eq(shippingZones.id, id))
        .returning()
      if (!zone) throw zoneNotFound()
      await recordAudit(tx, {
        by,
        entity: AUDIT_ENTITY,
        entityId: id,
        action: 'editar',
        before: auditView(before),
        after: auditView(zone),
      })
      return zone
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw repeated()
    throw error
  }
}

export async function deleteZone(db: Db, id: number, by: number | null): Promise<void> {
  await db.transaction(async (tx) => {
    const [zone] = await tx.delete(shippingZones).where(eq(shippingZones.id, id)).returning()
    if (!zone) throw zoneNotFound()
    await recordAudit(tx, {
      by,
      entity: AUDIT_ENTITY,
      entityId: id,
      action: 'eliminar',
      before: auditView(zone),
      after: null,
    })
  })
}

export async function setFreeFrom(db: Db, freeFrom: number | null, by: number | null): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(shippingSettings).for('update')
    await tx
      .insert(shippingSettings)
      .values({ id: 1, freeFrom })
      .onConflictDoUpdate({ target: shippingSettings.id, set: { freeFrom, updatedAt: new Date() } })
    await recordAudit(tx, {
      by,
      entity: 'envio_gratis',
      entityId: 1,
      action: 'editar',
      before: { envioGratisDesde: before?.freeFrom ?? null },
      after: { envioGratisDesde: freeFrom },
    })
  })
}

/** What the first start makes the zones of: the configuration's departments, cost and delivery days. */
export interface InitialZones {
  departmentCodes: readonly string[]
  cost: number
  days: { min: number; max: number } | undefined
}

/**
 * On the first start (no settings row yet) the zones are made from the configuration (`ADDRESS_DEPARTMENTS`,
 * `SHIPPING_COST_COP`, `SHIPPING_BUSINESS_DAYS`): each department whole, at that cost. From then on the back
 * office owns them. Several processes starting at once make them once: the settings row is the lock.
 */
export async function ensureShippingZones(db: Db, initial: InitialZones): Promise<void> {
  for (const code of initial.departmentCodes) {
    if (!findDepartment(code)) throw new Error(`ADDRESS_DEPARTMENTS: ${code} is not a DIVIPOLA department code`)
  }
  await db.transaction(async (tx) => {
    const made = await tx.insert(shippingSettings).values({ id: 1 }).onConflictDoNothing().returning()
    if (made.length === 0) return
    const zones = initial.departmentCodes.map((departmentCode) => ({
      departmentCode,
      municipalityCode: null,
      cost: initial.cost,
      daysMin: initial.days?.min ?? null,
      daysMax: initial.days?.max ?? null,
    }))
    if (zones.length > 0) await tx.insert(shippingZones).values(zones)
  })
}
