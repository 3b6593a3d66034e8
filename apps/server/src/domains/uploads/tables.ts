import type { SkinProfile, StoredSkinAnalysisResult } from '@piel/contracts'
import { customType, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
})

/**
 * A face photo (sensitive personal data, Ley 1581 de 2012). The id is 128 random bits in
 * base64url: it cannot be guessed, and only the uploader may fetch it (the chat code it was sent
 * with, or the logged-in person who sent it). `personId` is not a foreign key: the uploads domain
 * depends on no other domain. The bytes live on disk (PGlite) or in `photo_blobs` (PostgreSQL).
 */
export const photos = pgTable(
  'photos',
  {
    id: text().primaryKey(),
    /** The chat key the photo was sent under (8-character code or the user's e-mail). */
    code: text().notNull(),
    personId: integer(),
    email: text(),
    mime: text().notNull(),
    byteSize: integer().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    /** The client address that sent it (the daily quota per address). */
    ip: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    /** The retention sweep deletes the photo after this moment. */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index().on(t.code, t.createdAt),
    index().on(t.personId),
    index().on(t.expiresAt),
    index().on(t.ip, t.createdAt),
  ],
)

/** The bytes of a photo when several server processes share them (PostgreSQL). */
export const photoBlobs = pgTable('photo_blobs', {
  photoId: text()
    .primaryKey()
    .references(() => photos.id, { onDelete: 'cascade' }),
  bytes: bytea().notNull(),
})

/**
 * Proof of the explicit authorisation to process a face photo (Ley 1581 de 2012, art. 6 and 9),
 * one row per accepted upload (`purpose` 'subida') and per analysis that brought its own consent
 * ('analisis'); also per saved skin profile ('perfil', which never stands for a photo's consent).
 * Kept when the photos are deleted: it records a past consent, not the photo. The 'subida' rows
 * also count uploads per address and per code (`quota.ts`).
 */
export const photoConsents = pgTable(
  'photo_consents',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    code: text().notNull(),
    personId: integer(),
    acceptedAt: timestamp({ withTimezone: true }).notNull(),
    policyVersion: text().notNull(),
    ip: text(),
    purpose: text().notNull().default('subida'),
  },
  (t) => [index().on(t.code), index().on(t.ip, t.acceptedAt)],
)

/** The result of one skin analysis (the answer of `/analyze-skin`). */
export const skinAnalyses = pgTable(
  'skin_analyses',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    photoId: text().references(() => photos.id, { onDelete: 'set null' }),
    code: text().notNull(),
    personId: integer(),
    /** The `/analyze-skin` answer; older rows lack the fields added since (`StoredSkinAnalysisResult`). */
    result: jsonb().$type<StoredSkinAnalysisResult>().notNull(),
    /** The client address that asked (analyses per address and hour). */
    ip: text(),
    /**
     * The face's identity descriptor (float32, L2-normalised), only to tell whether a later photo shows
     * the same person before comparing them. Biometric data: never sent to the browser, deleted with
     * the analysis.
     */
    faceDescriptor: bytea(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.code), index().on(t.personId), index().on(t.createdAt), index().on(t.ip, t.createdAt)],
)

/**
 * The skin profile of a chat's key (issue 31): the person with a session (`personId`), else the
 * chat's code. Sensitive data (Ley 1581 de 2012, art. 5–6): saved only with the authorisation whose
 * moment and policy version it records, and deleted with the photos and analyses of the same key.
 * It has no retention period (the retention sweep leaves it): it stays until its owner deletes it.
 */
export const skinProfiles = pgTable(
  'skin_profiles',
  {
    /** `persona:<id>` or `codigo:<code>`: one profile per person, else per anonymous chat code. */
    owner: text().primaryKey(),
    personId: integer(),
    code: text(),
    profile: jsonb().$type<SkinProfile>().notNull(),
    consentedAt: timestamp({ withTimezone: true }).notNull(),
    policyVersion: text().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.personId), index().on(t.code)],
)

export type PhotoRow = typeof photos.$inferSelect
