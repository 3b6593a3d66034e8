import {
  ANALYSIS_COOLDOWN_MS,
  PHOTO_CONSENT_POLICY_VERSION,
  RECENT_IMAGE_WINDOW_MS,
  type SkinAnalysisResult,
  type StoredSkinAnalysisResult,
} from '@piel/contracts'
import { and, desc, eq, gt, inArray, lt, or, type SQL } from 'drizzle-orm'
import type { Db } from '../../db'
import { notFound } from '../../shared/errors'
import type { CleanPhoto } from '../../shared/image-intake'
import { deleteSkinProfile } from './skin-profile'
import { isPhotoId, newPhotoId, type PhotoStorage } from './storage'
import { type PhotoRow, photoConsents, photos, skinAnalyses } from './tables'

const DAY_MS = 24 * 60 * 60 * 1000

export interface NewPhoto {
  code: string
  email: string | null
  personId: number | null
  ip: string | null
  photo: CleanPhoto
  retentionDays: number
  now?: Date
}

/**
 * Stores an accepted photo with the consent it came with, in one transaction: the row, the bytes
 * (see `PhotoStorage`) and the proof of consent.
 */
export async function savePhoto(db: Db, storage: PhotoStorage, input: NewPhoto): Promise<PhotoRow> {
  const now = input.now ?? new Date()
  const row: PhotoRow = {
    id: newPhotoId(),
    code: input.code,
    personId: input.personId,
    email: input.email,
    mime: input.photo.mime,
    byteSize: input.photo.bytes.length,
    width: input.photo.width,
    height: input.photo.height,
    ip: input.ip,
    createdAt: now,
    expiresAt: new Date(now.getTime() + input.retentionDays * DAY_MS),
  }
  await db.transaction(async (tx) => {
    await tx.insert(photos).values(row)
    await tx.insert(photoConsents).values({
      code: input.code,
      personId: input.personId,
      acceptedAt: now,
      policyVersion: PHOTO_CONSENT_POLICY_VERSION,
      ip: input.ip,
    })
    await storage.save(tx, row.id, input.photo.bytes)
  })
  return row
}

export interface PhotoRequester {
  /** The `?code=` the request carries (the image_url includes it). */
  code: string | undefined
  /** The session's person, when logged in. */
  personId: number | null
}

/**
 * A photo and its bytes for its uploader only: the holder of the code it was sent under, or the
 * logged-in person who sent it. Anybody else gets the same 404 as for a photo that does not exist.
 */
export async function getPhotoFor(
  db: Db,
  storage: PhotoStorage,
  id: string,
  requester: PhotoRequester,
  now = new Date(),
): Promise<{ row: PhotoRow; bytes: Buffer }> {
  if (!isPhotoId(id)) throw notFound('La foto no existe.')
  const [row] = await db.select().from(photos).where(eq(photos.id, id))
  const isUploader =
    row !== undefined &&
    ((requester.code !== undefined && requester.code === row.code) ||
      (requester.personId !== null && requester.personId === row.personId))
  if (!row || !isUploader || row.expiresAt <= now) throw notFound('La foto no existe.')
  const bytes = await storage.load(db, row.id)
  if (!bytes) throw notFound('La foto no existe.')
  return { row, bytes }
}

/** The newest photo sent under `code` in the last 10 seconds (for a chat that joins late). */
export async function findRecentPhoto(db: Db, code: string, now = new Date()): Promise<PhotoRow | null> {
  const [row] = await db
    .select()
    .from(photos)
    .where(and(eq(photos.code, code), gt(photos.createdAt, new Date(now.getTime() - RECENT_IMAGE_WINDOW_MS))))
    .orderBy(desc(photos.createdAt))
    .limit(1)
  return row ?? null
}

export async function recordAnalysis(
  db: Db,
  input: {
    code: string
    personId: number | null
    ip: string | null
    result: SkinAnalysisResult
    /** The engine's identity descriptor of the face (kept with the analysis, deleted with it). */
    descriptor?: Float32Array | null
    now?: Date
  },
): Promise<void> {
  const { descriptor } = input
  await db.insert(skinAnalyses).values({
    code: input.code,
    personId: input.personId,
    ip: input.ip,
    result: input.result,
    faceDescriptor: descriptor ? Buffer.from(descriptor.buffer, descriptor.byteOffset, descriptor.byteLength) : null,
    createdAt: input.now ?? new Date(),
  })
}

/**
 * Whether a consent to process this code's (or this person's) photos is on record. The skin
 * profile's consent ('perfil') covers the profile's answers only, not a face photo.
 */
export async function hasConsent(db: Db, owner: { code: string; personId: number | null }): Promise<boolean> {
  const byCode = eq(photoConsents.code, owner.code)
  const [row] = await db
    .select({ id: photoConsents.id })
    .from(photoConsents)
    .where(
      and(
        inArray(photoConsents.purpose, ['subida', 'analisis']),
        owner.personId === null ? byCode : or(byCode, eq(photoConsents.personId, owner.personId)),
      ),
    )
    .limit(1)
  return row !== undefined
}

/** Records the consent an analysis request brought (`consentimiento=true` on `/analyze-skin`). */
export async function recordAnalysisConsent(
  db: Db,
  input: { code: string; personId: number | null; ip: string | null; now?: Date },
): Promise<void> {
  await db.insert(photoConsents).values({
    code: input.code,
    personId: input.personId,
    acceptedAt: input.now ?? new Date(),
    policyVersion: PHOTO_CONSENT_POLICY_VERSION,
    ip: input.ip,
    purpose: 'analisis',
  })
}

