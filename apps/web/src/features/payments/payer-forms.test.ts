import { describe, expect, test } from 'vitest'
import {
  emptyPseForm,
  mobileOrEmpty,
  nequiFormSchema,
  PAYER_MESSAGES,
  type PseFormValues,
  pseFormSchema,
} from './payer-forms'

const validPse: PseFormValues = {
  bank: '1',
  personType: '0',
  legalIdType: 'CC',
  legalId: '1085123456',
  email: 'ana@example.com',
}

function pseMessages(values: Partial<PseFormValues>) {
  const result = pseFormSchema.safeParse({ ...validPse, ...values })
  const messages: Record<string, string> = {}
  for (const issue of result.error?.issues ?? []) messages[String(issue.path[0])] ??= issue.message
  return messages
}

describe('pseFormSchema', () => {
  test('a complete form passes', () => {
    expect(pseFormSchema.parse(validPse)).toEqual(validPse)
  })

  test.each<[Partial<PseFormValues>, string, string]>([
    [{ legalId: '' }, 'legalId', 'Campo requerido'],
    [{ legalId: '  ' }, 'legalId', 'Campo requerido'],
    [{ email: '' }, 'email', 'Campo requerido'],
    [{ email: 'ana@' }, 'email', PAYER_MESSAGES.email],
    [{ bank: '' }, 'bank', PAYER_MESSAGES.bank],
    [{ personType: '2' }, 'personType', PAYER_MESSAGES.personType],
    [{ legalId: '12' }, 'legalId', PAYER_MESSAGES.legalId],
  ])('%j → %s: %s', (values, field, message) => {
    expect(pseMessages(values)[field]).toBe(message)
  })

  test("defaults: natural person, CC, the session's e-mail", () => {
    expect(emptyPseForm({ email: 'ana@example.com' })).toEqual({
      bank: '',
      personType: '0',
      legalIdType: 'CC',
      legalId: '',
      email: 'ana@example.com',
    })
    expect(emptyPseForm({ legalIdType: 'NIT', legalId: '900123456' })).toMatchObject({
      legalIdType: 'NIT',
      legalId: '900123456',
    })
  })
})

describe('nequiFormSchema', () => {
  test.each([
    ['3991111111', '3991111111'],
    ['399 111 1111', '3991111111'],
    ['+57 399-111-1111', '3991111111'],
  ])('%s → %s', (typed, expected) => {
    expect(nequiFormSchema.parse({ phone: typed }).phone).toBe(expected)
  })

  test.each([
    ['', 'Campo requerido'],
    ['6012345678', PAYER_MESSAGES.mobile],
    ['39911111', PAYER_MESSAGES.mobile],
    ['39911111111', PAYER_MESSAGES.mobile],
  ])('%s → %s', (typed, message) => {
    expect(nequiFormSchema.safeParse({ phone: typed }).error?.issues[0]?.message).toBe(message)
  })

  test("the person's phone pre-fills Nequi only when it is a mobile", () => {
    expect(mobileOrEmpty('+57 300 123 4567')).toBe('3001234567')
    expect(mobileOrEmpty('6027301234')).toBe('')
    expect(mobileOrEmpty(null)).toBe('')
  })
})
