import { ACCOUNT_MESSAGES, type LoginSchema, type RegisterSchema, type UpdatePersonSchema } from '@piel/contracts'
import { and, eq, isNull, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '../../db'
import { AppError, badRequest, isUniqueViolation } from '../../shared/errors'
import { quotaExceeded, retryAfterSeconds, takeQuota } from '../../shared/rate-limit'
import { getDummyHash, hashPassword, verifyPassword } from './password'
import { persons } from './tables'
import {
  ACCOUNT_LANE,
  ADDRESS_LANE,
  type AttemptGuards,
  accountKey,
  addressKey,
  blockedUntil,
  DEVICE_RULE,
  deviceKey,
  PAIR_RULE,
  pairKey,
  sessionCheckKey,
  throttledAttempt,
} from './throttle'
import { type PersonRow, toStoredMobile } from './wire'

export const emailTaken = () => new AppError(409, 'correo_registrado', ACCOUNT_MESSAGES.emailTaken)
export const invalidCredentials = () => new AppError(401, 'credenciales_invalidas', ACCOUNT_MESSAGES.loginFailed)
export const personNotFound = () => new AppError(404, 'no_encontrado', 'No existe una persona con ese correo.')

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

/** Accounts one client address may create (`REGISTRATIONS_PER_ADDRESS_HOUR`, `…_DAY`). */
export interface RegistrationLimits {
  perHour: number
  perDay: number
}

const HOUR = 3600_000

/**
 * Counts one new account from `ip` (a password sign-up, or a first Google sign-in) and refuses with
 * 429 `demasiados_registros` (Spanish, `Retry-After`) past the hour's or the day's limit, so that
 * one client cannot make throwaway accounts by the dozen to hold stock. Counted in `rate_counters`,
 * shared by every process; both windows are counted on every attempt. Sized for a carrier's NAT
 * (many shoppers behind one address): a family or a neighbourhood signing up is far below it.
 */
export async function assertRegistrationAllowed(
  db: Db,
  ip: string | null,
  limits: RegistrationLimits,
  now = new Date(),
): Promise<void> {
  if (ip === null) return
  const hour = await takeQuota(db, `registro-ip-hora:${ip}`, { limit: limits.perHour, windowMs: HOUR }, now)
  const day = await takeQuota(db, `registro-ip-dia:${ip}`, { limit: limits.perDay, windowMs: 24 * HOUR }, now)
  const refusing = [hour, day].filter((use) => !use.allowed)
  if (refusing.length === 0) return
  const seconds = Math.max(...refusing.map((use) => retryAfterSeconds(use, now)))
  const minutes = Math.ceil(seconds / 60)
  const wait = minutes === 1 ? '1 minuto' : minutes < 120 ? `${minutes} minutos` : `${Math.ceil(minutes / 60)} horas`
  throw quotaExceeded(
    'demasiados_registros',
    `Se crearon demasiadas cuentas desde esta conexión. Intenta de nuevo en ${wait}.`,
    seconds,
  )
}

/**
 * `persona/AgregarPersona`: a new person with the sign-up defaults of spec 000 §9 (level BASICO,
 * profile 1 "Usuario", terms and data treatment accepted). Corporate status may be asked for, but
 * only the shop authorises it. A taken e-mail is a 409, also when two registrations race (the
 * unique index decides). Every attempt counts against the address's limit, a taken e-mail too (which
 * also slows probing which e-mails have accounts).
 */
export async function registerPerson(
  db: Db,
  input: z.output<typeof RegisterSchema>,
  originIp: string | null,
  limits: RegistrationLimits,
): Promise<PersonRow> {
  await assertRegistrationAllowed(db, originIp, limits)
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

/** Where a password attempt comes from, as the limits of `throttle.ts` see it. */
export interface AttemptOrigin {
  ip: string
  /** The id of a device cookie issued for this account (`device.ts`), if the browser sent one. */
  deviceId?: string | null
  /** `LOGIN_DELAY_UNIT_MS`. */
  delayUnitMs: number
}

/**
 * The limits of a password check (`throttle.ts`). A stranger's attempt is refused while the account
 * is blocked at that address, then waits its turn in the address's and the account's queues. A browser
 * where the account signed in before keeps its own count instead, unless that count is spent.
 */
async function loginGuards(db: Db, email: string, origin: AttemptOrigin, now: Date): Promise<AttemptGuards> {
  if (origin.deviceId) {
    const device = deviceKey(origin.deviceId)
    if ((await blockedUntil(db, [device], now)) === null) {
      return { blocks: [{ key: device, rule: DEVICE_RULE }], lanes: [], unitMs: origin.delayUnitMs }
    }
  }
  return {
    blocks: [{ key: pairKey(email, origin.ip), rule: PAIR_RULE }],
    lanes: [
      { key: addressKey(origin.ip), rule: ADDRESS_LANE, onSuccess: 'refund' },
      { key: accountKey(email), rule: ACCOUNT_LANE, onSuccess: 'clear' },
    ],
    unitMs: origin.delayUnitMs,
  }
}

/**
 * `login` and `persona/ObtenerPersonaEmail`. An unknown e-mail, a wrong password and an expired
 * temporary password get the same 401 after about the same time (a dummy hash is verified when
 * there is no account). Attempts are limited per account and address together (429), and wait their
 * turn in the account's queue and, past 100 failures, the address's (`loginGuards`).
 */
export async function authenticate(
  db: Db,
  input: z.output<typeof LoginSchema>,
  origin: AttemptOrigin,
  now = new Date(),
): Promise<PersonRow> {
  const email = input.email.trim().toLowerCase()
  let found: PersonRow | undefined
  const ok = await throttledAttempt(
    db,
    await loginGuards(db, email, origin, now),
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
 * `persona/UpdatePassword`: the current password must be right; the new one is permanent (a
 * temporary password is cleared). The session is the caller's proof, so its own checks are
 * limited (five failures in 15 minutes block it), not the account's queue: strangers guessing the
 * account cannot hold up its owner's change.
 */
export async function changePassword(
  db: Db,
  personId: number,
  input: { currentPassword: string; newPassword: string },
  session: { id: string; delayUnitMs: number },
): Promise<void> {
  const person = await getPerson(db, personId)
  // A person who logged in with the e-mailed temporary password may give it as the current one.
  const ok = await throttledAttempt(
    db,
    { blocks: [{ key: sessionCheckKey(session.id), rule: PAIR_RULE }], lanes: [], unitMs: session.delayUnitMs },
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
