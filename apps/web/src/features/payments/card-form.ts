import { LegalIdTypeSchema } from '@piel/contracts'
import { DEFAULT_INSTALLMENTS, DEFAULT_LEGAL_ID_TYPE, MAX_INSTALLMENTS, PAYMENT_MESSAGES } from '@piel/contracts/values'
import { z } from '@piel/contracts/zod'
import {
  CARD_NUMBER_MAX_DIGITS,
  CARD_NUMBER_MIN_DIGITS,
  type CardIssuer,
  detectIssuer,
  EXPIRY_MONTHS,
  expiryYears,
  isExpired,
  passesLuhn,
} from './card-number'

/** Spec 001 §5: the holder's name has at most 15 characters; Wompi asks for at least 5. */
export const HOLDER_MIN_LENGTH = 5
export const HOLDER_MAX_LENGTH = 15
export const CVC_MAX_DIGITS = 4

export const CARD_FORM_MESSAGES = {
  required: PAYMENT_MESSAGES.required,
  numberLength: `El número de la tarjeta debe tener entre ${CARD_NUMBER_MIN_DIGITS} y ${CARD_NUMBER_MAX_DIGITS} dígitos`,
  numberInvalid: 'El número de la tarjeta no es válido. Revísalo.',
  issuerUnknown: 'Aceptamos tarjetas Visa, Mastercard, American Express y Diners',
  holderShort: `Escribe el nombre como aparece en la tarjeta (mínimo ${HOLDER_MIN_LENGTH} caracteres)`,
  holderLong: `Máximo ${HOLDER_MAX_LENGTH} caracteres`,
  cvc: 'El CVV tiene 3 o 4 dígitos',
  month: 'Escoge el mes',
  year: 'Escoge el año',
  expired: 'La tarjeta está vencida',
  installments: `Escoge entre 1 y ${MAX_INSTALLMENTS} cuotas`,
  legalId: 'Número de documento no válido',
} as const

/** What the card form holds: every field as typed or chosen. */
export type CardFormValues = {
  number: string
  holder: string
  cvc: string
  expiryMonth: string
  expiryYear: string
  installments: string
  legalIdType: string
  legalId: string
}

export const emptyCardForm = (prefill: { legalIdType?: string; legalId?: string } = {}): CardFormValues => ({
  number: '',
  holder: '',
  cvc: '',
  expiryMonth: '',
  expiryYear: '',
  installments: String(DEFAULT_INSTALLMENTS),
  legalIdType: LegalIdTypeSchema.safeParse(prefill.legalIdType).data ?? DEFAULT_LEGAL_ID_TYPE,
  legalId: prefill.legalId ?? '',
})

const required = () => z.string({ error: CARD_FORM_MESSAGES.required }).trim().min(1, CARD_FORM_MESSAGES.required)

/**
 * The card form's rules (spec 001 §5): number of 13–16 digits passing the Luhn check, from a known issuer; holder
 * up to 15 characters; CVV of 3–4 digits; month 01–12 and a year from this one to +8, not in the past; 1–36
 * installments; a document type and number. The output is what tokenising and `pago/PagarConTarjeta` need.
 */
export function cardFormSchema(now: Date = new Date()) {
  const years = expiryYears(now).map(String)
  return z
    .object({
      number: required()
        .transform((value) => value.replace(/[\s-]/g, ''))
        .pipe(
          z
            .string()
            .regex(/^\d+$/, CARD_FORM_MESSAGES.numberInvalid)
            .min(CARD_NUMBER_MIN_DIGITS, CARD_FORM_MESSAGES.numberLength)
            .max(CARD_NUMBER_MAX_DIGITS, CARD_FORM_MESSAGES.numberLength)
            .refine(passesLuhn, CARD_FORM_MESSAGES.numberInvalid)
            .refine((digits) => detectIssuer(digits) !== null, CARD_FORM_MESSAGES.issuerUnknown),
        ),
      holder: required()
        .min(HOLDER_MIN_LENGTH, CARD_FORM_MESSAGES.holderShort)
        .max(HOLDER_MAX_LENGTH, CARD_FORM_MESSAGES.holderLong),
      cvc: required().regex(/^\d{3,4}$/, CARD_FORM_MESSAGES.cvc),
      expiryMonth: z.string().refine((month) => EXPIRY_MONTHS.includes(month), CARD_FORM_MESSAGES.month),
      expiryYear: z.string().refine((year) => years.includes(year), CARD_FORM_MESSAGES.year),
      installments: z.coerce
        .number({ error: CARD_FORM_MESSAGES.installments })
        .int(CARD_FORM_MESSAGES.installments)
        .min(1, CARD_FORM_MESSAGES.installments)
        .max(MAX_INSTALLMENTS, CARD_FORM_MESSAGES.installments),
      legalIdType: LegalIdTypeSchema,
      legalId: required().regex(/^[0-9A-Za-z-]{3,20}$/, CARD_FORM_MESSAGES.legalId),
    })
    .superRefine((card, context) => {
      if (!EXPIRY_MONTHS.includes(card.expiryMonth) || !years.includes(card.expiryYear)) return
      if (isExpired(Number(card.expiryMonth), Number(card.expiryYear), now)) {
        context.addIssue({ code: 'custom', path: ['expiryMonth'], message: CARD_FORM_MESSAGES.expired })
      }
    })
    .transform((card, context) => {
      // The issuer gives the card type (`tipoTarjetaCredito`); the number's refinement already required one.
      const issuer: CardIssuer | null = detectIssuer(card.number)
      if (!issuer) {
        context.addIssue({ code: 'custom', path: ['number'], message: CARD_FORM_MESSAGES.issuerUnknown })
        return z.NEVER
      }
      // Wompi's `exp_year` has two digits.
      return { ...card, issuer, expiryYearShort: card.expiryYear.slice(-2) }
    })
}

export type CardFormOutput = z.output<ReturnType<typeof cardFormSchema>>
