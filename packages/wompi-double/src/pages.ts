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

/** `GET /pse/banco?id=…`: the sandbox bank of a PSE payment (wompi.md §8). */
export function bankPage(tx: WompiTransaction, returnUrl: string | null): string {
  const bank = bankName(tx.payment_method.financial_institution_code)
  const pending = tx.status === 'PENDING'
  const actions = pending
    ? `<form method="post" action="banco">
<input type="hidden" name="id" value="${escapeHtml(tx.id)}">
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

/** `GET /corresponsal?id=…`: a tester marks a BANCOLOMBIA_COLLECT payment as paid in cash. */
export function correspondentPage(tx: WompiTransaction, returnUrl: string | null): string {
  const extra = tx.payment_method.extra
  const pending = tx.status === 'PENDING'
  const actions = pending
    ? `<form method="post" action="corresponsal">
<input type="hidden" name="id" value="${escapeHtml(tx.id)}">
<p>El pagador lleva estos dos números a un Corresponsal Bancario Bancolombia y paga en efectivo.</p>
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

/**
 * `GET /`: what this double serves and, when `transactions` is given (tests, on its own port with
 * control on), the latest transactions with their simulator pages.
 */
export function indexPage(transactions: WompiTransaction[] | null): string {
  const rows = (transactions ?? [])
    .slice(-50)
    .reverse()
    .map((tx) => {
      const id = encodeURIComponent(tx.id)
      const action =
        tx.status !== 'PENDING'
          ? ''
          : tx.payment_method_type === 'PSE'
            ? ` · <a href="pse/banco?id=${id}">Ir al banco</a>`
            : tx.payment_method_type === 'BANCOLOMBIA_COLLECT'
              ? ` · <a href="corresponsal?id=${id}">Ir al corresponsal</a>`
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
