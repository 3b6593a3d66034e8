import { describe, expect, test } from 'vitest'
import { CARD_FORM_MESSAGES, type CardFormValues, cardFormSchema, emptyCardForm } from './card-form'

const now = new Date(2026, 4, 15)
const valid: CardFormValues = {
  number: '4242 4242 4242 4242',
  holder: 'Ana Gómez',
  cvc: '123',
  expiryMonth: '08',
  expiryYear: '2029',
  installments: '3',
  legalIdType: 'CC',
  legalId: '1085123456',
}

/** The first message for each field that failed. */
function messagesOf(values: Partial<CardFormValues>): Record<string, string> {
  const result = cardFormSchema(now).safeParse({ ...valid, ...values })
  if (result.success) return {}
  const messages: Record<string, string> = {}
  for (const issue of result.error.issues) messages[String(issue.path[0])] ??= issue.message
  return messages
}

describe('cardFormSchema', () => {
  test('a valid card gives what tokenising and PagarConTarjeta need', () => {
    const card = cardFormSchema(now).parse(valid)
    expect(card).toMatchObject({
      number: '4242424242424242',
      holder: 'Ana Gómez',
      cvc: '123',
      expiryMonth: '08',
      expiryYear: '2029',
      expiryYearShort: '29',
      installments: 3,
      legalIdType: 'CC',
      legalId: '1085123456',
    })
    expect(card.issuer.id).toBe('VISA')
  })

  test('the card type comes from the issuer (American Express, 4-digit CVV)', () => {
    const card = cardFormSchema(now).parse({ ...valid, number: '3782 822463 10005', cvc: '1234' })
    expect(card.issuer).toMatchObject({ id: 'AMEX', name: 'American Express' })
  })

  test.each<[string, Partial<CardFormValues>, string, string]>([
    ['empty number', { number: '' }, 'number', CARD_FORM_MESSAGES.required],
    ['12 digits', { number: '4242 4242 4242' }, 'number', CARD_FORM_MESSAGES.numberLength],
    ['17 digits', { number: '4242 4242 4242 4242 4' }, 'number', CARD_FORM_MESSAGES.numberLength],
    ['letters', { number: '4242 abcd 4242 4242' }, 'number', CARD_FORM_MESSAGES.numberInvalid],
    ['a wrong check digit', { number: '4242424242424241' }, 'number', CARD_FORM_MESSAGES.numberInvalid],
    ['an issuer not accepted (Discover)', { number: '6011111111111117' }, 'number', CARD_FORM_MESSAGES.issuerUnknown],
    ['no holder', { holder: '   ' }, 'holder', CARD_FORM_MESSAGES.required],
    ['a holder under 5 characters', { holder: 'Ana' }, 'holder', CARD_FORM_MESSAGES.holderShort],
    ['a holder over 15 characters', { holder: 'Ana María Gómez P' }, 'holder', CARD_FORM_MESSAGES.holderLong],
    ['no CVV', { cvc: '' }, 'cvc', CARD_FORM_MESSAGES.required],
    ['a 2-digit CVV', { cvc: '12' }, 'cvc', CARD_FORM_MESSAGES.cvc],
    ['a 5-digit CVV', { cvc: '12345' }, 'cvc', CARD_FORM_MESSAGES.cvc],
    ['a CVV with letters', { cvc: '12a' }, 'cvc', CARD_FORM_MESSAGES.cvc],
    ['no month', { expiryMonth: '' }, 'expiryMonth', CARD_FORM_MESSAGES.month],
    ['month 13', { expiryMonth: '13' }, 'expiryMonth', CARD_FORM_MESSAGES.month],
    ['no year', { expiryYear: '' }, 'expiryYear', CARD_FORM_MESSAGES.year],
    ['last year', { expiryYear: '2025' }, 'expiryYear', CARD_FORM_MESSAGES.year],
    ['9 years ahead', { expiryYear: '2035' }, 'expiryYear', CARD_FORM_MESSAGES.year],
    ['0 installments', { installments: '0' }, 'installments', CARD_FORM_MESSAGES.installments],
    ['37 installments', { installments: '37' }, 'installments', CARD_FORM_MESSAGES.installments],
    ['no document number', { legalId: '' }, 'legalId', CARD_FORM_MESSAGES.required],
    ['a document number with symbols', { legalId: '10.85$' }, 'legalId', CARD_FORM_MESSAGES.legalId],
  ])('%s → %s: the message', (_, values, field, message) => {
    expect(messagesOf(values)[field]).toBe(message)
  })

  test('an expired card (last month of this year) is refused on the month', () => {
    expect(messagesOf({ expiryMonth: '04', expiryYear: '2026' })).toEqual({ expiryMonth: CARD_FORM_MESSAGES.expired })
  })

  test('the current month and year is still accepted; 36 installments and 8 years ahead too', () => {
    expect(messagesOf({ expiryMonth: '05', expiryYear: '2026' })).toEqual({})
    expect(messagesOf({ installments: '36', expiryYear: '2034' })).toEqual({})
  })

  test('the holder has at most 15 characters (spec 001 §5) and a 4-digit CVV is accepted', () => {
    expect(messagesOf({ holder: 'Ana María Gómez', cvc: '1234' })).toEqual({})
  })
})

describe('emptyCardForm', () => {
  test('one installment and CC by default', () => {
    expect(emptyCardForm()).toMatchObject({ installments: '1', legalIdType: 'CC', legalId: '' })
  })

  test("the person's document pre-fills it when its type is one Wompi knows", () => {
    expect(emptyCardForm({ legalIdType: 'CE', legalId: '12345' })).toMatchObject({
      legalIdType: 'CE',
      legalId: '12345',
    })
    expect(emptyCardForm({ legalIdType: 'RC' }).legalIdType).toBe('CC')
  })
})
