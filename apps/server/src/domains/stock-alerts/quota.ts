import { STOCK_ALERT_MESSAGES } from '@piel/contracts'
import type { Db } from '../../db'
import { assertQuotas, type RateRule } from '../../shared/rate-limit'

const HOUR_MS = 60 * 60 * 1000
const DAY_MS = 24 * HOUR_MS

/**
 * How many alerts one sender asks for, like the other anonymous writes (contact messages, registrations): a shopper
 * asks for a few sold-out products at a time; a script writing strangers' e-mails is stopped by the address and the
 * e-mail limits. Counted in `rate_counters`, shared by every process; each alert sends one e-mail at most.
 */
export const STOCK_ALERT_QUOTAS = {
  /** Requests from one person with a session in an hour. */
  perPersonPerHour: { limit: 30, windowMs: HOUR_MS },
  /** Requests from one address in an hour (with or without a session). */
  perAddressPerHour: { limit: 20, windowMs: HOUR_MS },
  /** Requests from one address in a day. */
  perAddressPerDay: { limit: 60, windowMs: DAY_MS },
  /** Requests for one e-mail in a day, from anywhere. */
  perEmailPerDay: { limit: 15, windowMs: DAY_MS },
} as const satisfies Record<string, RateRule>

const CODE = 'demasiados_avisos'

/** Before an alert is stored: the person, the address and the e-mail may still ask for one. */
export async function assertMayRequestAlert(
  db: Db,
  { ip, personId, email }: { ip: string; personId: number | null; email: string },
  now = new Date(),
): Promise<void> {
  await assertQuotas(
    db,
    [
      ...(personId === null
        ? []
        : [
            {
              key: `aviso-hora-persona:${personId}`,
              rule: STOCK_ALERT_QUOTAS.perPersonPerHour,
              code: CODE,
              message: STOCK_ALERT_MESSAGES.tooManyHour,
            },
          ]),
      ...(personId === null
        ? [
            {
              key: `aviso-hora-ip:${ip}`,
              rule: STOCK_ALERT_QUOTAS.perAddressPerHour,
              code: CODE,
              message: STOCK_ALERT_MESSAGES.tooManyHour,
            },
            {
              key: `aviso-dia-ip:${ip}`,
              rule: STOCK_ALERT_QUOTAS.perAddressPerDay,
              code: CODE,
              message: STOCK_ALERT_MESSAGES.tooManyDay,
            },
          ]
        : []),
      {
        key: `aviso-dia-correo:${email.toLowerCase()}`,
        rule: STOCK_ALERT_QUOTAS.perEmailPerDay,
        code: CODE,
        message: STOCK_ALERT_MESSAGES.tooManyForEmail,
      },
    ],
    now,
  )
}