/**
 * "Eliminar mis fotos": every photo and analysis of the code and/or of the person, and their skin
 * profile (`skin-profile.ts`), in one transaction. The consents stay: they record a past
 * authorisation, not the data.
 */
export async function deletePhotosOf(
  db: Db,
  storage: PhotoStorage,
  owner: { code: string | null; personId: number | null },
): Promise<{ photos: number; analyses: number; profile: boolean }> {
  const photoFilters: SQL[] = []
  const analysisFilters: SQL[] = []
  if (owner.code !== null) {
    photoFilters.push(eq(photos.code, owner.code))
    analysisFilters.push(eq(skinAnalyses.code, owner.code))
  }
  if (owner.personId !== null) {
    photoFilters.push(eq(photos.personId, owner.personId))
    analysisFilters.push(eq(skinAnalyses.personId, owner.personId))
  }
  if (photoFilters.length === 0) return { photos: 0, analyses: 0, profile: false }
  const { photoIds, analyses, profile } = await db.transaction(async (tx) => {
    const analyses = await tx
      .delete(skinAnalyses)
      .where(or(...analysisFilters))
      .returning({ id: skinAnalyses.id })
    const deleted = await tx
      .delete(photos)
      .where(or(...photoFilters))
      .returning({ id: photos.id })
    const profile = await deleteSkinProfile(tx, owner)
    return { photoIds: deleted.map((row) => row.id), analyses: analyses.length, profile }
  })
  await storage.remove(photoIds)
  return { photos: photoIds.length, analyses, profile }
}

/**
 * The retention sweep: photos past their `expiresAt` and analyses older than the retention go,
 * and so do stray photo files older than it. Safe to run from several processes at once. Skin
 * profiles have no expiry: they stay until their owner deletes them.
 */
export async function deleteExpiredPhotos(
  db: Db,
  storage: PhotoStorage,
  retentionDays: number,
  now = new Date(),
): Promise<{ photos: number; analyses: number; strays: number }> {
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS)
  const analyses = await db
    .delete(skinAnalyses)
    .where(lt(skinAnalyses.createdAt, cutoff))
    .returning({ id: skinAnalyses.id })
  const expired = await db
    .delete(photos)
    .where(or(lt(photos.expiresAt, now), lt(photos.createdAt, cutoff)))
    .returning({ id: photos.id })
  await storage.remove(expired.map((row) => row.id))
  const strays = await storage.removeStrays(cutoff, async (id) => {
    const [row] = await db.select({ id: photos.id }).from(photos).where(eq(photos.id, id))
    return row !== undefined
  })
  return { photos: expired.length, analyses: analyses.length, strays }
}

/** Whose analyses: the chat's key, and the logged-in person (the same person on another device). */
export interface AnalysisOwner {
  code: string
  personId: number | null
}

export interface StoredAnalysisRow {
  id: number
  /** As stored: an analysis stored before the skin age, the lesions or the acne grade has none of them. */
  result: StoredSkinAnalysisResult
  createdAt: Date
  /** The face's identity descriptor, or null (an analysis stored before descriptors, or an engine without one). */
  descriptor: Float32Array | null
}

/** A stored descriptor back to floats (a copy: the driver's buffer may be shared and unaligned). */
const descriptorOf = (bytes: Buffer | null): Float32Array | null => {
  if (!bytes || bytes.byteLength === 0 || bytes.byteLength % 4 !== 0) return null
  const copy = new Uint8Array(bytes)
  return new Float32Array(copy.buffer, 0, copy.byteLength / 4)
}

const ownedBy = (owner: AnalysisOwner): SQL =>
  owner.personId === null
    ? eq(skinAnalyses.code, owner.code)
    : (or(eq(skinAnalyses.code, owner.code), eq(skinAnalyses.personId, owner.personId)) as SQL)

/** The first and the last analysis of a person or chat key (the same row when there is one). */
export async function firstAndLastAnalysis(
  db: Db,
  owner: AnalysisOwner,
): Promise<{ first: StoredAnalysisRow | null; last: StoredAnalysisRow | null }> {
  const columns = {
    id: skinAnalyses.id,
    result: skinAnalyses.result,
    createdAt: skinAnalyses.createdAt,
    faceDescriptor: skinAnalyses.faceDescriptor,
  }
  const [firstRow] = await db
    .select(columns)
    .from(skinAnalyses)
    .where(ownedBy(owner))
    .orderBy(skinAnalyses.createdAt, skinAnalyses.id)
    .limit(1)
  if (!firstRow) return { first: null, last: null }
  const [lastRow] = await db
    .select(columns)
    .from(skinAnalyses)
    .where(ownedBy(owner))
    .orderBy(desc(skinAnalyses.createdAt), desc(skinAnalyses.id))
    .limit(1)
  const toRow = ({ faceDescriptor, ...row }: typeof firstRow): StoredAnalysisRow => ({
    ...row,
    descriptor: descriptorOf(faceDescriptor),
  })
  const first = toRow(firstRow)
  return { first, last: lastRow ? toRow(lastRow) : first }
}

/** When the next analysis may be made (spec 001 §5: 7 days after the last one), or null when it may be made now. */
export function nextAnalysisAt(last: { createdAt: Date } | null, now = new Date()): Date | null {
  if (!last) return null
  const next = new Date(last.createdAt.getTime() + ANALYSIS_COOLDOWN_MS)
  return next > now ? next : null
}
