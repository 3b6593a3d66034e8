import { type CardToken, MISSING } from './cards'
import { type ErrorAnswer, isObject, type JsonObject, type ValidationMessages, validationError } from './http-utils'
import type { AcceptanceDocument, AcceptanceTokens } from './merchant'
import { integritySignature } from './signatures'

export const MAX_AMOUNT_IN_CENTS = 1_000_000_000_000
export const PSE_DESCRIPTION_MAX = 30
export const LEGAL_ID_TYPES = ['CC', 'CE', 'NIT', 'PP', 'TI', 'DNI', 'RC', 'TE', 'PPT', 'PA', 'RG', 'OTHER']

export type ValidatedPaymentMethod =
  | { type: 'CARD'; token: CardToken; installments: number }
  | { type: 'NEQUI'; phoneNumber: string }
  | {
      type: 'PSE'
      userType: number
      userLegalIdType: string
      userLegalId: string
      financialInstitutionCode: string
      paymentDescription: string
    }
  | { type: 'BANCOLOMBIA_COLLECT' }

export interface TransactionInput {
  acceptanceToken: string
  personalAuthToken: string
  amountInCents: number
  currency: string
  customerEmail: string
  reference: string
  expirationTime: string | null
  redirectUrl: string | null
  customerData: JsonObject | null
  shippingAddress: JsonObject | null
  taxes: unknown[]
  paymentMethod: ValidatedPaymentMethod
}

export interface ValidationDeps {
  acceptance: AcceptanceTokens
  cardToken(id: string): CardToken | undefined
  integritySecret: string
  /** API creation refuses a used reference; the hosted checkout may reuse it for reattempts (wompi.md §5.5). */
  isReferenceTaken(reference: string): boolean
}

export type ValidationOutcome = { ok: true; input: TransactionInput } | { ok: false; error: ErrorAnswer }

function isAbsent(value: unknown): boolean {
  return value === undefined || value === null || value === ''
}

function acceptanceMessage(value: unknown, document: AcceptanceDocument, deps: ValidationDeps): string | null {
  if (isAbsent(value)) return MISSING
  if (typeof value !== 'string') return 'El token de aceptación no es válido'
  const check = deps.acceptance.check(value, document)
  if (check === 'invalid') return 'El token de aceptación no es válido'
  if (check === 'used') return 'El token de aceptación ya fue usado'
  return null
}

/** `POST /v1/transactions` validation in Wompi's order (wompi.md §7.1, §13.4); the first failing stage answers. */
export function validateTransaction(body: JsonObject, deps: ValidationDeps): ValidationOutcome {
  const fail = (messages: ValidationMessages): ValidationOutcome => ({ ok: false, error: validationError(messages) })

  const acceptance = acceptanceMessage(body.acceptance_token, 'END_USER_POLICY', deps)
  if (acceptance !== null) return fail({ acceptance_token: [acceptance] })
  const personal = acceptanceMessage(body.accept_personal_auth, 'PERSONAL_DATA_AUTH', deps)
  if (personal !== null) return fail({ accept_personal_auth: [personal] })

  const fieldMessages = validateFields(body)
  if (Object.keys(fieldMessages).length > 0) return fail(fieldMessages)

  const method = validatePaymentMethod(body, deps)
  if (!method.ok) return fail({ payment_method: method.messages })

  const reference = body.reference as string
  const amountInCents = body.amount_in_cents as number
  const currency = body.currency as string
  const expirationTime = isAbsent(body.expiration_time) ? null : (body.expiration_time as string)
  if (isAbsent(body.signature)) return fail({ signature: ['Firma de integridad requerida no enviada'] })
  const expected = integritySignature(
    { reference, amountInCents, currency, ...(expirationTime === null ? {} : { expirationTime }) },
    deps.integritySecret,
  )
  if (typeof body.signature !== 'string' || body.signature.toLowerCase() !== expected) {
    return fail({ signature: ['La firma es inválida'] })
  }

  if (deps.isReferenceTaken(reference)) return fail({ reference: ['La referencia ya ha sido usada'] })

  return {
    ok: true,
    input: {
      acceptanceToken: body.acceptance_token as string,
      personalAuthToken: body.accept_personal_auth as string,
      amountInCents,
      currency,
      customerEmail: body.customer_email as string,
      reference,
      expirationTime,
      redirectUrl: isAbsent(body.redirect_url) ? null : (body.redirect_url as string),
      customerData: isObject(body.customer_data) ? body.customer_data : null,
      shippingAddress: isObject(body.shipping_address) ? body.shipping_address : null,
      taxes: Array.isArray(body.taxes) ? body.taxes : [],
      paymentMethod: method.method,
    },
  }
}

