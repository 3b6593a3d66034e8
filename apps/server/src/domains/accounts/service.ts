import { ACCOUNT_MESSAGES, type LoginSchema, type RegisterSchema, type UpdatePersonSchema } from '@piel/contracts'
import { and, eq, isNull, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '../../db'
import { AppError, badRequest } from '../../shared/errors'
import { getDummyHash, hashPassword, verifyPassword } from './password'
import { persons } from './tables'
import {
  ACCOUNT_RULE,
  ADDRESS_RULE,
  accountKey,
  addressKey,
  type Guard,
  PAIR_RULE,
  pairKey,
  throttledAttempt,
} from './throttle'
import { type PersonRow, toStoredMobile } from './wire'

export const emailTaken = () => new AppError(409, 'correo_registrado', ACCOUNT_MESSAGES.emailTaken)
export const invalidCredentials = () => new AppError(401, 'credenciales_invalidas', ACCOUNT_MESSAGES.loginFailed)
export const personNotFound = () => new AppError(404, 'no_encontrado', 'No existe una persona con ese correo.')

/** A unique index refused the row (PostgreSQL 23505), whichever driver wrapped the error. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current instanceof Object; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true
  }
  return false
}

/** E-mail addresses are unique without regard to letter case (index on `lower(email)`). */
export async function findPersonByEmail(db: Db, email: string): Promise<PersonRow | undefined> {
  const [person] = await db.select().from(persons).where(sql`lower(${persons.email}) = ${email.trim().toLowerCase()}`)
  return person
}

export async function getPerson(db: Db, id: number): Promise<PersonRow> {
  const [person] = await db.select().from(persons).where(eq(persons.id, id))
  // The session's person always exists (sessions are deleted with their person).
  if (!person) throw new AppError(404, 'no_encontrado', 'No encontramos a esta persona.')
  return person
}

/**
 * `persona/AgregarPersona`: a new person with the sign-up defaults of spec 000 §9 (level BASICO,
 * profile 1 "Usuario", terms and data treatment accepted). Corporate status may be asked for, but
 * only the shop authorises it. A taken e-mail is a 409, also when two registrations race (the
 * unique index decides).
 */
export async function registerPerson(
  db: Db,
  input: z.output<typeof RegisterSchema>,
  originIp: string | null,
): Promise<PersonRow> {
  const passwordHash = await hashPassword(input.clave)
  try {
    const [person] = await db
      .insert(persons)
      .values({
        email: input.email,
        firstNames: input.nombres,
        lastNames: input.apellidos,
        birthDate: input.fechaNacimiento,
        genderId: input.idGenero,
        documentType: input.tipoIdentificacion,
        documentNumber: input.numeroDocumento,
        phone: toStoredMobile(input.telefono),
        level: 'BASICO',
        profileId: 1,
        profileName: 'Usuario',
        passwordHash,
        originIp,
        acceptedTerms: true,
        authorizedDataTreatment: true,
        isCorporateClient: input.clienteCorp,
        nit: input.nit?.trim() || null,
        isAuthorizedCorporate: false,
      })
      .returning()
    if (!person) throw new Error('person not stored')
    return person
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken()
    throw error
  }
}

/** Which of the person's passwords this is: the password, a still valid temporary one, or neither. */
async function matchPassword(
  person: PersonRow | undefined,
  password: string,
  now: Date,
): Promise<'password' | 'temporary' | null> {
  const matches = await verifyPassword(password, person?.passwordHash ?? (await getDummyHash()))
  if (person?.passwordHash && matches) return 'password'
  const temporaryValid =
    person?.temporaryPasswordHash &&
    person.temporaryPasswordExpiresAt !== null &&
    person.temporaryPasswordExpiresAt.getTime() > now.getTime()
  if (temporaryValid && (await verifyPassword(password, person.temporaryPasswordHash ?? ''))) return 'temporary'
  return null
}

/** The limits of a password check (`throttle.ts`): account and address together block, the account alone slows down. */
const loginGuards = (email: string, ip: string): Guard[] => [
  { key: pairKey(email, ip), rule: PAIR_RULE, onSuccess: 'clear' },
  { key: addressKey(ip), rule: ADDRESS_RULE, onSuccess: 'refund' },
  { key: accountKey(email), rule: ACCOUNT_RULE, onSuccess: 'clear', slowsDown: true },
]

/**
 * `login` and `persona/ObtenerPersonaEmail`. An unknown e-mail, a wrong password and an expired
 * temporary password get the same 401 after about the same time (a dummy hash is verified when
 * there is no account). Failures are limited per account and address together and per address (429);
 * an account's failures from everywhere slow its attempts down (`loginGuards`).
 */
export async function authenticate(
  db: Db,
  input: z.output<typeof LoginSchema>,
  ip: string,
  now = new Date(),
): Promise<PersonRow> {
  const email = input.email.trim().toLowerCase()
  let found: PersonRow | undefined
  const ok = await throttledAttempt(
    db,
    loginGuards(email, ip),
    async () => {
      const person = await findPersonByEmail(db, email)
      const which = await matchPassword(person, input.password, now)
      if (!person || !which) return false
      // The password clears a pending temporary one; the temporary one obliges a change (temporal 'Si').
      const [updated] = await db
        .update(persons)
        .set(
          which === 'password'
            ? { temporaryPasswordHash: null, temporaryPasswordExpiresAt: null, hasTemporaryPassword: false }
            : { hasTemporaryPassword: true },
        )
        .where(eq(persons.id, person.id))
        .returning()
      found = updated ?? person
      return true
    },
    now,
  )
  if (!ok || !found) throw invalidCredentials()
  return found
}

/**
 * `persona/UpdatePerson`: phone, birth date and gender. The document (type and number) may be
 * set once, while it is still empty (profile completion); afterwards sending a different one is
 * refused, sending the same one is harmless.
 */
export async function updatePerson(
  db: Db,
  personId: number,
  input: z.output<typeof UpdatePersonSchema>,
): Promise<PersonRow> {
  const person = await getPerson(db, personId)
  const changes = {
    phone: toStoredMobile(input.telefono),
    birthDate: input.fechaNacimiento,
    genderId: input.idGenero,
    updatedAt: new Date(),
  }
  const type = input.tipoIdentificacion
  const number = input.numeroDocumento
  const hasDocument = person.documentType !== null || person.documentNumber !== null
  const documentSent = type !== undefined || number !== undefined
  if (documentSent && !hasDocument) {
    if (type === undefined || number === undefined) {
      const missing = type === undefined ? 'tipoIdentificacion' : 'numeroDocumento'
      throw badRequest(`Datos inválidos en el cuerpo: ${missing}: ${ACCOUNT_MESSAGES.requiredLower}`, {
        [missing]: ACCOUNT_MESSAGES.requiredLower,
      })
    }
    const [updated] = await db
      .update(persons)
      .set({ ...changes, documentType: type, documentNumber: number })
      .where(and(eq(persons.id, personId), isNull(persons.documentType), isNull(persons.documentNumber)))
      .returning()
    if (updated) return updated
    // Someone completed the document in the meantime: judge the request against it.
    return updatePerson(db, personId, input)
  }
  if (
    documentSent &&
    ((type !== undefined && type !== person.documentType) || (number !== undefined && number !== person.documentNumber))
  ) {
    throw new AppError(400, 'documento_no_editable', 'El documento no se puede cambiar.')
  }
  const [updated] = await db.update(persons).set(changes).where(eq(persons.id, personId)).returning()
  if (!updated) throw new Error('person not updated')
  return updated
}

/**
 * `persona/UpdatePassword`: the current password must be right (checked under the same limits as
 * a login); the new one is permanent (a temporary password is cleared).
 */
export async function changePassword(
  db: Db,
  personId: number,
  input: { currentPassword: string; newPassword: string },
  ip: string,
): Promise<void> {
  const person = await getPerson(db, personId)
  // A person who logged in with the e-mailed temporary password may give it as the current one.
  const ok = await throttledAttempt(
    db,
    loginGuards(person.email, ip),
    async () => (await matchPassword(person, input.currentPassword, new Date())) !== null,
  )
  if (!ok) throw new AppError(400, 'clave_actual_incorrecta', 'La contraseña actual no es correcta.')
  await db
    .update(persons)
    .set({
      passwordHash: await hashPassword(input.newPassword),
      hasTemporaryPassword: false,
      temporaryPasswordHash: null,
      temporaryPasswordExpiresAt: null,
      updatedAt: new Date(),
    })
    .where(eq(persons.id, personId))
}
