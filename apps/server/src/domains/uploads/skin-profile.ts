import { PHOTO_CONSENT_POLICY_VERSION, type SkinProfile } from '@piel/contracts'
import { eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db'
import { photoConsents, skinProfiles } from './tables'

/**
 * Whose skin profile (issue 31): with a session, the person's (it follows them to every device);
 * without one, the anonymous chat's code. `code` is the chat key the request came with; it is kept
 * only for an anonymous owner.
 */
export interface SkinProfileOwner {
  code: string
  personId: number | null
}

const personKey = (personId: number) => `persona:${personId}`
const codeKey = (code: string) => `codigo:${code}`

/** The profile row's key: `persona:<id>` with a session, else `codigo:<code>`. */
export const skinProfileKey = (owner: SkinProfileOwner): string =>
  owner.personId !== null ? personKey(owner.personId) : codeKey(owner.code)

export interface StoredSkinProfile {
  profile: SkinProfile
  updatedAt: Date
}

/**
 * The owner's profile, or null when none was saved (or it was deleted). A request with neither a
 * session nor a code has none.
 */
export async function getSkinProfile(
  db: Db,
  owner: { code: string | null; personId: number | null },
): Promise<StoredSkinProfile | null> {
  const key = owner.personId !== null ? personKey(owner.personId) : owner.code !== null ? codeKey(owner.code) : null
  if (key === null) return null
  const [row] = await db
    .select({ profile: skinProfiles.profile, updatedAt: skinProfiles.updatedAt })
    .from(skinProfiles)
    .where(eq(skinProfiles.owner, key))
  return row ?? null
}

/**
 * Saves (or replaces) the owner's profile with the authorisation the request brought (sensitive
 * data, Ley 1581 de 2012, art. 6): the row records when and under which policy version, and a
 * `photo_consents` row with purpose 'perfil' keeps the proof after the profile is deleted. One
 * transaction: no profile without its consent on record.
 */
export async function saveSkinProfile(
  db: Db,
  owner: SkinProfileOwner,
  profile: SkinProfile,
  { ip, now = new Date() }: { ip: string | null; now?: Date },
): Promise<StoredSkinProfile> {
  const personId = owner.personId
  const consent = { consentedAt: now, policyVersion: PHOTO_CONSENT_POLICY_VERSION }
  await db.transaction(async (tx) => {
    await tx
      .insert(skinProfiles)
      .values({
        owner: skinProfileKey(owner),
        personId,
        code: personId === null ? owner.code : null,
        profile,
        ...consent,
        updatedAt: now,
      })
      .onConflictDoUpdate({ target: skinProfiles.owner, set: { profile, ...consent, updatedAt: now } })
    await tx.insert(photoConsents).values({
      code: owner.code,
      personId,
      acceptedAt: now,
      policyVersion: PHOTO_CONSENT_POLICY_VERSION,
      ip,
      purpose: 'perfil',
    })
  })
  return { profile, updatedAt: now }
}

/**
 * Deletes the profile of the chat's code and/or of the person ("Eliminar mis fotos" deletes both,
 * the profile page the owner's). Whether one was deleted.
 */
export async function deleteSkinProfile(
  db: Db,
  owner: { code: string | null; personId: number | null },
): Promise<boolean> {
  const keys = [
    ...(owner.code !== null ? [codeKey(owner.code)] : []),
    ...(owner.personId !== null ? [personKey(owner.personId)] : []),
  ]
  if (keys.length === 0) return false
  const deleted = await db
    .delete(skinProfiles)
    .where(inArray(skinProfiles.owner, keys))
    .returning({ owner: skinProfiles.owner })
  return deleted.length > 0
}