function validateFields(body: JsonObject): ValidationMessages {
  const messages: ValidationMessages = {}
  const amount = body.amount_in_cents
  if (isAbsent(amount)) messages.amount_in_cents = [MISSING]
  else if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) {
    messages.amount_in_cents = ['Debe ser un número entero positivo (en centavos)']
  } else if (amount > MAX_AMOUNT_IN_CENTS) messages.amount_in_cents = ['Supera el monto máximo permitido']

  if (isAbsent(body.currency)) messages.currency = [MISSING]
  else if (body.currency !== 'COP') messages.currency = ['Moneda no soportada: solo se acepta COP']

  const email = body.customer_email
  if (isAbsent(email)) messages.customer_email = [MISSING]
  else if (typeof email !== 'string' || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    messages.customer_email = ['Debe ser un correo electrónico válido']
  }

  const reference = body.reference
  if (isAbsent(reference)) messages.reference = [MISSING]
  else if (typeof reference !== 'string') messages.reference = ['Debe ser un texto']
  else if (reference.length > 255) messages.reference = ['Debe tener como máximo 255 caracteres']

  const expiration = body.expiration_time
  if (!isAbsent(expiration)) {
    const time = typeof expiration === 'string' ? Date.parse(expiration) : Number.NaN
    if (Number.isNaN(time)) messages.expiration_time = ['Debe ser una fecha ISO 8601']
    else if (time <= Date.now()) messages.expiration_time = ['La fecha de expiración ya pasó']
  }

  const redirectUrl = body.redirect_url
  if (!isAbsent(redirectUrl) && (typeof redirectUrl !== 'string' || !/^https?:\/\/\S+$/i.test(redirectUrl))) {
    messages.redirect_url = ['Debe ser una URL http(s) válida']
  }
  for (const field of ['customer_data', 'shipping_address'] as const) {
    if (body[field] !== undefined && body[field] !== null && !isObject(body[field])) {
      messages[field] = ['Debe ser un objeto']
    }
  }
  if (body.taxes !== undefined && body.taxes !== null && !Array.isArray(body.taxes)) {
    messages.taxes = ['Debe ser una lista']
  }

  if (isAbsent(body.payment_method) && isAbsent(body.payment_source_id)) {
    messages.payment_method = ['No se especificó método de pago o fuente de pago']
  } else if (!isAbsent(body.payment_source_id)) {
    // The double keeps no payment sources (POST /payment_sources is not implemented).
    messages.payment_source_id = ['La fuente de pago no existe']
  } else if (!isObject(body.payment_method)) messages.payment_method = ['Debe ser un objeto']
  return messages
}

type MethodOutcome = { ok: true; method: ValidatedPaymentMethod } | { ok: false; messages: ValidationMessages }

function validatePaymentMethod(body: JsonObject, deps: ValidationDeps): MethodOutcome {
  const method = body.payment_method as JsonObject
  const type = method.type ?? body.payment_method_type
  const messages: ValidationMessages = {}
  const done = (value: ValidatedPaymentMethod): MethodOutcome =>
    Object.keys(messages).length > 0 ? { ok: false, messages } : { ok: true, method: value }

  switch (type) {
    case 'CARD': {
      const token = method.token
      const card = typeof token === 'string' ? deps.cardToken(token) : undefined
      if (isAbsent(token)) messages.token = [MISSING]
      else if (card === undefined) messages.token = ['El token es inválido']
      const installments = method.installments ?? 1
      if (
        typeof installments !== 'number' ||
        !Number.isInteger(installments) ||
        installments < 1 ||
        installments > 36
      ) {
        messages.installments = ['Debe ser un número entero entre 1 y 36']
      }
      return done({ type: 'CARD', token: card as CardToken, installments: installments as number })
    }
    case 'NEQUI': {
      const phone = method.phone_number
      if (isAbsent(phone)) messages.phone_number = [MISSING]
      else if (typeof phone !== 'string' || !/^\d{10}$/.test(phone)) {
        messages.phone_number = ['Debe ser un número celular de 10 dígitos']
      }
      return done({ type: 'NEQUI', phoneNumber: phone as string })
    }
    case 'PSE':
      return validatePse(method, messages, done)
    case 'BANCOLOMBIA_COLLECT':
      return done({ type: 'BANCOLOMBIA_COLLECT' })
    default:
      if (isAbsent(type)) messages.type = [MISSING]
      else messages.type = [`Método de pago no soportado por el doble de pruebas: ${String(type)}`]
      return { ok: false, messages }
  }
}

function validatePse(
  method: JsonObject,
  messages: ValidationMessages,
  done: (value: ValidatedPaymentMethod) => MethodOutcome,
): MethodOutcome {
  const userType = method.user_type
  const userTypeNumber = userType === 0 || userType === '0' ? 0 : userType === 1 || userType === '1' ? 1 : undefined
  if (isAbsent(userType)) messages.user_type = [MISSING]
  else if (userTypeNumber === undefined) messages.user_type = ['Debe ser 0 (persona natural) o 1 (persona jurídica)']

  const idType = method.user_legal_id_type
  if (isAbsent(idType)) messages.user_legal_id_type = [MISSING]
  else if (typeof idType !== 'string' || !LEGAL_ID_TYPES.includes(idType)) {
    messages.user_legal_id_type = [`Debe ser uno de: ${LEGAL_ID_TYPES.join(', ')}`]
  }

  const legalId = method.user_legal_id
  if (isAbsent(legalId)) messages.user_legal_id = [MISSING]
  else if (typeof legalId !== 'string' || !/^[A-Za-z0-9-]{3,20}$/.test(legalId)) {
    messages.user_legal_id = ['Debe tener entre 3 y 20 letras o dígitos']
  }

  const bank = method.financial_institution_code
  if (isAbsent(bank)) messages.financial_institution_code = [MISSING]
  else if (typeof bank !== 'string') messages.financial_institution_code = ['Debe ser un texto']

  const description = method.payment_description
  if (isAbsent(description)) messages.payment_description = [MISSING]
  else if (typeof description !== 'string' || description.length > PSE_DESCRIPTION_MAX) {
    messages.payment_description = [`Debe tener como máximo ${PSE_DESCRIPTION_MAX} caracteres`]
  }

  return done({
    type: 'PSE',
    userType: userTypeNumber ?? 0,
    userLegalIdType: idType as string,
    userLegalId: legalId as string,
    financialInstitutionCode: bank as string,
    paymentDescription: description as string,
  })
}
