import { and, count, eq, gt, sum } from 'drizzle-orm'
import type { Db } from '../../db'
import { AppError } from '../../shared/errors'
import { assertQuotas } from '../../shared/rate-limit'
import { photoConsents, photos } from './tables'

const HOUR_MS = 60 * 60 * 1000
const DAY_MS = 24 * HOUR_MS

/**
 * How much one client may send (issue 15, finding 4: anonymous uploads of about 5 MB each, kept 30
 * days, with no limit). Counted in the database, so every server process sees the same figures:
 * uploads from the accepted consents (kept when photos are deleted), bytes from the stored photos,
 * analyses from their attempts (`rate_counters`), refused photos included.
 */
export const UPLOAD_QUOTAS = {
  /** Photos accepted from one address in an hour (a family or a carrier's NAT share one). */
  uploadsPerAddressPerHour: 30,
  /** Photos accepted under one chat code in an hour. */
  uploadsPerCodePerHour: 10,
  /** Bytes of photos stored from one address in 24 hours. */
  bytesPerAddressPerDay: 100 * 1024 * 1024,
  /** Analyses tried from one address in an hour, refused photos included (each takes the engine about a second). */
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

/**
 * Before the photo is decoded: counts this analysis against the address's hour, whatever comes of
 * it (issue 29, finding 6: refused photos stored no analysis and so were free). A photo without a
 * face, a damaged file or one refused for its size each take a turn: each may cost the engine its
 * second. Counted in `rate_counters` (every process sees the same count); the 429 has Retry-After.
 */
export async function assertMayAnalyse(db: Db, ip: string, now = new Date()): Promise<void> {
  await assertQuotas(
    db,
    [
      {
        key: `analisis-ip:${ip}`,
        rule: { limit: UPLOAD_QUOTAS.analysesPerAddressPerHour, windowMs: HOUR_MS },
        code: 'demasiados_analisis',
        message: QUOTA_MESSAGES.analysesFromAddress,
      },
    ],
    now,
  )
}
