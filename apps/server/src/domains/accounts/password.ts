import { randomBytes, randomInt, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto'

/**
 * Password hashing with scrypt (node:crypto). Stored as `scrypt$N$r$p$salt$hash` (salt and hash
 * in base64url), so the cost can be raised later without breaking the hashes already stored:
 * verification reads the parameters from the stored value.
 */
const COST = { N: 2 ** 15, r: 8, p: 1 } as const
const KEY_LENGTH = 32
const SALT_LENGTH = 16
/** scrypt needs 128·N·r bytes (32 MiB here); Node's default ceiling is exactly that. */
const MAX_MEMORY = 128 * 1024 * 1024

function derive(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keyLength, { ...options, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    )
  })
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH)
  const key = await derive(password, salt, KEY_LENGTH, COST)
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$')
}

const STORED = /^scrypt\$(\d+)\$(\d+)\$(\d+)\$([\w-]+)\$([\w-]+)$/

/** Constant-time check of a password against a stored hash; a malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = STORED.exec(stored)
  if (!match) return false
  const [, n, r, p, salt, hash] = match
  const expected = Buffer.from(hash ?? '', 'base64url')
  const options = { N: Number(n), r: Number(r), p: Number(p) }
  if (expected.length < 16 || options.N > 2 ** 20 || options.r > 32 || options.p > 16) return false
  try {
    const key = await derive(password, Buffer.from(salt ?? '', 'base64url'), expected.length, options)
    return timingSafeEqual(key, expected)
  } catch {
    return false
  }
}

let dummyHash: Promise<string> | undefined
/**
 * A hash of a password nobody knows, verified when the e-mail is unknown so that a failed login
 * takes about as long whether or not the account exists.
 */
export function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(18).toString('base64url'))
  return dummyHash
}

const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ'
const LOWER = 'abcdefghijkmnpqrstuvwxyz'
const DIGITS = '23456789'

/**
 * A random temporary password that satisfies the password rules (letters and digits, at least one
 * digit and one upper-case letter): `length` characters with at least one upper-case letter, one
 * lower-case letter and one digit, without look-alikes (0/O, 1/l/I).
 */
export function generateTemporaryPassword(length = 10): string {
  const pick = (alphabet: string) => alphabet[randomInt(alphabet.length)] ?? ''
  const all = UPPER + LOWER + DIGITS
  const chars = [pick(UPPER), pick(LOWER), pick(DIGITS)]
  while (chars.length < length) chars.push(pick(all))
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1)
    ;[chars[i], chars[j]] = [chars[j] ?? '', chars[i] ?? '']
  }
  return chars.join('')
}
