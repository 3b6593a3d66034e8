import { ADDRESS_MESSAGES, DOCUMENT_TYPES, MAX_ADDRESSES_PER_PERSON } from '@piel/contracts'
import { and, desc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db'
import { badRequest, notFound } from '../../shared/errors'
import { findDepartment, findMunicipality, resolvePlace } from './places'
import { addresses } from './tables'

export type AddressRow = typeof addresses.$inferSelect

/** A stored address with the names of its places (what the list and the orders domain need). */
export interface PersonAddress extends AddressRow {
  departmentName: string
  municipalityName: string
}

export interface NewAddress {
  street: string
  reference: string | null
  receiverName: string
  phone: string
  neighborhood: string | null
  isMain: boolean
  latitude: number | null
  longitude: number | null
  receiverDocumentType: string | null
  receiverDocumentNumber: string | null
  departmentCode: string
  municipalityCode: string
}

/** Key of the transaction lock that serialises changes to one person's addresses. */
const ADDRESS_LOCK_CLASS = 715_004_001

/**
 * Takes the person's address lock until the transaction ends, so that two requests at once can
 * neither pass the limit together nor leave two main addresses (or none).
 */
async function lockAddressesOf(tx: Db, personId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADDRESS_LOCK_CLASS}::int, ${personId}::int)`)
}

const withPlaceNames = (row: AddressRow): PersonAddress => ({
  ...row,
  departmentName: findDepartment(row.departmentCode)?.name ?? row.departmentCode,
  municipalityName: findMunicipality(row.municipalityCode)?.name ?? row.municipalityCode,
})

const KNOWN_DOCUMENT_TYPES: readonly string[] = DOCUMENT_TYPES.map((type) => type.valor)

/**
 * `AgregarDireccionPersona`: stores an address of the person. The place must be a DIVIPOLA
 * municipality of the given department. The first address, or one marked main, becomes the only
 * main address. At most `MAX_ADDRESSES_PER_PERSON` per person. Returns the new id.
 */
export async function addAddress(db: Db, personId: number, input: NewAddress): Promise<number> {
  resolvePlace(input.departmentCode, input.municipalityCode)
  if (input.receiverDocumentType !== null && !KNOWN_DOCUMENT_TYPES.includes(input.receiverDocumentType)) {
    throw badRequest('Tipo de documento inválido.', { tipoIdRecibe: 'Tipo de documento inválido' })
  }
  return db.transaction(async (tx) => {
    await lockAddressesOf(tx, personId)
    const [counted] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(addresses)
      .where(eq(addresses.personId, personId))
    const count = counted?.count ?? 0
    if (count >= MAX_ADDRESSES_PER_PERSON) throw badRequest(ADDRESS_MESSAGES.limit)
    const isMain = input.isMain || count === 0
    if (isMain && count > 0) {
      await tx
        .update(addresses)
        .set({ isMain: false })
        .where(and(eq(addresses.personId, personId), eq(addresses.isMain, true)))
    }
    const [row] = await tx
      .insert(addresses)
      .values({ ...input, personId, isMain })
      .returning({ id: addresses.id })
    if (!row) throw new Error('address not stored')
    return row.id
  })
}

/** `DireccionesAsociadas`: the person's addresses, the main one first, then the newest. */
export async function listAddresses(db: Db, personId: number): Promise<PersonAddress[]> {
  const rows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.personId, personId))
    .orderBy(desc(addresses.isMain), desc(addresses.createdAt), desc(addresses.id))
  return rows.map(withPlaceNames)
}

/**
 * One address of a person, with its place names (for the orders domain). An address of another
 * person is answered exactly like one that does not exist: 404.
 */
export async function getAddressForPerson(db: Db, personId: number, addressId: number): Promise<PersonAddress> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.personId, personId)))
  if (!row) throw notFound(ADDRESS_MESSAGES.notFound)
  return withPlaceNames(row)
}

/**
 * `EliminarDireccionPersona`: deletes an address of the person (another person's is a 404 and
 * stays). When the main address goes, the newest remaining one becomes main.
 */
export async function deleteAddress(db: Db, personId: number, addressId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockAddressesOf(tx, personId)
    const [deleted] = await tx
      .delete(addresses)
      .where(and(eq(addresses.id, addressId), eq(addresses.personId, personId)))
      .returning({ isMain: addresses.isMain })
    if (!deleted) throw notFound(ADDRESS_MESSAGES.notFound)
    if (!deleted.isMain) return
    const [newest] = await tx
      .select({ id: addresses.id })
      .from(addresses)
      .where(eq(addresses.personId, personId))
      .orderBy(desc(addresses.createdAt), desc(addresses.id))
      .limit(1)
    if (newest) await tx.update(addresses).set({ isMain: true }).where(eq(addresses.id, newest.id))
  })
}
