import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Viewer } from '../../shared/viewer'

/**
 * Who may use a chat code. The random code of an anonymous chat is a secret its holder knows; a
 * logged-in user's chat is keyed by the e-mail (spec 001 §4 Identity), which others may know: its
 * room and its deletion belong to the session of that account only.
 */
export function createCodeGuard(emailOf: (personId: number) => Promise<string | null>) {
  return async function mayUseCode(viewer: Viewer | null, code: string): Promise<boolean> {
    if (!code.includes('@')) return true
    if (!viewer) return false
    const email = await emailOf(viewer.personId)
    return email !== null && email.toLowerCase() === code.toLowerCase()
  }
}

/**
 * Signed phone-upload links for an account's chat (issue 15, finding 4): the chat of a logged-in
 * shopper is keyed by her e-mail, which others may know, and the phone that scans its QR code has
 * no session. The link carries an HMAC of the e-mail and its expiry under a server secret, so only
 * a link the account's own chat obtained (`GET /enlace-subida`) may send photos to that chat.
 */
export function createUploadLinks(secret: string, minutes: number) {
  const sign = (email: string, expiresAt: number) =>
    createHmac('sha256', secret).update(`${email.toLowerCase()}\n${expiresAt}`).digest('base64url')
  return {
    issue(email: string, now = new Date()): { firma: string; vence: number } {
      const vence = now.getTime() + minutes * 60_000
      return { firma: sign(email, vence), vence }
    },
    verify(email: string, firma: string | undefined, vence: number | undefined, now = new Date()): boolean {
      if (firma === undefined || vence === undefined || vence <= now.getTime()) return false
      const expected = Buffer.from(sign(email, vence))
      const given = Buffer.from(firma)
      return given.length === expected.length && timingSafeEqual(given, expected)
    },
  }
}
export type UploadLinks = ReturnType<typeof createUploadLinks>
