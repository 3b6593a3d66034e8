import { CHECKOUT_SCRIPT } from './checkout-script'
import { WRONG_KEY_REASON } from './keys'
import { MERCHANT_NAME, PSE_BANKS } from './merchant'
import { escapeHtml, formatCop, renderPage } from './page-layout'
import { integritySignature } from './signatures'
import type { WompiKeys, WompiTransaction } from './types'

/** The `/p/` parameters of wompi.md §5.3, checked the way the hosted checkout checks them. */
export interface CheckoutParams {
  publicKey: string
  currency: string
  amountInCents: number
  reference: string
  signature: string
  redirectUrl: string | null
  expirationTime: string | null
  customerEmail: string
  customerData: Record<string, string> | null
  shippingAddress: Record<string, string> | null
  taxes: { type: string; amount_in_cents: number }[]
  embedded: boolean
  parentOrigin: string | null
}

export type CheckoutParamsOutcome =
  | { ok: true; params: CheckoutParams }
  | { ok: false; status: number; message: string }

const REQUIRED = ['public-key', 'currency', 'amount-in-cents', 'reference', 'signature:integrity'] as const

/** `customer-data:full-name` → { full_name: … } for every parameter under `prefix:`. */
function group(query: URLSearchParams, prefix: string): Record<string, string> | null {
  const result: Record<string, string> = {}
  for (const [key, value] of query) {
    if (key.startsWith(`${prefix}:`) && value !== '') {
      result[key.slice(prefix.length + 1).replaceAll('-', '_')] = value
    }
  }
  return Object.keys(result).length > 0 ? result : null
}

function originOf(value: string | null): string | null {
  if (value === null) return null
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null
  } catch {
    return null
  }
}

export function parseCheckoutParams(query: URLSearchParams, keys: WompiKeys): CheckoutParamsOutcome {
  const missing = REQUIRED.filter((name) => (query.get(name) ?? '') === '')
  if (missing.length > 0)
    return { ok: false, status: 422, message: `Faltan parámetros obligatorios: ${missing.join(', ')}` }
  const publicKey = query.get('public-key') ?? ''
  if (publicKey !== keys.publicKey) return { ok: false, status: 401, message: WRONG_KEY_REASON }
  const amountText = query.get('amount-in-cents') ?? ''
  const amountInCents = Number(amountText)
  if (!/^\d+$/.test(amountText) || !Number.isSafeInteger(amountInCents) || amountInCents <= 0) {
    return { ok: false, status: 422, message: 'El valor (amount-in-cents) debe ser un entero positivo en centavos' }
  }
  const currency = query.get('currency') ?? ''
  if (currency !== 'COP') return { ok: false, status: 422, message: 'Moneda no soportada: solo se acepta COP' }
  const reference = query.get('reference') ?? ''
  if (reference.length > 255) return { ok: false, status: 422, message: 'La referencia supera los 255 caracteres' }
  const expirationTime = query.get('expiration-time') || null
  const signature = query.get('signature:integrity') ?? ''
  const expected = integritySignature(
    { reference, amountInCents, currency, ...(expirationTime === null ? {} : { expirationTime }) },
    keys.integritySecret,
  )
  if (signature.toLowerCase() !== expected) return { ok: false, status: 422, message: 'La firma es inválida' }
  if (expirationTime !== null) {
    const time = Date.parse(expirationTime)
    if (Number.isNaN(time)) return { ok: false, status: 422, message: 'expiration-time no es una fecha ISO 8601' }
    if (time <= Date.now()) return { ok: false, status: 422, message: 'El link de pago expiró' }
  }
  const redirectUrl = query.get('redirect-url') || null
  if (redirectUrl !== null && originOf(redirectUrl) === null) {
    return { ok: false, status: 422, message: 'redirect-url debe ser una URL http(s) absoluta' }
  }
  const customerData = group(query, 'customer-data')
  const taxes: CheckoutParams['taxes'] = []
  for (const [name, type] of [
    ['vat', 'VAT'],
    ['consumption', 'CONSUMPTION'],
  ] as const) {
    const value = Number(query.get(`tax-in-cents:${name}`) ?? Number.NaN)
    if (Number.isSafeInteger(value) && value >= 0) taxes.push({ type, amount_in_cents: value })
  }
  const { email = '', ...otherCustomerData } = customerData ?? {}
  return {
    ok: true,
    params: {
      publicKey,
      currency,
      amountInCents,
      reference,
      signature: expected,
      redirectUrl,
      expirationTime,
      customerEmail: email,
      customerData: Object.keys(otherCustomerData).length > 0 ? otherCustomerData : null,
      shippingAddress: group(query, 'shipping-address'),
      taxes,
      embedded: query.get('embedded') === '1',
      parentOrigin: originOf(query.get('parent-origin')),
    },
  }
}

export interface CheckoutPageInput {
  params: CheckoutParams
  /** An APPROVED transaction of this reference, if any: the checkout shows it instead of charging twice. */
  approved: WompiTransaction | null
  permalinks: { endUserPolicy: string; personalData: string }
}

function options(values: readonly (readonly [string, string])[]): string {
  return values.map(([value, label]) => `<option value="${escapeHtml(value)}">${escapeHtml(label)}</option>`).join('')
}

