import { bankName } from './merchant'
import { escapeHtml, formatCop, methodLabel, renderPage, statusLabel } from './page-layout'
import type { WompiTransaction } from './types'

function summary(tx: WompiTransaction): string {
  return `<dl class="summary">
<dt>Comercio</dt><dd>${escapeHtml(tx.merchant.name)}</dd>
<dt>Referencia</dt><dd>${escapeHtml(tx.reference)}</dd>
<dt>Valor</dt><dd><strong>${formatCop(tx.amount_in_cents)}</strong></dd>
<dt>Transacción</dt><dd>${escapeHtml(tx.id)}</dd>
<dt>Estado</dt><dd class="status status-${escapeHtml(tx.status)}">${escapeHtml(statusLabel(tx.status))}</dd>
</dl>${tx.status_message === null ? '' : `<p class="muted">${escapeHtml(tx.status_message)}</p>`}`
}

function backLink(returnUrl: string | null, label: string): string {
  return returnUrl === null
    ? '<p class="muted">Ya puedes cerrar esta ventana.</p>'
    : `<a class="button" href="${escapeHtml(returnUrl)}">${escapeHtml(label)}</a>`
}

/** `GET /pse/banco?id=…&token=…`: the sandbox bank of a PSE payment (wompi.md §8), for the payer holding its link. */
export function bankPage(tx: WompiTransaction, token: string, returnUrl: string | null): string {
  const bank = bankName(tx.payment_method.financial_institution_code)
  const pending = tx.status === 'PENDING'
  const actions = pending
    ? `<form method="post" action="banco">
<input type="hidden" name="id" value="${escapeHtml(tx.id)}">
<input type="hidden" name="token" value="${escapeHtml(token)}">
<p>Simula la decisión del pagador en su banco. Con <strong>Pagar</strong> el banco responde según su código
(1 aprueba, 2 declina, 3 simula un error).</p>
<button class="button" type="submit" name="accion" value="pagar">Pagar</button>
<button class="button secondary" type="submit" name="accion" value="cancelar">Cancelar</button>
</form>`
    : `<p>Este pago ya terminó.</p>${backLink(returnUrl, 'Volver al comercio')}`
  return renderPage(
    `PSE · ${bank}`,
    `<section class="card">
<p class="muted">PSE · Pagos Seguros en Línea (simulado)</p>
<h1>${escapeHtml(bank)}</h1>
${summary(tx)}
${actions}
</section>`,
  )
}

/** What the payer typed at the correspondent, to show it again. */
export interface CorrespondentInput {
  agreementCode: string
  paymentReference: string
}

/**
 * `GET /corresponsal`: the cashier asks for the two numbers the payer brings (the shop showed them to
 * the payer); with `problem`, the answer to numbers that did not match a cash payment.
 */
export function correspondentLookupPage(
  typed: CorrespondentInput | null = null,
  problem: string | null = null,
): string {
  return renderPage(
    'Pago en corresponsal bancario',
    `<section class="card">
<p class="muted">Efectivo en Corresponsal Bancario (simulado)</p>
<h1>Pago en corresponsal bancario</h1>
<p>El pagador dicta el convenio y la referencia de pago que le dio la tienda.</p>
${problem === null ? '' : `<p class="errors" role="alert">${escapeHtml(problem)}</p>`}
<form method="post" action="corresponsal">
<label for="convenio">Convenio</label>
<input id="convenio" name="convenio" inputmode="numeric" autocomplete="off" required value="${escapeHtml(typed?.agreementCode ?? '')}">
<label for="referencia">Referencia de pago</label>
<input id="referencia" name="referencia" inputmode="numeric" autocomplete="off" required value="${escapeHtml(typed?.paymentReference ?? '')}">
<button class="button" type="submit" name="accion" value="consultar">Consultar el pago</button>
</form>
</section>`,
  )
}

/** The cash payment the payer's numbers found: the cashier marks it paid in cash. */
export function correspondentPage(tx: WompiTransaction, returnUrl: string | null): string {
  const extra = tx.payment_method.extra
  const pending = tx.status === 'PENDING'
  const actions = pending
    ? `<form method="post" action="corresponsal">
<input type="hidden" name="convenio" value="${escapeHtml(extra.business_agreement_code ?? '')}">
<input type="hidden" name="referencia" value="${escapeHtml(extra.payment_intention_identifier ?? '')}">
<p>El pagador entrega el valor en efectivo en un Corresponsal Bancario Bancolombia.</p>
<button class="button" type="submit" name="accion" value="pagar">Marcar como pagado en el corresponsal</button>
</form>`
    : `<p>Este pago ya terminó.</p>${backLink(returnUrl, 'Volver al comercio')}`
  return renderPage(
    'Pago en corresponsal bancario',
    `<section class="card">
<p class="muted">Efectivo en Corresponsal Bancario (simulado)</p>
<h1>Pago en corresponsal bancario</h1>
<dl class="summary">
<dt>Convenio</dt><dd><strong>${escapeHtml(extra.business_agreement_code ?? '—')}</strong></dd>
<dt>Referencia de pago</dt><dd><strong>${escapeHtml(extra.payment_intention_identifier ?? '—')}</strong></dd>
</dl>
${summary(tx)}
${actions}
</section>`,
  )
}

