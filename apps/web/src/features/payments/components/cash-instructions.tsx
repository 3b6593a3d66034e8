import type { CashInstructions as Instructions } from '@piel/contracts'
import { useEffect, useRef, useState } from 'react'
import { CheckIcon, CopyIcon } from '@/components/ui/page-icons'
import { formatDateTime } from '@/lib/format'

/** The agreement number, the payment reference (with a copy button), the deadline and the steps. */
export function CashInstructions({ instructions }: { instructions: Instructions }) {
  return (
    <div className="text-left">
      <dl className="grid gap-3 sm:grid-cols-2">
        <Value label="Convenio" value={instructions.convenio} />
        <Value label="Referencia de pago" value={instructions.referenciaPago} copyable />
      </dl>
      {instructions.venceEn && (
        <p className="mt-4 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-950 ring-1 ring-amber-200">
          Paga antes del{' '}
          <time dateTime={instructions.venceEn} className="font-semibold whitespace-nowrap">
            {formatDateTime(instructions.venceEn)}
          </time>
          ; después, la orden se cancela y los productos vuelven al inventario.
        </p>
      )}
      {instructions.instrucciones.length > 0 && (
        <>
          <h3 className="mt-5 text-sm font-semibold text-ink-900">Cómo pagar</h3>
          <ol className="mt-2 list-decimal space-y-1.5 pl-5 text-sm leading-relaxed text-ink-700 marker:font-semibold marker:text-brand-700">
            {instructions.instrucciones.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </>
      )}
    </div>
  )
}

function Value({ label, value, copyable = false }: { label: string; value: string; copyable?: boolean }) {
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null)
  const reset = useRef<number | undefined>(undefined)
  useEffect(() => () => window.clearTimeout(reset.current), [])

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value)
      setCopied('yes')
    } catch {
      setCopied('no')
    }
    window.clearTimeout(reset.current)
    reset.current = window.setTimeout(() => setCopied(null), 2500)
  }

  return (
    <div className="rounded-2xl border border-sand-200 bg-sand-50 px-4 py-3">
      <dt className="text-xs font-semibold tracking-wide text-ink-600 uppercase">{label}</dt>
      <dd className="mt-1 flex items-center justify-between gap-3">
        <span className="font-mono text-lg font-semibold tracking-wide break-all text-ink-900 tabular-nums select-all">
          {value}
        </span>
        {copyable && (
          <button
            type="button"
            onClick={() => void copy()}
            className="inline-flex min-h-10 shrink-0 items-center gap-1.5 rounded-full border border-brand-700/30 bg-white px-3 text-sm font-semibold text-brand-800 transition-colors hover:border-brand-700 hover:bg-brand-50"
          >
            {copied === 'yes' ? <CheckIcon className="size-4" /> : <CopyIcon className="size-4" />}
            {copied === 'yes' ? 'Copiada' : copied === 'no' ? 'No se pudo copiar' : 'Copiar'}
            <span className="sr-only"> la {label.toLowerCase()}</span>
          </button>
        )}
        <span role="status" className="sr-only">
          {copied === 'yes' ? `${label} copiada` : copied === 'no' ? 'No se pudo copiar; selecciona el número.' : ''}
        </span>
      </dd>
    </div>
  )
}
