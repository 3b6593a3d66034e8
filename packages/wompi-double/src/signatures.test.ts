import { describe, expect, test } from 'vitest'
import { createWompiDouble, eventChecksum, integritySignature } from './index'
import { signJwt, verifyJwt } from './signatures'

const DOCS_SECRET = 'prod_integrity_Z5mMke9x0k8gpErbDqwrJXMqsI6SFli6'

describe('integritySignature', () => {
  test('wompi.md §4 docs vector → 37c84077…', () => {
    expect(
      integritySignature({ reference: 'sk8-438k4-xmxm392-sn2m', amountInCents: 2490000, currency: 'COP' }, DOCS_SECRET),
    ).toBe('37c8407747e595535433ef8f6a811d853cd943046624a0ec04662b17bbf33bf5')
  })

  test('with expiration time → e972f58e…', () => {
    expect(
      integritySignature(
        {
          reference: 'sk8-438k4-xmxm392-sn2m',
          amountInCents: 2490000,
          currency: 'COP',
          expirationTime: '2023-06-09T20:28:50.000Z',
        },
        DOCS_SECRET,
      ),
    ).toBe('e972f58e7de36b283fbb93d9318d39a54ffdff4e8e917b534f30d63c9d7bb89c')
  })
})

describe('eventChecksum', () => {
  const event = {
    data: { transaction: { id: '1234-1610641025-49201', status: 'APPROVED', amount_in_cents: 4490000 } },
    signature: { properties: ['transaction.id', 'transaction.status', 'transaction.amount_in_cents'] },
    timestamp: 1530291411,
  }

  test('wompi.md §10 example → the corrected digest 5a18ec5e…, lowercase', () => {
    expect(eventChecksum(event, 'prod_events_OcHnIzeBl5socpwByQ4hA52Em3USQ93Z')).toBe(
      '5a18ec5e8fdb7df463e9f94774cba8f583ba21bd04a09ceff2ea68a4bc0aefbe',
    )
  })

  test('follows the property list it is given, not a fixed one', () => {
    const reordered = { ...event, signature: { properties: ['transaction.status', 'transaction.id'] } }
    expect(eventChecksum(reordered, 'secret')).not.toBe(eventChecksum(event, 'secret'))
  })
})

describe('acceptance JWT', () => {
  test('signs HS256 with header {"alg":"HS256"} and refuses a tampered token', () => {
    const token = signJwt({ contract_id: 1, exp: 10 }, 'k')
    expect(token.startsWith('eyJhbGciOiJIUzI1NiJ9.')).toBe(true)
    expect(verifyJwt(token, 'k')).toEqual({ contract_id: 1, exp: 10 })
    expect(verifyJwt(token, 'other')).toBeNull()
    expect(verifyJwt(`${token}x`, 'k')).toBeNull()
    expect(verifyJwt('not-a-jwt', 'k')).toBeNull()
  })
})

describe('createWompiDouble keys', () => {
  test('generates sandbox keys with the documented prefixes and 32 alphanumerics', async () => {
    const double = createWompiDouble()
    expect(double.keys.publicKey).toMatch(/^pub_test_[A-Za-z0-9]{32}$/)
    expect(double.keys.privateKey).toMatch(/^prv_test_[A-Za-z0-9]{32}$/)
    expect(double.keys.integritySecret).toMatch(/^test_integrity_[A-Za-z0-9]{32}$/)
    expect(double.keys.eventsSecret).toMatch(/^test_events_[A-Za-z0-9]{32}$/)
    await double.close()
  })

  test.each([
    ['publicKey', 'pub_prod_Kw4aC0rZVgLZQn209NbEKPuXLzBD28Zx'],
    ['privateKey', 'prv_prod_434092Xa65F54dd6a181D1f87DFa03CzS'],
    ['integritySecret', 'prod_integrity_ep4b3kSYJg2bWHwL7ulhPCDvaiyGDW7V'],
    ['eventsSecret', 'prod_events_Y49rL5FGw4vTeiUaZaJ957hlpezdPQ0r'],
  ])('refuses a production %s with the Spanish message', (option, key) => {
    expect(() => createWompiDouble({ [option]: key })).toThrow(
      'El doble de Wompi solo acepta llaves de pruebas (pub_test_…)',
    )
  })
})
