import type { Db } from '../../db'
import { assertQuotas, type RateRule } from '../../shared/rate-limit'

const HOUR_MS = 60 * 60 * 1000
const DAY_MS = 24 * HOUR_MS

/**
 * How many comments to the store one sender leaves (issue 29, finding 7: 50 of 50 contact messages
 * were stored, each one in the back office's inbox). A shopper writes to the shop a few times a
 * day at most; several shoppers may share a carrier's address. Counted in `rate_counters`.
 */
export const CONTACT_QUOTAS = {
  /** Comments from one person with a session in an hour. */
  perPersonPerHour: { limit: 5, windowMs: HOUR_MS },
  /** Comments from one person with a session in a day. */
  perPersonPerDay: { limit: 15, windowMs: DAY_MS },
  /** Comments from one address in an hour (with or without a session). */
  perAddressPerHour: { limit: 10, windowMs: HOUR_MS },
  /** Comments from one address in a day. */
  perAddressPerDay: { limit: 30, windowMs: DAY_MS },
} as const satisfies Record<string, RateRule>

export const CONTACT_QUOTA_MESSAGES = {
  hour: 'Ya nos envió varios comentarios en la última hora. Intente de nuevo más tarde.',
  day: 'Ya nos envió muchos comentarios hoy. Intente de nuevo mañana.',
  addressHour: 'Se enviaron demasiados comentarios desde esta conexión en la última hora. Intente de nuevo más tarde.',
  addressDay: 'Se enviaron demasiados comentarios desde esta conexión hoy. Intente de nuevo mañana.',
} as const

const CODE = 'demasiados_comentarios'

/** Before a comment is stored: the person (with a session) and the address may still send one. */
export async function assertMaySendComment(
  db: Db,
  { ip, personId }: { ip: string; personId: number | null },
  now = new Date(),
): Promise<void> {
  await assertQuotas(
    db,
    [
      ...(personId === null
        ? []
        : [
            {
              key: `contacto-hora-persona:${personId}`,
              rule: CONTACT_QUOTAS.perPersonPerHour,
              code: CODE,
              message: CONTACT_QUOTA_MESSAGES.hour,
            },
            {
              key: `contacto-dia-persona:${personId}`,
              rule: CONTACT_QUOTAS.perPersonPerDay,
              code: CODE,
              message: CONTACT_QUOTA_MESSAGES.day,
            },
          ]),
      {
        key: `contacto-hora-ip:${ip}`,
        rule: CONTACT_QUOTAS.perAddressPerHour,
        code: CODE,
        message: CONTACT_QUOTA_MESSAGES.addressHour,
      },
      {
        key: `contacto-dia-ip:${ip}`,
        rule: CONTACT_QUOTAS.perAddressPerDay,
        code: CODE,
        message: CONTACT_QUOTA_MESSAGES.addressDay,
      },
    ],
    now,
  )
}
