import { and, count, eq, gt, sum } from 'drizzle-orm'
import type { Db } from '../../db'
import { AppError } from '../../shared/errors'
import { photoConsents, photos, skinAnalyses } from './tables'

const HOUR_MS = 60 * 60 * 1000
const DAY_MS = 24 * HOUR_MS

/**
 * How much one client may send (issue 15, finding 4: anonymous uploads of about 5 MB each, kept 30
 * days, with no limit). Counted in the database, so every server process sees the same figures:
 * uploads from the accepted consents (kept when photos are deleted), bytes from the stored photos,
 * analyses from their results.
 */
export const UPLOAD_QUOTAS = {
  /** Photos accepted from one address in an hour (a family or a carrier's NAT share one). */
  uploadsPerAddressPerHour: 30,
  /** Photos accepted under one chat code in an hour. */
  uploadsPerCodePerHour: 10,
  /** Bytes of photos stored from one address in 24 hours. */
  bytesPerAddressPerDay: 100 * 1024 * 1024,
  /** Analyses made for one address in an hour (each takes the engine about a second). */
  analysesPerAddressPerHour: 20,
} as const

export const QUOTA_MESSAGES = {
  uploadsFromAddress: 'Se enviaron demasiadas fotos desde esta conexión. Intente de nuevo en una hora.',
  uploadsToCode: 'Este chat recibió demasiadas fotos. Intente de nuevo en una hora.',
  bytesFromAddress: 'Se alcanzó el límite diario de fotos desde esta conexión. Intente de nuevo mañana.',
  analysesFromAddress: 'Se hicieron demasiados análisis desde esta conexión. Intente de nuevo en una hora.',
} as const

const refuse = (code: string, message: string) => new AppError(429, code, message)

/** Before reading a photo: the address and the code may still send one. */
export async function assertMayUpload(
  db: Db,
  { ip, code }: { ip: string; code: string | null },
  now = new Date(),
): Promise<void> {
  const hourAgo = new Date(now.getTime() - HOUR_MS)
  const [fromAddress] = await db
    .select({ n: count() })
    .from(photoConsents)
    .where(and(eq(photoConsents.ip, ip), eq(photoConsents.purpose, 'subida'), gt(photoConsents.acceptedAt, hourAgo)))
  if ((fromAddress?.n ?? 0) >= UPLOAD_QUOTAS.uploadsPerAddressPerHour) {
    throw refuse('demasiadas_fotos', QUOTA_MESSAGES.uploadsFromAddress)
  }
  if (code === null) return
  const [toCode] = await db
    .select({ n: count() })
    .from(photoConsents)
    .where(
      and(eq(photoConsents.code, code), eq(photoConsents.purpose, 'subida'), gt(photoConsents.acceptedAt, hourAgo)),
    )
  if ((toCode?.n ?? 0) >= UPLOAD_QUOTAS.uploadsPerCodePerHour) {
    throw refuse('demasiadas_fotos', QUOTA_MESSAGES.uploadsToCode)
  }
}

/** Once the cleaned photo's size is known: it fits in the address's daily quota. */
export async function assertFitsDailyQuota(db: Db, ip: string, bytes: number, now = new Date()): Promise<void> {
  const [stored] = await db
    .select({ bytes: sum(photos.byteSize).mapWith(Number) })
    .from(photos)
    .where(and(eq(photos.ip, ip), gt(photos.createdAt, new Date(now.getTime() - DAY_MS))))
  if ((stored?.bytes ?? 0) + bytes > UPLOAD_QUOTAS.bytesPerAddressPerDay) {
    throw refuse('cuota_diaria', QUOTA_MESSAGES.bytesFromAddress)
  }
}

/** Before the engine runs: the address has analyses left this hour. */
export async function assertMayAnalyse(db: Db, ip: string, now = new Date()): Promise<void> {
  const [made] = await db
    .select({ n: count() })
    .from(skinAnalyses)
    .where(and(eq(skinAnalyses.ip, ip), gt(skinAnalyses.createdAt, new Date(now.getTime() - HOUR_MS))))
  if ((made?.n ?? 0) >= UPLOAD_QUOTAS.analysesPerAddressPerHour) {
    throw refuse('demasiados_analisis', QUOTA_MESSAGES.analysesFromAddress)
  }
}
