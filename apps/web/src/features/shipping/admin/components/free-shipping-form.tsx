import { zodResolver } from '@hookform/resolvers/zod'
import { type ShippingSettings, ShippingSettingsSchema } from '@piel/contracts'
import { useId } from 'react'
import { type Resolver, type ResolverResult, useForm, useWatch } from 'react-hook-form'
import { buttonStyles } from '@/components/ui/button-styles'
import { CheckboxField, FormAlert, TextField } from '@/components/ui/form-field'
import { ApiError } from '@/lib/api-client'
import { formatCop } from '@/lib/format'
import { useSaveFreeShipping } from '../shipping-api'
import { pesosOf, pesosText } from './shipping-text'

type FreeShippingValues = { desde: string; sinEnvioGratis: boolean }

/** The server's rule (`ShippingSettingsSchema`) on the form's fields; its message lands on the amount. */
const contractResolver = zodResolver(ShippingSettingsSchema)
const settingsResolver: Resolver<FreeShippingValues, unknown, ShippingSettings> = async (
  values,
  context,
  options,
): Promise<ResolverResult<FreeShippingValues, ShippingSettings>> => {
  const input = { envioGratisDesde: values.sinEnvioGratis ? null : pesosOf(values.desde ?? '') }
  // biome-ignore lint/suspicious/noExplicitAny: the contract's resolver is typed with its own fields, not the form's.
  const result = await contractResolver(input, context, options as any)
  const message = result.errors.envioGratisDesde?.message
  if (message) return { values: {}, errors: { desde: { type: 'validate', message } } }
  return { values: result.values as ShippingSettings, errors: {} }
}

/**
 * The purchase (subtotal, IVA included) from which shipping is free, or none: "Envío gratis desde" and its amount,
 * or "Sin envío gratis". The form starts again from what the server answered after each save.
 */
export function FreeShippingForm({ current }: { current: number | null }) {
  const ids = useId()
  const save = useSaveFreeShipping()
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FreeShippingValues, unknown, ShippingSettings>({
    resolver: settingsResolver,
    defaultValues: { desde: current === null ? '' : pesosText(current), sinEnvioGratis: current === null },
  })
  const none = useWatch({ control, name: 'sinEnvioGratis' })

  const submit = handleSubmit(async ({ envioGratisDesde }) => {
    try {
      await save.mutateAsync(envioGratisDesde)
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      const field = error.campos?.envioGratisDesde
      if (field) setError('desde', { message: field }, { shouldFocus: true })
      else setError('root', { message: error.serverMessage ?? error.message })
    }
  })

  return (
    <section aria-labelledby={`${ids}-title`} className="rounded-2xl border border-sand-200 bg-white p-4 sm:p-5">
      <h2 id={`${ids}-title`} className="text-lg font-semibold">
        Envío gratis
      </h2>
      <p className="mt-1 text-sm text-ink-600">
        {current === null
          ? 'Ahora: sin envío gratis; toda compra paga el envío de su zona.'
          : `Ahora: las compras desde ${formatCop(current)} (subtotal con IVA) no pagan envío.`}
      </p>
      <form noValidate onSubmit={submit} aria-label="Envío gratis" className="mt-4">
        <FormAlert tone="danger" message={errors.root?.message} className="mb-3" />
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-start">
          <TextField
            label="Envío gratis desde (pesos)"
            inputMode="numeric"
            autoComplete="off"
            placeholder="150.000"
            className="sm:w-64"
            error={none ? undefined : errors.desde?.message}
            {...register('desde', { disabled: none })}
          />
          <CheckboxField label="Sin envío gratis" className="sm:mt-7" {...register('sinEnvioGratis')} />
          <button type="submit" className={`${buttonStyles.primary} min-h-11 sm:mt-7`} disabled={isSubmitting}>
            {isSubmitting ? 'Guardando…' : 'Guardar'}
          </button>
        </div>
      </form>
    </section>
  )
}
