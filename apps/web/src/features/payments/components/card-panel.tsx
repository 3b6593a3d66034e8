import { zodResolver } from '@hookform/resolvers/zod'
import type { WompiSettings } from '@piel/contracts'
import { MAX_INSTALLMENTS } from '@piel/contracts/values'
import { useMemo, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { SelectField, TextField } from '@/components/ui/form-field'
import { CardIcon, LockIcon } from '@/components/ui/page-icons'
import { DocumentFields } from '@/components/ui/person-fields'
import { formResolver } from '@/lib/form-resolver'
import { paymentsApi } from '../api'
import {
  type CardFormOutput,
  type CardFormValues,
  CVC_MAX_DIGITS,
  cardFormSchema,
  emptyCardForm,
  HOLDER_MAX_LENGTH,
} from '../card-form'

import { detectIssuer, EXPIRY_MONTHS, expiryYears, groupCardNumber } from '../card-number'
import { callFailureMessage, cardAction, errorNotice } from '../outcomes'
import { PAYER_DOCUMENT_FIELDS } from '../payer-forms'
import { showNotice, useFollowStep, useSessionCheck } from '../use-payment-step'
import { tokeniseCard } from '../wompi-tokens'
import { PaySubmit } from './pay-submit'

type CardPanelProps = {
  orderId: number
  total: string
  settings: WompiSettings
  payer: { legalIdType?: string | null; legalId?: string | null }
  requireTerms: () => boolean
  onPaymentChange: () => void
}

type Phase = 'idle' | 'tokenising' | 'paying' | 'leaving'

const INSTALLMENTS = Array.from({ length: MAX_INSTALLMENTS }, (_, index) => index + 1)

/**
 * The card form (spec 001 §5). The card goes from this browser to Wompi (`/tokens/cards` with the public key); the
 * shop's server receives only the token, the installments and the holder's document (`pago/PagarConTarjeta`).
 */
export function CardPanel({ orderId, total, settings, payer, requireTerms, onPaymentChange }: CardPanelProps) {
  const schema = useMemo(() => cardFormSchema(), [])
  const resolver = useMemo(() => formResolver<CardFormValues, CardFormOutput>(zodResolver(schema)), [schema])
  const years = useMemo(() => expiryYears(), [])
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    watch,
    formState: { errors },
  } = useForm<CardFormValues, unknown, CardFormOutput>({
    resolver,
    defaultValues: emptyCardForm({ legalIdType: payer.legalIdType ?? undefined, legalId: payer.legalId ?? undefined }),
  })
  const [phase, setPhase] = useState<Phase>('idle')
  const [failure, setFailure] = useState<string | null>(null)
  const submitting = useRef(false)
  const follow = useFollowStep()
  const checkSession = useSessionCheck()
  const issuer = detectIssuer(watch('number'))

  const pay = async (card: CardFormOutput) => {
    // One payment at a time: a double tap must not tokenise or charge twice.
    if (submitting.current || !requireTerms()) return
    submitting.current = true
    setFailure(null)
    let leaving = false
    try {
      setPhase('tokenising')
      const token = await tokeniseCard(settings, {
        number: card.number,
        cvc: card.cvc,
        expMonth: card.expiryMonth,
        expYear: card.expiryYearShort,
        holder: card.holder,
      })
      if (!token.ok) {
        for (const [field, message] of Object.entries(token.fields)) {
          setError(field as keyof CardFormValues, { type: 'wompi', message })
        }
        setFailure(token.message)
        showNotice(errorNotice(token.message))
        return
      }
      setPhase('paying')
      const outcome = await paymentsApi.payWithCard({
        idOrden: orderId,
        tokenTarjeta: token.token,
        numeroCuotas: card.installments,
        nombreTitular: card.holder,
        tipoIdentificacion: card.legalIdType,
        numeroIdentificacion: card.legalId,
        aceptaTerminos: true,
      })
      const action = cardAction(outcome)
      showNotice(action.notice)
      if (action.step.kind === 'stay') {
        // Declined: the form stays for another card; the security code is never kept.
        setFailure(action.notice?.message ?? null)
        setValue('cvc', '')
        onPaymentChange()
        return
      }
      leaving = follow(action.step)
    } catch (error) {
      checkSession(error)
      const message = callFailureMessage('card', error)
      setFailure(message)
      showNotice(errorNotice(message))
    } finally {
      submitting.current = false
      setPhase(leaving ? 'leaving' : 'idle')
    }
  }

  const busy = phase !== 'idle'
  const numberField = register('number', {
    onChange: (event: { target: { value: string } }) => {
      const grouped = groupCardNumber(event.target.value)
      if (grouped !== event.target.value) setValue('number', grouped)
    },
  })

  return (
    <form noValidate onSubmit={handleSubmit(pay)} aria-busy={busy}>
      <p className="mb-5 flex items-start gap-2 text-sm text-ink-700">
        <LockIcon className="mt-0.5 size-4 shrink-0 text-brand-700" />
        <span>Los datos de tu tarjeta van directo a Wompi, cifrados. La tienda no los recibe ni los guarda.</span>
      </p>
      <fieldset disabled={busy} className="grid gap-x-4 gap-y-5 sm:grid-cols-6">
        <legend className="sr-only">Datos de la tarjeta</legend>
        <TextField
          label="Número de la tarjeta"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="0000 0000 0000 0000"
          maxLength={19}
          className="sm:col-span-6"
          error={errors.number?.message}
          hint={
            <span className="inline-flex items-center gap-1.5">
              <CardIcon className="size-4 text-ink-500" />
              {issuer ? (
                <span>
                  Tarjeta <span className="font-semibold text-ink-900">{issuer.name}</span>
                </span>
              ) : (
                'Visa, Mastercard, American Express o Diners'
              )}
            </span>
          }
          {...numberField}
        />
        <TextField
          label="Nombre del titular"
          autoComplete="cc-name"
          autoCapitalize="characters"
          maxLength={HOLDER_MAX_LENGTH}
          hint="Como aparece en la tarjeta."
          className="sm:col-span-4"
          error={errors.holder?.message}
          {...register('holder')}
        />
        <TextField
          label="CVV"
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={CVC_MAX_DIGITS}
          hint="3 o 4 dígitos, al respaldo."
          className="sm:col-span-2"
          error={errors.cvc?.message}
          {...register('cvc')}
        />
        <div className="grid grid-cols-2 gap-x-4 sm:col-span-4">
          <SelectField
            label="Mes de vencimiento"
            autoComplete="cc-exp-month"
            error={errors.expiryMonth?.message}
            {...register('expiryMonth')}
          >
            <option value="">Mes</option>
            {EXPIRY_MONTHS.map((month) => (
              <option key={month} value={month}>
                {month}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Año de vencimiento"
            autoComplete="cc-exp-year"
            error={errors.expiryYear?.message}
            {...register('expiryYear')}
          >
            <option value="">Año</option>
            {years.map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </SelectField>
        </div>
        <SelectField
          label="Cuotas"
          className="sm:col-span-2"
          error={errors.installments?.message}
          {...register('installments')}
        >
          {INSTALLMENTS.map((count) => (
            <option key={count} value={count}>
              {count === 1 ? '1 cuota' : `${count} cuotas`}
            </option>
          ))}
        </SelectField>
        <DocumentFields
          register={register}
          errors={errors}
          {...PAYER_DOCUMENT_FIELDS}
          numberInputMode="text"
          className="sm:col-span-3"
        />
      </fieldset>

      <PaySubmit failure={failure} busy={busy}>
        {phase === 'tokenising'
          ? 'Protegiendo tu tarjeta…'
          : phase === 'paying' || phase === 'leaving'
            ? 'Procesando el pago…'
            : `Pagar ${total}`}
      </PaySubmit>
    </form>
  )
}
