import { eq } from 'drizzle-orm'
import type { Db } from '../../db'
import { AppError } from '../../shared/errors'
import { hashPassword } from './password'
import { findPersonByEmail, personNotFound } from './service'
import { persons } from './tables'
import type { PersonRow } from './wire'

/**
 * Authorises (or revokes) the corporate price tier of a person who asked for it at sign-up
 * (`clienteCorp`). The person's sessions see the change on their next request, since the viewer
 * is read from the database on every request.
 */
export async function setCorporateAuthorization(db: Db, email: string, authorized: boolean): Promise<PersonRow> {
  const person = await findPersonByEmail(db, email)
  if (!person) throw personNotFound()
  if (!person.isCorporateClient) {
    throw new AppError(400, 'no_es_cliente_corporativo', 'Esta persona no se registró como cliente corporativo.')
  }
  const [updated] = await db
    .update(persons)
    .set({ isAuthorizedCorporate: authorized, updatedAt: new Date() })
    .where(eq(persons.id, person.id))
    .returning()
  if (!updated) throw personNotFound()
  return updated
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
