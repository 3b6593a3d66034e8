import type { Db } from '../../db'
import { assertQuotas, type RateRule } from '../../shared/rate-limit'

const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS

/**
 * How many replies the assistant gives (issue 29, finding 7: 60 of 60 `/chat` at 108 requests a
 * second, 40 of 40 chatbot messages). Each reply reads the catalogue and may wait seconds for the
 * language model. Counted in `rate_counters` for every process, per chat (the signed-in person, or
 * the chat's code) and per address. A shopper chatting for an hour sends 60–100 messages, rarely
 * more than one every 5 s; several shoppers may share a carrier's address.
 */
export const ASSISTANT_QUOTAS = {
  /** Replies to one chat in a minute: one every 4 s for a whole minute. */
  perChatPerMinute: { limit: 15, windowMs: MINUTE_MS },
  /** Replies to one chat in an hour: half again the busiest real conversation. */
  perChatPerHour: { limit: 150, windowMs: HOUR_MS },
  /** Replies to one address in a minute: a few people chatting at once behind one NAT. */
  perAddressPerMinute: { limit: 30, windowMs: MINUTE_MS },
  /** Replies to one address in an hour: four such conversations at their busiest. */
  perAddressPerHour: { limit: 600, windowMs: HOUR_MS },
} as const satisfies Record<string, RateRule>

export const ASSISTANT_QUOTA_MESSAGES = {
  minute: 'Enviaste muchos mensajes seguidos. Espera un minuto y vuelve a escribir.',
  hour: 'Llegaste al límite de mensajes al asistente por esta hora. Intenta de nuevo más tarde.',
  addressMinute: 'Llegan muchos mensajes al asistente desde esta conexión. Espera un minuto y vuelve a escribir.',
  addressHour:
    'Desde esta conexión se enviaron demasiados mensajes al asistente en esta hora. Intenta de nuevo más tarde.',
} as const

const CODE = 'demasiados_mensajes'

/**
 * Before the assistant replies: the chat and the address have replies left. `chat` is the person
 * with a session, else the chat's code; null when the call names neither (the address alone counts).
 */
export async function assertMayChat(
  db: Db,
  { ip, chat }: { ip: string; chat: { personId: number } | { code: string } | null },
  now = new Date(),
): Promise<void> {
  const chatKey = chat === null ? null : 'personId' in chat ? `persona:${chat.personId}` : `codigo:${chat.code}`
  await assertQuotas(
    db,
    [
      ...(chatKey === null
        ? []
        : [
            {
              key: `chat-min-${chatKey}`,
              rule: ASSISTANT_QUOTAS.perChatPerMinute,
              code: CODE,
              message: ASSISTANT_QUOTA_MESSAGES.minute,
            },
            {
              key: `chat-hora-${chatKey}`,
              rule: ASSISTANT_QUOTAS.perChatPerHour,
              code: CODE,
              message: ASSISTANT_QUOTA_MESSAGES.hour,
            },
          ]),
      {
        key: `chat-min-ip:${ip}`,
        rule: ASSISTANT_QUOTAS.perAddressPerMinute,
        code: CODE,
        message: ASSISTANT_QUOTA_MESSAGES.addressMinute,
      },
      {
        key: `chat-hora-ip:${ip}`,
        rule: ASSISTANT_QUOTAS.perAddressPerHour,
        code: CODE,
        message: ASSISTANT_QUOTA_MESSAGES.addressHour,
      },
    ],
    now,
  )
}
