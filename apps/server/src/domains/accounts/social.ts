import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db'
import { AppError } from '../../shared/errors'
import { GOOGLE_ERRORS, type GoogleIdentity } from './google'
import { assertRegistrationAllowed, type RegistrationLimits } from './service'
import { persons } from './tables'

/**
 * Who a verified Google identity is in the shop (`persona/AgregarPersonaRedes` semantics, spec 000
 * §4 "Social sign-in: creates or logs in a person"; docs/decisions/004):
 * 1. the person whose `uid` is `google:<sub>`;
 * 2. else the person with the same e-mail, linked to this Google account only when Google says the
 *    e-mail is verified and the person is not linked to another Google account yet;
 * 3. else a new person, nivel Explorador (spec 000 §3), without a password. A new person counts
 *    against the address's limit of new accounts like a password sign-up (`assertRegistrationAllowed`):
 *    a Google account is cheap enough to make by the dozen, and the accounts would hold stock alike.
 * An unverified e-mail neither links nor creates: it could be somebody else's address.
 */
export const SOCIAL_LEVEL = 'Explorador'
export const SOCIAL_PROFILE_NAME = 'Explorador'

export const googleUid = (sub: string) => `google:${sub}`

export interface SocialSignIn {
  personId: number
  outcome: 'found' | 'linked' | 'created'
}

const failure = (message: string) => new AppError(400, 'error_google', message)
const NAME_MAX = 80

export async function signInWithGoogleIdentity(
  db: Db,
  identity: GoogleIdentity,
  origin: { ip?: string | undefined; limits?: RegistrationLimits | undefined } = {},
): Promise<SocialSignIn> {
  const uid = googleUid(identity.sub)
  // Two callbacks of the same new person may race; the loser of the insert finds the winner's row.
  for (let attempt = 0; attempt < 3; attempt++) {
    const [known] = await db.select({ id: persons.id }).from(persons).where(eq(persons.uid, uid)).limit(1)
    if (known) return { personId: known.id, outcome: 'found' }

    if (!identity.email) throw failure(GOOGLE_ERRORS.noEmail)
    if (!identity.emailVerified) throw failure(GOOGLE_ERRORS.emailNotVerified)
    const email = identity.email.toLowerCase()

    const [sameEmail] = await db
      .select({ id: persons.id, uid: persons.uid })
      .from(persons)
      .where(sql`lower(${persons.email}) = ${email}`)
      .limit(1)
    if (sameEmail) {
      if (sameEmail.uid !== null) throw failure(GOOGLE_ERRORS.otherGoogleAccount)
      const [linked] = await db
        .update(persons)
        .set({ uid, updatedAt: new Date() })
        .where(sql`${persons.id} = ${sameEmail.id} and ${persons.uid} is null`)
        .returning({ id: persons.id })
      if (linked) return { personId: linked.id, outcome: 'linked' }
      continue
    }

    if (origin.limits) await assertRegistrationAllowed(db, origin.ip ?? null, origin.limits)
    const [created] = await db
      .insert(persons)
      .values({
        uid,
        email,
        firstNames: (identity.givenName ?? identity.name ?? email.split('@')[0] ?? email).slice(0, NAME_MAX),
        lastNames: (identity.familyName ?? '').slice(0, NAME_MAX),
        level: SOCIAL_LEVEL,
        profileId: 1,
        profileName: SOCIAL_PROFILE_NAME,
        passwordHash: null,
        acceptedTerms: true,
        authorizedDataTreatment: true,
        originIp: origin.ip ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: persons.id })
    if (created) return { personId: created.id, outcome: 'created' }
  }
  throw failure(GOOGLE_ERRORS.tryAgain)
}
