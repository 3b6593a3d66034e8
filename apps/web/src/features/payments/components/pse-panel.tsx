import { zodResolver } from '@hookform/resolvers/zod'
import { PAYMENT_MESSAGES } from '@piel/contracts/values'
import { useQuery } from '@tanstack/react-query'
import { type ReactNode, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { RadioGroupField, SelectField, TextField } from '@/components/ui/form-field'
import { BankIcon } from '@/components/ui/page-icons'
import { DocumentFields } from '@/components/ui/person-fields'
import { RetryButton } from '@/components/ui/query-notice'
import { Skeleton } from '@/components/ui/skeleton'
import { Spinner } from '@/components/ui/spinner'
import { formResolver } from '@/lib/form-resolver'
import { paymentsApi, paymentsQueries } from '../api'
import { callFailureMessage, errorNotice, pseAction } from '../outcomes'
import {
  emptyPseForm,
  PAYER_DOCUMENT_FIELDS,
  PSE_PERSON_TYPES,
  type PseFormOutput,
  type PseFormValues,
  pseFormSchema,
} from '../payer-forms'
import { showNotice, useFollowStep, useSessionCheck } from '../use-payment-step'
import { PaySubmit } from './pay-submit'
import { PaymentFailure } from './payment-failure'

const resolver = formResolver<PseFormValues, PseFormOutput>(zodResolver(pseFormSchema))

type PsePanelProps = {
  orderId: number
  storeId: number
  total: string
  payer: { email: string; legalIdType?: string | null; legalId?: string | null }
  requireTerms: () => boolean
  onPaymentChange: () => void
}

/**
 * PSE (spec 001 §3, §5): the bank, the kind of person and the payer's document and e-mail. A pending answer brings
 * the bank's page (`urlSalida`); the bank sends the shopper back to `/PaymentConfirmationPSE/{id}`.
 */
export function PsePanel({ orderId, storeId, total, payer, requireTerms, onPaymentChange }: PsePanelProps) {
  const banks = useQuery(paymentsQueries.pseBanks(storeId))
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PseFormValues, unknown, PseFormOutput>({ resolver, defaultValues: emptyPseForm(payer) })
  const [phase, setPhase] = useState<'idle' | 'paying' | 'redirecting'>('idle')
  const [failure, setFailure] = useState<string | null>(null)
  const submitting = useRef(false)
  const follow = useFollowStep()
  const checkSession = useSessionCheck()

  const pay = async (values: PseFormOutput) => {
    if (submitting.current || !requireTerms()) return
    submitting.current = true
    setFailure(null)
    setPhase('paying')
    let leaving = false
    try {
      const outcome = await paymentsApi.payWithPse({
        IdOrden: orderId,
        PseCode: values.bank,
        TipoPersona: Number(values.personType),
        TipoIdentificacion: values.legalIdType,
        NumeroIdentificacion: values.legalId,
        CorreoElectronico: values.email,
        AceptaTerminos: true,
      })
      const action = pseAction(outcome)
      showNotice(action.notice)
      if (action.step.kind === 'stay') {
        setFailure(action.notice?.message ?? null)
        onPaymentChange()
        return
      }
      if (action.step.kind === 'bank') setPhase('redirecting')
      leaving = follow(action.step)
    } catch (error) {
      checkSession(error)
      const message = callFailureMessage('pse', error)
      setFailure(message)
      showNotice(errorNotice(message))
    } finally {
      submitting.current = false
      if (!leaving) setPhase('idle')
    }
  }

  if (phase === 'redirecting') {
    return (
      <div role="status" className="flex flex-col items-center py-6 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <BankIcon className="size-6" />
        </span>
        <p className="mt-3 flex items-center gap-2 font-medium text-ink-900">
          <Spinner className="size-4 text-brand-700" />
          {PAYMENT_MESSAGES.pseRedirect}
        </p>
        <p className="mt-1 text-sm text-ink-600">No cierres esta ventana.</p>
      </div>
    )
  }

  const busy = phase !== 'idle'
  let bankField: ReactNode
  if (banks.isPending) {
    bankField = (
      <div role="status" className="sm:col-span-2">
        <span className="sr-only">Cargando los bancos…</span>
        <Skeleton className="mb-2 h-4 w-16" />
        <Skeleton className="h-11 w-full rounded-xl" />
      </div>
    )
  } else if (banks.isError) {
    bankField = (
      <PaymentFailure
        className="sm:col-span-2"
        message="No pudimos cargar la lista de bancos."
        action={<RetryButton query={banks} />}
      />
    )
  } else {
    bankField = (
      <SelectField label="Banco" className="sm:col-span-2" error={errors.bank?.message} {...register('bank')}>
        <option value="">Escoge tu banco</option>
        {banks.data.map((bank) => (
          <option key={bank.pseCode} value={bank.pseCode}>
            {bank.description}
          </option>
        ))}
      </SelectField>
    )
  }

  return (
    <form noValidate onSubmit={handleSubmit(pay)} aria-busy={busy}>
      <p className="mb-5 text-sm text-ink-700">
        Paga con débito desde tu cuenta de ahorros o corriente. Te llevaremos a la página de tu banco para autorizar el
        pago.
      </p>
      <fieldset disabled={busy} className="grid gap-x-4 gap-y-5 sm:grid-cols-2">
        <legend className="sr-only">Datos para PSE</legend>
        {bankField}
        <RadioGroupField
          label="Tipo de persona"
          options={PSE_PERSON_TYPES}
          className="sm:col-span-2"
          error={errors.personType?.message}
          {...register('personType')}
        />
        <DocumentFields register={register} errors={errors} {...PAYER_DOCUMENT_FIELDS} numberRequiredMark />
        <TextField
          label="Correo electrónico"
          type="email"
          autoComplete="email"
          inputMode="email"
          requiredMark
          className="sm:col-span-2"
          error={errors.email?.message}
          {...register('email')}
        />
      </fieldset>

      <PaySubmit failure={failure} busy={busy} disabled={!banks.isSuccess}>
        {busy ? 'Conectando con PSE…' : `Pagar ${total} con PSE`}
      </PaySubmit>
    </form>
  )
}
