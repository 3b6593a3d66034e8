import { scryptSync } from 'node:crypto'
import { PasswordSchema } from '@piel/contracts'
import { describe, expect, test } from 'vitest'
import { generateTemporaryPassword, getDummyHash, hashPassword, verifyPassword } from './password'

describe('hashPassword / verifyPassword', () => {
  test('a hash is scrypt$N$r$p$salt$hash with a random 16-byte salt and verifies only its own password', async () => {
    const hash = await hashPassword('Clave2024')
    const [scheme, n, r, p, salt, key] = hash.split('$')
    expect([scheme, n, r, p]).toEqual(['scrypt', '32768', '8', '1'])
    expect(Buffer.from(salt ?? '', 'base64url')).toHaveLength(16)
    expect(Buffer.from(key ?? '', 'base64url')).toHaveLength(32)
    expect(await verifyPassword('Clave2024', hash)).toBe(true)
    expect(await verifyPassword('clave2024', hash)).toBe(false)
    expect(await verifyPassword('Clave2024 ', hash)).toBe(false)
    expect(await verifyPassword('', hash)).toBe(false)
  })

  test('the same password hashes differently every time (salt)', async () => {
    const [a, b] = await Promise.all([hashPassword('Clave2024'), hashPassword('Clave2024')])
    expect(a).not.toBe(b)
  })

  test('the cost stored in the hash is the one used to verify (older, cheaper hashes keep working)', async () => {
    const salt = Buffer.from('0123456789abcdef')
    const key = scryptSync('Clave2024', salt, 32, { N: 16384, r: 8, p: 1 })
    const stored = `scrypt$16384$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`
    expect(await verifyPassword('Clave2024', stored)).toBe(true)
    expect(await verifyPassword('Clave2025', stored)).toBe(false)
  })

  test('accented letters verify whatever their Unicode form (NFC)', async () => {
    const hash = await hashPassword('Contraseña1')
    expect(await verifyPassword('Contrasen\u0303a1', hash)).toBe(true)
  })

  test.each([
    ['empty', ''],
    ['another scheme', 'bcrypt$2b$10$abcdefghijklmnopqrstuv'],
    ['missing parts', 'scrypt$32768$8$1$c2FsdA'],
    ['a short key', 'scrypt$32768$8$1$c2FsdHNhbHRzYWx0$YWJj'],
    ['an absurd cost', `scrypt$1073741824$8$1$c2FsdHNhbHRzYWx0$${'A'.repeat(43)}`],
    ['an invalid cost', `scrypt$1000$8$1$c2FsdHNhbHRzYWx0$${'A'.repeat(43)}`],
  ])('a malformed stored hash (%s) never matches and never throws', async (_name, stored) => {
    expect(await verifyPassword('Clave2024', stored)).toBe(false)
  })

  test('the dummy hash (for unknown e-mails) is a real hash of the same cost, computed once', async () => {
    const dummy = await getDummyHash()
    expect(dummy).toMatch(/^scrypt\$32768\$8\$1\$/)
    expect(await getDummyHash()).toBe(dummy)
    expect(await verifyPassword('Clave2024', dummy)).toBe(false)
  })
})

describe('generateTemporaryPassword', () => {
  test('always satisfies the password rules: 10 letters and digits with an upper-case letter, a lower-case letter and a digit', () => {
    const seen = new Set<string>()
    for (let i = 0; i < 500; i++) {
      const password = generateTemporaryPassword()
      expect(password).toHaveLength(10)
      expect(password).toMatch(/[A-Z]/)
      expect(password).toMatch(/[a-z]/)
      expect(password).toMatch(/[0-9]/)
      expect(password).not.toMatch(/[0O1lI]/)
      expect(PasswordSchema.safeParse(password).success).toBe(true)
      seen.add(password)
    }
    expect(seen.size).toBe(500)
  })
})
