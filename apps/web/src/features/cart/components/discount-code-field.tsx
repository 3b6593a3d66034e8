import type { Quote } from '@piel/contracts'
import { type FormEvent, useEffect, useId, useState } from 'react'
import { buttonStyles } from '@/components/ui/button-styles'
import { FieldError, inputClass } from '@/components/ui/form-field'
import { Spinner } from '@/components/ui/spinner'
import { normaliseCode, setDiscountCode } from '../discount-code'

type DiscountCodeFieldProps = {
  /** The code applied in this browser (`useDiscountCode`). */
  code: string | null
  /** The cart's quote: what the code took off, or why it does not apply. */
  quote: { data: Quote | undefined; isPlaceholderData: boolean; isFetching: boolean }
  /** An order refused the code (`409 codigo_no_valido`): its reason. */
  refusal?: string | null
}

const BAD_FORMAT = 'Escribe el código como te llegó: de 3 a 30 letras sin tilde, números, - o _.'

/**
 * "¿Tienes un código de descuento?" in the cart and the checkout (issue 35). The shopper types a code and applies
 * it; the server's quote says what it took off, shown with "Quitar", or why it does not apply, shown under the
 * field (the code is then forgotten, so the order is not sent with it).
 */
export function DiscountCodeField({ code, quote, refusal = null }: DiscountCodeFieldProps) {
  const inputId = useId()
  const errorId = useId()
  const [open, setOpen] = useState(code !== null)
  const [typed, setTyped] = useState(code ?? '')
  const [error, setError] = useState<string | null>(null)
  // A quote for other quantities still shows the code applied; only a quote for this very cart can refuse it.
  const applied = code !== null && quote.data?.codigo?.codigo === code ? quote.data.codigo : null
  const refused =
    code !== null && quote.data !== undefined && !quote.isPlaceholderData && !applied ? quote.data.codigoError : null

  useEffect(() => {
    if (!refused) return
    setError(refused)
    setOpen(true)
    setDiscountCode(null)
  }, [refused])

  useEffect(() => {
    if (!refusal) return
    setError(refusal)
    setOpen(true)
    setDiscountCode(null)
  }, [refusal])

  const apply = (event: FormEvent) => {
    event.preventDefault()
    const normalised = normaliseCode(typed)
    if (normalised === null) {
      setError(typed.trim() === '' ? 'Escribe tu código de descuento.' : BAD_FORMAT)
      return
    }
    setError(null)
    setTyped(normalised)
    setDiscountCode(normalised)
  }

  const remove = () => {
    setDiscountCode(null)
    setTyped('')
    setError(null)
  }

  if (applied) {
    return (
      <div className="mt-4 flex items-center justify-between gap-3 rounded-xl bg-brand-50 px-3 py-2.5 text-sm">
        <p className="text-ink-900" role="status">
          Código <strong className="font-semibold tracking-wide">{applied.codigo}</strong> aplicado
          {applied.descripcion && <span className="block text-ink-600">{applied.descripcion}</span>}
        </p>
        <button
          type="button"
          onClick={remove}
          className="shrink-0 font-semibold text-brand-700 underline underline-offset-2"
        >
          Quitar<span className="sr-only"> el código {applied.codigo}</span>
        </button>
      </div>
    )
  }

  if (!open) {
    return (
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="mt-4 text-sm font-semibold text-brand-700 underline underline-offset-2"
      >
        ¿Tienes un código de descuento?
      </button>
    )
  }

  const checking = code !== null && quote.isFetching
  return (
    <form onSubmit={apply} noValidate className="mt-4">
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-ink-900">
        Código de descuento
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value)
            if (error) setError(null)
          }}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          maxLength={40}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={`${inputClass} min-w-0 flex-1 uppercase placeholder:normal-case`}
          placeholder="Ej.: BIENVENIDA10"
        />
        <button type="submit" disabled={checking} className={`${buttonStyles.secondary} shrink-0`}>
          {checking && <Spinner />}
          Aplicar
        </button>
      </div>
      <div aria-live="polite">
        <FieldError id={errorId} message={error ?? undefined} />
      </div>
    </form>
  )
}
