import { describe, expect, test } from 'vitest'
import { checksumMatches, eventChecksum, integritySignature } from './signatures'

describe('integrity signature (wompi.md §4)', () => {
  test("the documentation's example", () => {
    expect(
      integritySignature(
        { reference: 'sk8-438k4-xmxm392-sn2m', amountInCents: 2490000, currency: 'COP' },
        'prod_integrity_Z5mMke9x0k8gpErbDqwrJXMqsI6SFli6',
      ),
    ).toBe('37c8407747e595535433ef8f6a811d853cd943046624a0ec04662b17bbf33bf5')
  })

  test('with an expiration time, which is signed between the currency and the secret', () => {
    expect(
      integritySignature(
        {
          reference: 'sk8-438k4-xmxm392-sn2m',
          amountInCents: 2490000,
          currency: 'COP',
          expirationTime: '2023-06-09T20:28:50.000Z',
        },
        'prod_integrity_Z5mMke9x0k8gpErbDqwrJXMqsI6SFli6',
      ),
    ).toBe('e972f58e7de36b283fbb93d9318d39a54ffdff4e8e917b534f30d63c9d7bb89c')
  })

  test('a peso more is another signature', () => {
    const secret = 'test_integrity_abc'
    const base = { reference: 'ORDER_1_1700000000000', currency: 'COP' }
    expect(integritySignature({ ...base, amountInCents: 100 }, secret)).not.toBe(
      integritySignature({ ...base, amountInCents: 10000 }, secret),
    )
  })
})

describe('event checksum (wompi.md §10)', () => {
  const event = {
    data: { transaction: { id: '1234-1610641025-49201', status: 'APPROVED', amount_in_cents: 4490000 } },
    signature: { properties: ['transaction.id', 'transaction.status', 'transaction.amount_in_cents'] },
    timestamp: 1530291411,
  }
  const secret = 'prod_events_OcHnIzeBl5socpwByQ4hA52Em3USQ93Z'

  test("the documentation's example, with the corrected digest", () => {
    expect(eventChecksum(event, secret)).toBe('5a18ec5e8fdb7df463e9f94774cba8f583ba21bd04a09ceff2ea68a4bc0aefbe')
  })

  test('the properties are read from the event, in its order', () => {
    const reordered = { ...event, signature: { properties: ['transaction.status', 'transaction.id'] } }
    expect(eventChecksum(reordered, secret)).not.toBe(eventChecksum(event, secret))
  })

  test('a listed property that is missing gives no checksum', () => {
    expect(eventChecksum({ ...event, signature: { properties: ['transaction.reference'] } }, secret)).toBeNull()
  })

  test('comparison takes Wompi’s lower-case checksum only (issue 29: an upper-case copy was accepted) and refuses other lengths', () => {
    const sum = eventChecksum(event, secret) ?? ''
    expect(checksumMatches(sum, sum.toUpperCase())).toBe(false)
    expect(checksumMatches(sum, sum.slice(1))).toBe(false)
    expect(checksumMatches(sum, `${sum.slice(0, -1)}0`)).toBe(sum.endsWith('0'))
  })
})
