import { randomBytes, randomInt } from 'node:crypto'
import { randomDigits, sha256Hex, signJwt, verifyJwt } from './signatures'
import type { WompiMerchantSummary } from './types'

export const MERCHANT_NAME = 'Comercio de pruebas (doble local)'

export function createMerchantSummary(publicKey: string): WompiMerchantSummary {
  return {
    id: randomInt(1000, 100_000),
    name: MERCHANT_NAME,
    legal_name: 'Comercio de Pruebas SAS',
    contact_name: 'Equipo de pruebas',
    phone_number: '+573001112233',
    logo_url: null,
    legal_id_type: 'NIT',
    email: 'pagos@pruebas.local',
    legal_id: '900123456-7',
    public_key: publicKey,
  }
}

export type AcceptanceDocument = 'END_USER_POLICY' | 'PERSONAL_DATA_AUTH'

/** The two documents of the Habeas Data acceptance (wompi.md §3); contract ids as in the docs' examples. */
export const ACCEPTANCE_DOCUMENTS: Record<AcceptanceDocument, { contractId: number; path: string }> = {
  END_USER_POLICY: { contractId: 1, path: '/terminos/usuarios' },
  PERSONAL_DATA_AUTH: { contractId: 441, path: '/terminos/datos-personales' },
}

const TOKEN_LIFETIME_SECONDS = 3600

export type AcceptanceCheck = 'ok' | 'invalid' | 'used'

export interface AcceptanceTokens {
  issue(document: AcceptanceDocument, baseUrl: string): { acceptance_token: string; permalink: string; type: string }
  check(token: string, document: AcceptanceDocument): AcceptanceCheck
  consume(token: string): void
}

/** Presigned acceptance tokens: HS256 JWTs signed with a secret of this double, each accepted once. */
export function createAcceptanceTokens(): AcceptanceTokens {
  const secret = randomBytes(32).toString('hex')
  const used = new Set<string>()
  // Wompi's jit is the second and 5 random digits: two tokens of one second could draw the same digits (about
  // once in 300 runs of 25 payments a second), and the second would read as already used. Drawn again instead.
  const jits = new Set<string>()
  const uniqueJit = (now: number) => {
    let jit = `${now}-${randomDigits(5)}`
    while (jits.has(jit)) jit = `${now}-${randomDigits(5)}`
    jits.add(jit)
    return jit
  }
  return {
    issue(document, baseUrl) {
      const { contractId, path } = ACCEPTANCE_DOCUMENTS[document]
      const permalink = `${baseUrl}${path}`
      const now = Math.floor(Date.now() / 1000)
      const token = signJwt(
        {
          contract_id: contractId,
          permalink,
          file_hash: sha256Hex(`${document}:${path}`),
          jit: uniqueJit(now),
          exp: now + TOKEN_LIFETIME_SECONDS,
        },
        secret,
      )
      return { acceptance_token: token, permalink, type: document }
    },
    check(token, document) {
      const payload = verifyJwt(token, secret)
      if (payload === null || payload.contract_id !== ACCEPTANCE_DOCUMENTS[document].contractId) return 'invalid'
      if (typeof payload.exp !== 'number' || payload.exp <= Date.now() / 1000) return 'invalid'
      return used.has(token) ? 'used' : 'ok'
    },
    consume(token) {
      used.add(token)
    },
  }
}

/** `GET /v1/merchants/{public_key}` data (wompi.md §3). */
export function merchantInfo(summary: WompiMerchantSummary, tokens: AcceptanceTokens, baseUrl: string) {
  return {
    id: summary.id,
    name: summary.name,
    email: summary.email,
    contact_name: summary.contact_name,
    phone_number: summary.phone_number,
    active: true,
    logo_url: summary.logo_url,
    legal_name: summary.legal_name,
    legal_id_type: summary.legal_id_type,
    legal_id: summary.legal_id,
    public_key: summary.public_key,
    accepted_currencies: ['COP'],
    fraud_javascript_key: null,
    fraud_groups: [],
    accepted_payment_methods: ['NEQUI', 'PSE', 'CARD', 'BANCOLOMBIA_COLLECT'],
    payment_methods: [
      { name: 'CARD', payment_processors: [{ name: 'SANDBOX' }] },
      { name: 'NEQUI', payment_processors: [{ name: 'SANDBOX' }] },
      { name: 'PSE', payment_processors: [{ name: 'SANDBOX' }] },
      { name: 'BANCOLOMBIA_COLLECT', payment_processors: [{ name: 'SANDBOX' }] },
    ],
    presigned_acceptance: tokens.issue('END_USER_POLICY', baseUrl),
    presigned_personal_data_auth: tokens.issue('PERSONAL_DATA_AUTH', baseUrl),
  }
}

/** The sandbox banks of wompi.md §8. */
export const PSE_BANKS = [
  { financial_institution_code: '1', financial_institution_name: 'Banco que aprueba' },
  { financial_institution_code: '2', financial_institution_name: 'Banco que declina' },
  { financial_institution_code: '3', financial_institution_name: 'Banco que simula un error' },
] as const

export function bankName(code: unknown): string {
  const bank = PSE_BANKS.find((candidate) => candidate.financial_institution_code === code)
  return bank?.financial_institution_name ?? `Banco de pruebas (código ${String(code)})`
}
