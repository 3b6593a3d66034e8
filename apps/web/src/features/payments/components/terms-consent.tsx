import type { WompiSettings } from '@piel/contracts'
import { type Ref, useId } from 'react'
import { FieldError } from '@/components/ui/form-field'

type TermsConsentProps = {
  settings: Pick<WompiSettings, 'urlTerminos' | 'urlDatosPersonales'>
  checked: boolean
  onChange: (checked: boolean) => void
  error: string | null
  ref?: Ref<HTMLInputElement>
  className?: string
}

const linkClass = 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800'

/**
 * One checkbox for Wompi's end-user terms and its personal-data authorisation (Colombian Habeas Data: both must be
 * accepted before any payment), each document a link that opens in a new tab.
 */
export function TermsConsent({ settings, checked, onChange, error, ref, className = '' }: TermsConsentProps) {
  const id = useId()
  const errorId = `${id}-error`
  return (
    <div className={className}>
      <div
        className={`flex items-start gap-3 rounded-2xl border px-4 py-3 transition-colors ${
          error
            ? 'border-clay-600 bg-clay-100/40'
            : checked
              ? 'border-brand-200 bg-brand-50'
              : 'border-sand-200 bg-sand-50'
        }`}
      >
        <input
          ref={ref}
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="mt-0.5 size-5 shrink-0 scroll-mt-32 rounded accent-brand-700"
        />
        <label htmlFor={id} className="text-sm leading-relaxed text-ink-900">
          Acepto los{' '}
          <a href={settings.urlTerminos} target="_blank" rel="noopener noreferrer" className={linkClass}>
            términos y condiciones
            <span className="sr-only"> de Wompi (se abre en una pestaña nueva)</span>
          </a>{' '}
          y la{' '}
          <a href={settings.urlDatosPersonales} target="_blank" rel="noopener noreferrer" className={linkClass}>
            autorización de tratamiento de datos personales
            <span className="sr-only"> de Wompi (se abre en una pestaña nueva)</span>
          </a>{' '}
          de Wompi, el sistema de pagos de la tienda.
        </label>
      </div>
      <FieldError id={errorId} message={error ?? undefined} />
    </div>
  )
}
