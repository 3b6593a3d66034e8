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
