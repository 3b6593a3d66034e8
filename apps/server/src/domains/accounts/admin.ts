import { ADMIN_MESSAGES, type AuditEntry, type AuditQuery, type CorporateClientQuery } from '@piel/contracts'
import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db'
import { AppError } from '../../shared/errors'
import { containsPattern } from '../../shared/like'
import { offsetOf, pageInfo } from '../../shared/paging'
import { listAuditRecords, recordAudit } from '../audit'
import { hashPassword } from './password'
import { findPersonByEmail, personNotFound } from './service'
import { persons } from './tables'
import type { PersonRow } from './wire'

/**
 * Authorises (or revokes) the corporate price tier of a person who asked for it at sign-up
 * (`clienteCorp`), and records who did it (`by`: the administrator; null from the terminal). The
 * person's sessions see the change on their next request, since the viewer is read from the
 * database on every request.
 */
export async function setCorporateAuthorization(
  db: Db,
  email: string,
  authorized: boolean,
  by: number | null = null,
): Promise<PersonRow> {
  return (await changeCorporateAuthorization(db, email, authorized, by)).person
}

/** `setCorporateAuthorization`, also saying whether the authorisation changed (false: it already was so). */
export async function changeCorporateAuthorization(
  db: Db,
  email: string,
  authorized: boolean,
  by: number | null = null,
): Promise<{ person: PersonRow; changed: boolean }> {
  return db.transaction(async (tx) => {
    const person = await findPersonByEmail(tx, email)
    if (!person) throw personNotFound()
    if (!person.isCorporateClient) throw new AppError(400, 'no_es_cliente_corporativo', ADMIN_MESSAGES.notCorporate)
    const [updated] = await tx
      .update(persons)
      .set({ isAuthorizedCorporate: authorized, updatedAt: new Date() })
      .where(eq(persons.id, person.id))
      .returning()
    if (!updated) throw personNotFound()
    if (person.isAuthorizedCorporate !== authorized) {
      await recordAudit(tx, {
        by,
        entity: 'persona',
        entityId: person.id,
        action: authorized ? 'autorizar_cliente_corporativo' : 'revocar_cliente_corporativo',
        before: { autorizadoClienteCorp: person.isAuthorizedCorporate },
        after: { autorizadoClienteCorp: authorized },
      })
    }
    return { person: updated, changed: person.isAuthorizedCorporate !== authorized }
  })
}

const fullName = sql`${persons.firstNames} || ' ' || ${persons.lastNames}`

/**
 * The people whose e-mail or name contains `text` (the back office's searches of other domains, such as
 * orders by who bought them), at most `limit` of them.
 */
export async function findPersonIdsMatching(db: Db, text: string, limit = 1000): Promise<number[]> {
  const pattern = containsPattern(text)
  const rows = await db
    .select({ id: persons.id })
    .from(persons)
    .where(or(ilike(persons.email, pattern), ilike(fullName, pattern)))
    .limit(limit)
  return rows.map((row) => row.id)
}

/** The people of `ids` (unknown ids left out). */
export async function getPeople(db: Db, ids: readonly number[]): Promise<PersonRow[]> {
  if (ids.length === 0) return []
  return db
    .select()
    .from(persons)
    .where(inArray(persons.id, [...ids]))
}

const corporateStateFilter: Record<CorporateClientQuery['estado'], SQL | undefined> = {
  pendientes: eq(persons.isAuthorizedCorporate, false),
  autorizados: eq(persons.isAuthorizedCorporate, true),
  todos: undefined,
}

/**
 * The people who registered as corporate clients, a page at a time, filtered and counted by the
 * database: those waiting for authorisation the oldest request first (the queue), the others the
 * newest first.
 */
export async function listCorporateClients(db: Db, query: CorporateClientQuery) {
  const { estado, buscar } = query
  const pattern = buscar ? containsPattern(buscar) : null
  const where = and(
    eq(persons.isCorporateClient, true),
    corporateStateFilter[estado],
    pattern ? or(ilike(persons.email, pattern), ilike(fullName, pattern), ilike(persons.nit, pattern)) : undefined,
  )
  const order = estado === 'pendientes' ? asc(persons.registeredAt) : desc(persons.registeredAt)
  const [rows, [count]] = await Promise.all([
    db.select().from(persons).where(where).orderBy(order, asc(persons.id)).limit(query.tamanio).offset(offsetOf(query)),
    db.select({ total: sql<number>`count(*)::int` }).from(persons).where(where),
  ])
  return { rows, ...pageInfo(query, count?.total ?? 0) }
}

export async function makeAdmin(db: Db, email: string): Promise<PersonRow> {
  const person = await findPersonByEmail(db, email)
  if (!person) throw personNotFound()
  const [updated] = await db
    .update(persons)
    .set({ isAdmin: true, updatedAt: new Date() })
    .where(eq(persons.id, person.id))
    .returning()
  if (!updated) throw personNotFound()
  return updated
}

/**
 * The administrator of `ADMIN_EMAIL`/`ADMIN_PASSWORD`, at start-up: created when missing, marked
 * admin when it exists (its password is then left alone). Safe to run on every start and from
 * several processes at once.
 */
export async function ensureAdmin(
  db: Db,
  admin: { email: string; password: string },
): Promise<'created' | 'promoted' | 'unchanged'> {
  const existing = await findPersonByEmail(db, admin.email)
  if (!existing) {
    const [created] = await db
      .insert(persons)
      .values({
        email: admin.email,
        firstNames: 'Administrador',
        lastNames: 'de la tienda',
        passwordHash: await hashPassword(admin.password),
        isAdmin: true,
      })
      .onConflictDoNothing()
      .returning({ id: persons.id })
    if (created) return 'created'
  }
  if (existing?.isAdmin) return 'unchanged'
  await makeAdmin(db, admin.email)
  return 'promoted'
}

/**
 * `GET admin/auditoria`: the back office's changes to one order, product or person, newest first, with who made
 * each (their e-mail; null for the terminal or an account that no longer exists). The log is the audit domain's;
 * the people are this domain's.
 */
export async function listAuditEntries(db: Db, query: AuditQuery) {
  const { records, total } = await listAuditRecords(db, {
    entity: query.entidad,
    entityId: query.id,
    limit: query.tamanio,
    offset: offsetOf(query),
  })
  const authorIds = new Set(records.flatMap((record) => (record.personId === null ? [] : [record.personId])))
  const emailOf = new Map((await getPeople(db, [...authorIds])).map((person) => [person.id, person.email]))
  const cambios: AuditEntry[] = records.map((record) => ({
    id: record.id,
    fecha: record.createdAt.toISOString(),
    accion: record.action,
    quien: record.personId === null ? null : (emailOf.get(record.personId) ?? null),
    antes: record.before as Record<string, unknown> | null,
    despues: record.after as Record<string, unknown> | null,
  }))
  return { cambios, ...pageInfo(query, total) }
}