/** A final page after the bank or the correspondent when there is nowhere to go back to. */
export function outcomePage(tx: WompiTransaction): string {
  return renderPage(
    'Resultado del pago',
    `<section class="card" aria-live="polite">
<h1>Resultado del pago</h1>
${summary(tx)}
<p class="muted">Ya puedes cerrar esta ventana.</p>
</section>`,
  )
}

const TERMS = {
  usuarios: {
    title: 'Términos y condiciones de uso para usuarios',
    body: `<p>Este documento es un <strong>sustituto de pruebas</strong> que sirve el doble local de Wompi en lugar del
reglamento real («Términos y condiciones de uso para usuarios de Wompi»). No tiene valor legal.</p>
<p>En el ambiente real, el pagador debe leer y aceptar el reglamento de Wompi antes de pagar. El comercio
obtiene el token de aceptación en <code>GET /v1/merchants/{llave pública}</code>
(<code>presigned_acceptance</code>) y lo envía como <code>acceptance_token</code> al crear la transacción.</p>
<p>Cada token de aceptación sirve para una sola transacción y vence una hora después de emitido.</p>`,
  },
  'datos-personales': {
    title: 'Autorización para el tratamiento de datos personales',
    body: `<p>Este documento es un <strong>sustituto de pruebas</strong> que sirve el doble local de Wompi en lugar de la
autorización real de administración de datos personales de Wompi (Ley 1581 de 2012, Habeas Data). No tiene
valor legal.</p>
<p>En el ambiente real, el pagador autoriza el tratamiento de sus datos personales. El comercio obtiene el
token en <code>presigned_personal_data_auth</code> y lo envía como <code>accept_personal_auth</code>.</p>
<p>Cada token sirve para una sola transacción y vence una hora después de emitido.</p>`,
  },
} as const

export type TermsDocument = keyof typeof TERMS

export function termsPage(document: TermsDocument): string {
  const { title, body } = TERMS[document]
  return renderPage(title, `<article class="card"><h1>${escapeHtml(title)}</h1>${body}</article>`)
}

/** A transaction listed on the index (tests only) and, for PSE, its bank page with the payer's secret. */
export interface IndexEntry {
  tx: WompiTransaction
  bankPath: string | null
}

/**
 * `GET /`: what this double serves and, when `transactions` is given (tests, on its own port with
 * control on), the latest transactions with their simulator pages.
 */
export function indexPage(transactions: IndexEntry[] | null): string {
  const rows = (transactions ?? [])
    .slice(-50)
    .reverse()
    .map(({ tx, bankPath }) => {
      const extra = tx.payment_method.extra
      const action =
        tx.status !== 'PENDING'
          ? ''
          : tx.payment_method_type === 'PSE' && bankPath !== null
            ? ` · <a href="${escapeHtml(bankPath)}">Ir al banco</a>`
            : tx.payment_method_type === 'BANCOLOMBIA_COLLECT'
              ? ` · convenio ${escapeHtml(extra.business_agreement_code ?? '')}, referencia de pago
${escapeHtml(extra.payment_intention_identifier ?? '')} · <a href="corresponsal">Ir al corresponsal</a>`
              : ''
      return `<li><strong>${escapeHtml(tx.reference)}</strong> · ${formatCop(tx.amount_in_cents)} ·
${escapeHtml(methodLabel(tx.payment_method_type))} ·
<span class="status status-${escapeHtml(tx.status)}">${escapeHtml(statusLabel(tx.status))}</span>
${action}<br><span class="muted">${escapeHtml(tx.id)}</span></li>`
    })
    .join('\n')
  const list = rows === '' ? '<p class="muted">Todavía no hay transacciones.</p>' : `<ul class="list">${rows}</ul>`
  const latest =
    transactions === null
      ? ''
      : `<section class="card">
<h2>Últimas transacciones</h2>
${list}
</section>`
  return renderPage(
    'Inicio',
    `<section class="card">
<h1>Doble local de Wompi (sandbox)</h1>
<p>API en <code>v1/</code>, widget en <code>widget.js</code>, checkout web en <code>p/</code>.
Tarjetas de prueba: <code>4242 4242 4242 4242</code> (aprobada), <code>4111 1111 1111 1111</code> (rechazada).
Nequi: <code>3991111111</code> (aprobada), <code>3992222222</code> (rechazada).</p>
</section>
${latest}`,
  )
}
