import { LegalIdTypeSchema } from '@piel/contracts'
import { DEFAULT_LEGAL_ID_TYPE, LEGAL_ID_TYPES, PAYMENT_MESSAGES } from '@piel/contracts/values'
import { z } from '@piel/contracts/zod'

export const PAYER_MESSAGES = {
  required: PAYMENT_MESSAGES.required,
  bank: 'Escoge tu banco',
  personType: 'Escoge el tipo de persona',
  legalId: 'Número de documento no válido',
  email: 'Correo electrónico no válido',
  mobile: 'Escribe un celular colombiano de 10 dígitos que empiece por 3',
} as const

/**
 * The payer's document as the card and PSE forms ask for it: their field names, the kinds Wompi takes and the
 * label. Spread into `DocumentFields` beside the form's `register` and `errors`.
 */
export const PAYER_DOCUMENT_FIELDS = {
  names: { type: 'legalIdType', number: 'legalId' },
  types: LEGAL_ID_TYPES,
  typeLabel: 'Tipo de documento',
} as const

/** PSE's `TipoPersona`: 0 natural, 1 jurídica. */
export const PSE_PERSON_TYPES = [
  { value: '0', label: 'Persona natural' },
  { value: '1', label: 'Persona jurídica' },
] as const

const required = () => z.string({ error: PAYER_MESSAGES.required }).trim().min(1, PAYER_MESSAGES.required)
const legalId = () => required().regex(/^[0-9A-Za-z-]{3,20}$/, PAYER_MESSAGES.legalId)

/** A Colombian mobile as typed (`300 123 4567`, `+57 3001234567`) → `3001234567`. */
export const normaliseMobile = (value: string) => value.replace(/[\s().-]/g, '').replace(/^\+?57(?=3\d{9}$)/, '')

/** The person's phone, when it is a Colombian mobile (Nequi's pre-fill); otherwise empty. */
export function mobileOrEmpty(phone: string | null | undefined): string {
  const mobile = normaliseMobile(phone ?? '')
  return /^3\d{9}$/.test(mobile) ? mobile : ''
}

export type PseFormValues = { bank: string; personType: string; legalIdType: string; legalId: string; email: string }

export const emptyPseForm = (prefill: { email?: string; legalIdType?: string | null; legalId?: string | null }) =>
  ({
    bank: '',
    personType: '0',
    legalIdType: LegalIdTypeSchema.safeParse(prefill.legalIdType).data ?? DEFAULT_LEGAL_ID_TYPE,
    legalId: prefill.legalId ?? '',
    email: prefill.email ?? '',
  }) satisfies PseFormValues

/** Spec 001 §5: document number and e-mail required ("Campo requerido"), document type CC by default. */
export const pseFormSchema = z.object({
  bank: z.string().trim().min(1, PAYER_MESSAGES.bank),
  personType: z.enum(['0', '1'], { error: PAYER_MESSAGES.personType }),
  legalIdType: LegalIdTypeSchema,
  legalId: legalId(),
  email: required()
    .max(120, 'Máximo 120 caracteres')
    .pipe(z.email({ error: PAYER_MESSAGES.email })),
})
export type PseFormOutput = z.output<typeof pseFormSchema>

export type NequiFormValues = { phone: string }

/** Nequi's phone: ten digits starting with 3. */
export const nequiFormSchema = z.object({
  phone: required()
    .transform(normaliseMobile)
    .pipe(z.string().regex(/^3\d{9}$/, PAYER_MESSAGES.mobile)),
})
export type NequiFormOutput = z.output<typeof nequiFormSchema>
