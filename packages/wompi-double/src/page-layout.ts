/** Shared HTML shell of the double's pages: self-contained (no fonts, no CDN), readable at 375 px. */

export const SANDBOX_LABEL = 'Wompi · Modo de pruebas (doble local)'

export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

/** JSON safe to embed inside a <script type="application/json"> element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029')
}

/** Colombian pesos as the checkout shows them: 4590000 cents → "$ 45.900" ("$ 45.900,50" with cents). */
export function formatCop(amountInCents: number): string {
  const cents = Math.abs(Math.trunc(amountInCents))
  const pesos = Math.floor(cents / 100)
  const rest = cents % 100
  const grouped = String(pesos).replace(/\B(?=(\d{3})+(?!\d))/g, '.')
  const sign = amountInCents < 0 ? '-' : ''
  return `${sign}$ ${grouped}${rest === 0 ? '' : `,${String(rest).padStart(2, '0')}`}`
}

const STATUS_LABELS: Record<string, string> = {
  PENDING: 'Pendiente',
  APPROVED: 'Aprobada',
  DECLINED: 'Rechazada',
  VOIDED: 'Anulada',
  ERROR: 'Error',
}

export function statusLabel(status: string): string {
  return STATUS_LABELS[status] ?? status
}

const METHOD_LABELS: Record<string, string> = {
  CARD: 'Tarjeta',
  NEQUI: 'Nequi',
  PSE: 'PSE',
  BANCOLOMBIA_COLLECT: 'Efectivo en corresponsal bancario',
}

export function methodLabel(type: string): string {
  return METHOD_LABELS[type] ?? type
}

export const PAGE_STYLES = `
:root{--ink:#1d1d2b;--muted:#5d6170;--line:#dfe2ea;--brand:#2c2a5b;--ok:#00704a;--bad:#b3261e;--warn:#8a5a00;--bg:#f4f5f9}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;color:var(--ink);background:var(--bg)}
.sandbox{background:#ffd84d;color:#3b2f00;text-align:center;font-weight:700;font-size:14px;padding:8px 44px 8px 12px}
main{max-width:480px;margin:0 auto;padding:16px}
.card{background:#fff;border:1px solid var(--line);border-radius:12px;padding:16px;margin:0 0 16px}
h1{font-size:1.25rem;margin:0 0 8px}
h2{font-size:1.05rem;margin:16px 0 8px}
p{margin:8px 0}
.muted{color:var(--muted);font-size:.9rem}
.amount{font-size:1.75rem;font-weight:700;margin:4px 0}
dl.summary{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;margin:8px 0;font-size:.95rem}
dl.summary dt{color:var(--muted)}
dl.summary dd{margin:0;text-align:right;overflow-wrap:anywhere}
label{display:block;font-weight:600;font-size:.9rem;margin:12px 0 4px}
input,select{width:100%;padding:10px 12px;font:inherit;border:1px solid #b9bdc9;border-radius:8px;background:#fff;color:inherit}
input:focus,select:focus,button:focus,a:focus{outline:3px solid #7aa7ff;outline-offset:1px}
.row{display:flex;gap:8px}
.row>*{flex:1;min-width:0}
.check{display:flex;gap:8px;align-items:flex-start;font-weight:400;margin:10px 0}
.check input{width:auto;margin-top:4px}
.methods{display:flex;gap:8px;margin:8px 0 0;padding:0;border:0}
.methods legend{font-weight:600;font-size:.9rem;margin-bottom:4px;padding:0}
.methods label{flex:1;margin:0;text-align:center;border:1px solid #b9bdc9;border-radius:8px;padding:10px 4px;cursor:pointer;background:#fff}
.methods input{position:absolute;opacity:0;width:1px;height:1px}
.methods label:has(input:checked){border:2px solid var(--brand);background:#eceaff}
.methods label:has(input:focus-visible){outline:3px solid #7aa7ff}
.button{display:block;width:100%;padding:12px 16px;margin:12px 0 0;font:inherit;font-weight:700;border:0;border-radius:8px;background:var(--brand);color:#fff;cursor:pointer;text-align:center;text-decoration:none}
.button.secondary{background:#fff;color:var(--brand);border:1px solid var(--brand)}
.button.danger{background:var(--bad)}
.button[disabled]{opacity:.6;cursor:progress}
.hint{font-size:.85rem;color:var(--muted);background:#f7f8fb;border:1px dashed var(--line);border-radius:8px;padding:8px 10px;margin:10px 0 0}
.hint code{font-size:.85rem;color:var(--ink)}
.errors{color:var(--bad);background:#fdecea;border-radius:8px;padding:8px 12px;margin:12px 0 0}
.errors ul{margin:0;padding-left:18px}
.status{font-weight:700}
.status-APPROVED{color:var(--ok)}
.status-DECLINED,.status-ERROR{color:var(--bad)}
.status-PENDING,.status-VOIDED{color:var(--warn)}
ul.list{list-style:none;margin:0;padding:0}
ul.list li{padding:8px 0;border-bottom:1px solid var(--line);overflow-wrap:anywhere}
footer{max-width:480px;margin:0 auto;padding:0 16px 24px;color:var(--muted);font-size:.8rem;text-align:center}
[hidden]{display:none!important}
`

export interface PageOptions {
  /** Inline script (already trusted source text). */
  script?: string
  /** Data for the script, embedded as <script type="application/json" id="page-data">. */
  data?: unknown
}

export function renderPage(title: string, body: string, options: PageOptions = {}): string {
  const data =
    options.data === undefined
      ? ''
      : `<script type="application/json" id="page-data">${jsonForScript(options.data)}</script>`
  const script = options.script === undefined ? '' : `<script>${options.script}</script>`
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${SANDBOX_LABEL}</title>
<style>${PAGE_STYLES}</style>
</head>
<body>
<div class="sandbox" role="note">${SANDBOX_LABEL}</div>
<main>
${body}
</main>
<footer>Doble local de pruebas: ningún pago es real y nada sale de este equipo.</footer>
${data}${script}
</body>
</html>`
}

export function errorPage(title: string, message: string): string {
  return renderPage(
    title,
    `<section class="card" role="alert">
<h1>${escapeHtml(title)}</h1>
<p class="errors">${escapeHtml(message)}</p>
</section>`,
  )
}