export function checkoutPage({ params, approved, permalinks }: CheckoutPageInput): string {
  const amountLabel = formatCop(params.amountInCents)
  const installments = Array.from({ length: 36 }, (_, i) => [String(i + 1), String(i + 1)] as const)
  const banks = PSE_BANKS.map((bank) => [bank.financial_institution_code, bank.financial_institution_name] as const)
  const documentTypes = ['CC', 'CE', 'NIT', 'PP', 'TI'].map((type) => [type, type] as const)
  const expiration =
    params.expirationTime === null
      ? ''
      : `<dt>Vence</dt><dd>${escapeHtml(new Date(params.expirationTime).toLocaleString('es-CO', { timeZone: 'America/Bogota' }))}</dd>`
  const body = `<section class="card">
<p class="muted">Pagas a</p>
<h1>${escapeHtml(MERCHANT_NAME)}</h1>
<p class="amount">${amountLabel}</p>
<dl class="summary"><dt>Referencia</dt><dd>${escapeHtml(params.reference)}</dd>${expiration}</dl>
</section>
<section class="card" id="pay-section">
<form id="pay-form" novalidate>
<label for="email">Correo electrónico</label>
<input id="email" type="email" autocomplete="email" value="${escapeHtml(params.customerEmail)}">
<fieldset class="methods"><legend>Medio de pago</legend>
<label><input type="radio" name="method" value="CARD" checked> Tarjeta</label>
<label><input type="radio" name="method" value="NEQUI"> Nequi</label>
<label><input type="radio" name="method" value="PSE"> PSE</label>
</fieldset>
<div id="method-CARD">
<label for="card-number">Número de la tarjeta</label>
<input id="card-number" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242">
<div class="row">
<div><label for="card-month">Mes</label><input id="card-month" inputmode="numeric" maxlength="2" placeholder="MM" autocomplete="cc-exp-month"></div>
<div><label for="card-year">Año</label><input id="card-year" inputmode="numeric" maxlength="4" placeholder="AA" autocomplete="cc-exp-year"></div>
<div><label for="card-cvc">CVC</label><input id="card-cvc" inputmode="numeric" maxlength="4" autocomplete="cc-csc"></div>
</div>
<label for="card-holder">Nombre del titular</label>
<input id="card-holder" autocomplete="cc-name">
<label for="card-installments">Cuotas</label>
<select id="card-installments">${options(installments)}</select>
<p class="hint">Tarjetas de prueba: <code>4242 4242 4242 4242</code> aprobada · <code>4111 1111 1111 1111</code>
rechazada · cualquier otra termina en error. Usa una fecha futura y cualquier CVC de 3 dígitos.</p>
</div>
<div id="method-NEQUI" hidden>
<label for="nequi-phone">Celular registrado en Nequi</label>
<input id="nequi-phone" inputmode="numeric" maxlength="10" autocomplete="tel-national" placeholder="3991111111">
<p class="hint">Números de prueba: <code>3991111111</code> aprobada · <code>3992222222</code> rechazada · cualquier otro
termina en error.</p>
</div>
<div id="method-PSE" hidden>
<label for="pse-bank">Banco</label>
<select id="pse-bank"><option value="">Selecciona tu banco</option>${options(banks)}</select>
<label for="pse-user-type">Tipo de persona</label>
<select id="pse-user-type">${options([
    ['0', 'Natural'],
    ['1', 'Jurídica'],
  ])}</select>
<div class="row">
<div><label for="pse-doc-type">Tipo de documento</label><select id="pse-doc-type">${options(documentTypes)}</select></div>
<div><label for="pse-doc">Número de documento</label><input id="pse-doc" inputmode="numeric" autocomplete="off"></div>
</div>
<p class="hint">Irás a la página del banco simulado para confirmar el pago: «Banco que aprueba» lo aprueba,
«Banco que declina» lo rechaza y «Banco que simula un error» termina en error.</p>
</div>
<label class="check"><input type="checkbox" id="accept-terms"><span>Acepto haber leído el
<a href="${escapeHtml(permalinks.endUserPolicy)}" target="_blank" rel="noopener">reglamento de uso para usuarios</a>.</span></label>
<label class="check"><input type="checkbox" id="accept-data"><span>Acepto la
<a href="${escapeHtml(permalinks.personalData)}" target="_blank" rel="noopener">autorización para la administración de datos personales</a>.</span></label>
<div id="form-errors" class="errors" role="alert" tabindex="-1" hidden></div>
<button class="button" type="submit" id="pay-button">Pagar ${amountLabel}</button>
</form>
</section>
<section class="card" id="progress" hidden aria-live="polite">
<h1>Procesando tu pago…</h1>
<p id="progress-text" class="muted"></p>
</section>
<section class="card" id="result" hidden aria-live="polite">
<h1 id="result-title" tabindex="-1"></h1>
<dl class="summary" id="result-summary"></dl>
<p id="result-message" class="muted"></p>
<button class="button" type="button" id="retry-button" hidden>Reintentar</button>
<button class="button secondary" type="button" id="finish-button" hidden>Volver al comercio</button>
<p id="finish-note" class="muted" hidden>Ya puedes cerrar esta ventana.</p>
</section>`
  const data = {
    publicKey: params.publicKey,
    currency: params.currency,
    amountInCents: params.amountInCents,
    amountLabel,
    reference: params.reference,
    signature: params.signature,
    expirationTime: params.expirationTime,
    redirectUrl: params.redirectUrl,
    customerData: params.customerData,
    shippingAddress: params.shippingAddress,
    taxes: params.taxes,
    embedded: params.embedded,
    parentOrigin: params.parentOrigin,
    approved,
  }
  return renderPage(`Pagar ${amountLabel}`, body, { data, script: CHECKOUT_SCRIPT })
}
