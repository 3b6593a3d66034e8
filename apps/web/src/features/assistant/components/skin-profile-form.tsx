import type { SkinProfile, SkinProfileState } from '@piel/contracts'
import {
  SKIN_PROFILE_AGE_RANGE_LABELS,
  SKIN_PROFILE_AGE_RANGES,
  SKIN_PROFILE_CONCERNS,
  SKIN_PROFILE_CONSENT_TEXT,
  SKIN_PROFILE_FOR,
  SKIN_PROFILE_FOR_LABELS,
  SKIN_PROFILE_MEDICINE_LABELS,
  SKIN_PROFILE_MEDICINES,
  SKIN_PROFILE_PREGNANCY,
  SKIN_PROFILE_PREGNANCY_LABELS,
  SKIN_PROFILE_SENSITIVITIES,
  SKIN_PROFILE_SENSITIVITY_LABELS,
  SKIN_PROFILE_SKIN_TYPES,
  type SkinProfileAgeRange,
  type SkinProfileConcern,
  type SkinProfileFor,
  type SkinProfileMedicine,
  type SkinProfilePregnancy,
  type SkinProfileSensitivity,
  type SkinProfileSkinType,
} from '@piel/contracts/values'
import { type ReactNode, useId } from 'react'
import { type UseFormRegisterReturn, useForm } from 'react-hook-form'
import { buttonStyles } from '@/components/ui/button-styles'
import { FieldError, FormAlert, labelClass } from '@/components/ui/form-field'
import { CheckIcon } from '@/components/ui/page-icons'
import { paths } from '@/lib/paths'
import { skinProfileError, useSaveSkinProfile } from '../use-skin-profile'

/** "No lo sé" for the skin type: saved as no answer. */
const NOT_SURE = 'no_lo_se'

type Values = {
  paraQuien: SkinProfileFor | null
  tipoDePiel: SkinProfileSkinType | typeof NOT_SURE | null
  preocupaciones: SkinProfileConcern[]
  rangoEdad: SkinProfileAgeRange | null
  embarazo: SkinProfilePregnancy | null
  medicamentos: SkinProfileMedicine[]
  sensibilidades: SkinProfileSensitivity[]
  autorizacion: boolean
}

export const CONSENT_REQUIRED =
  'Para guardar tu perfil de piel marca la autorización: son datos de salud y necesitamos tu permiso (Ley 1581 de 2012).'
const SAVE_FAILED = 'No pudimos guardar tu perfil de piel. Inténtalo de nuevo en unos minutos.'

const valuesOf = (profile: SkinProfile | null): Values => ({
  paraQuien: profile?.paraQuien ?? null,
  tipoDePiel: profile?.tipoDePiel ?? null,
  preocupaciones: [...(profile?.preocupaciones ?? [])],
  rangoEdad: profile?.rangoEdad ?? null,
  embarazo: profile?.embarazo ?? null,
  medicamentos: [...(profile?.medicamentos ?? [])],
  sensibilidades: [...(profile?.sensibilidades ?? [])],
  autorizacion: false,
})

/** A checkbox group gives its values in the order they were ticked (or `false` when it has one box): the list's order. */
const inOrder = <T extends string>(all: readonly T[], chosen: unknown): T[] =>
  all.filter((value) => Array.isArray(chosen) && chosen.includes(value))

const isChild = (paraQuien: string | null) => paraQuien === 'nino' || paraQuien === 'bebe'

/**
 * The profile as the contract has it. A radio left unanswered is null; "No lo sé" is no answer; the age and a
 * pregnancy are not asked for a child or a baby, so they are not kept for one.
 */
export function profileOf(values: Values): SkinProfile {
  const child = isChild(values.paraQuien)
  return {
    paraQuien: values.paraQuien || null,
    tipoDePiel: values.tipoDePiel && values.tipoDePiel !== NOT_SURE ? values.tipoDePiel : null,
    preocupaciones: inOrder(SKIN_PROFILE_CONCERNS, values.preocupaciones),
    rangoEdad: child ? null : values.rangoEdad || null,
    embarazo: child ? null : values.embarazo || null,
    medicamentos: inOrder(SKIN_PROFILE_MEDICINES, values.medicamentos),
    sensibilidades: inOrder(SKIN_PROFILE_SENSITIVITIES, values.sensibilidades),
  }
}

type SkinProfileFormProps = {
  /** The chat's key the profile belongs to (the account's e-mail, or the chat's code). */
  userKey: string
  /** What is saved now, or null. */
  profile: SkinProfile | null
  /** After the server kept the profile (the chat says so in the conversation, the account page above the form). */
  onSaved?: (state: SkinProfileState) => void
  /** Beside "Guardar" (a dialog's "Cancelar"). */
  secondaryAction?: ReactNode
}

/**
 * The skin profile's questions (issue 31): who the advice is for, the skin type, the main concerns, the age range,
 * a pregnancy or breastfeeding, medicines that change skin care and known sensitivities. Every answer is optional;
 * the authorisation to process them (sensitive data, Ley 1581 de 2012) is not, and it is never ticked beforehand,
 * even when a profile is already saved. Answers are chips large enough for a finger. The same form is used in the
 * chat and on the account page.
 */
export function SkinProfileForm({ userKey, profile, onSaved, secondaryAction }: SkinProfileFormProps) {
  const save = useSaveSkinProfile(userKey)
  const consentId = useId()
  const {
    register,
    handleSubmit,
    watch,
    reset,
    formState: { errors },
  } = useForm<Values>({ defaultValues: valuesOf(profile) })
  const child = isChild(watch('paraQuien'))

  const submit = handleSubmit((values) => {
    save.mutate(profileOf(values), {
      onSuccess: (state) => {
        reset(valuesOf(state.perfil))
        onSaved?.(state)
      },
    })
  })

  return (
    <form noValidate onSubmit={submit} aria-label="Perfil de piel" className="space-y-6">
      <ChoiceGroup
        legend="¿Para quién son los consejos?"
        type="radio"
        field={register('paraQuien')}
        options={SKIN_PROFILE_FOR.map((value) => ({ value, label: SKIN_PROFILE_FOR_LABELS[value] }))}
      />
      <ChoiceGroup
        legend="Tipo de piel"
        type="radio"
        field={register('tipoDePiel')}
        options={[
          ...SKIN_PROFILE_SKIN_TYPES.map((value) => ({ value, label: value })),
          { value: NOT_SURE, label: 'No lo sé' },
        ]}
      />
      <ChoiceGroup
        legend="Lo que más te preocupa"
        hint="Elige las que quieras."
        type="checkbox"
        field={register('preocupaciones')}
        options={SKIN_PROFILE_CONCERNS.map((value) => ({ value, label: value }))}
      />
      {!child && (
        <>
          <ChoiceGroup
            legend="Edad"
            type="radio"
            field={register('rangoEdad')}
            options={SKIN_PROFILE_AGE_RANGES.map((value) => ({ value, label: SKIN_PROFILE_AGE_RANGE_LABELS[value] }))}
          />
          <ChoiceGroup
            legend="¿Embarazo o lactancia?"
            hint="Algunos activos no se recomiendan en estas etapas."
            type="radio"
            field={register('embarazo')}
            options={SKIN_PROFILE_PREGNANCY.map((value) => ({ value, label: SKIN_PROFILE_PREGNANCY_LABELS[value] }))}
          />
        </>
      )}
      <ChoiceGroup
        legend="¿Usas alguno de estos medicamentos?"
        hint="Cambian los productos que te conviene usar. Deja todo sin marcar si no usas ninguno."
        type="checkbox"
        field={register('medicamentos')}
        options={SKIN_PROFILE_MEDICINES.map((value) => ({ value, label: SKIN_PROFILE_MEDICINE_LABELS[value] }))}
      />
      <ChoiceGroup
        legend="¿Alergia o sensibilidad a algo de esto?"
        type="checkbox"
        field={register('sensibilidades')}
        options={SKIN_PROFILE_SENSITIVITIES.map((value) => ({
          value,
          label: SKIN_PROFILE_SENSITIVITY_LABELS[value],
        }))}
      />

      <div
        className={`rounded-2xl border bg-white p-4 ${errors.autorizacion ? 'border-clay-600 bg-clay-100/30' : 'border-sand-300'}`}
      >
        <label className="flex cursor-pointer items-start gap-3">
          <input
            type="checkbox"
            aria-invalid={errors.autorizacion ? true : undefined}
            aria-describedby={errors.autorizacion ? `${consentId}-error` : undefined}
            className="mt-0.5 size-6 shrink-0 cursor-pointer accent-brand-700"
            {...register('autorizacion', { validate: (checked) => checked || CONSENT_REQUIRED })}
          />
          <span className="text-sm leading-relaxed text-ink-700">{SKIN_PROFILE_CONSENT_TEXT}</span>
        </label>
        <p className="mt-2 pl-9 text-sm">
          <a
            href={`${paths.dataTreatmentDocument}#doc-perfil-de-piel`}
            target="_blank"
            rel="noopener"
            className="font-medium text-brand-700 underline underline-offset-2"
          >
            Política de tratamiento de datos personales
            <span className="sr-only"> (se abre en una pestaña nueva)</span>
          </a>
        </p>
        <div className="pl-9">
          <FieldError id={`${consentId}-error`} message={errors.autorizacion?.message} />
        </div>
      </div>

      <FormAlert
        tone="danger"
        message={save.isError ? skinProfileError(save.error, SAVE_FAILED) : null}
        className="-mt-2"
      />

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {secondaryAction}
        <button type="submit" disabled={save.isPending} className={`${buttonStyles.primary} min-h-12`}>
          {save.isPending ? 'Guardando…' : 'Guardar'}
        </button>
      </div>
    </form>
  )
}

type ChoiceGroupProps = {
  legend: string
  hint?: string
  type: 'radio' | 'checkbox'
  field: UseFormRegisterReturn
  options: readonly { value: string; label: string }[]
}

/** A question as a row of chips: one answer (radios) or several (checkboxes), each a 44 px target. */
function ChoiceGroup({ legend, hint, type, field, options }: ChoiceGroupProps) {
  const hintId = useId()
  return (
    <fieldset aria-describedby={hint ? hintId : undefined}>
      <legend className={labelClass}>{legend}</legend>
      {hint && (
        <p id={hintId} className="-mt-1 mb-2 text-sm text-ink-600">
          {hint}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option.value}
            className="group relative inline-flex min-h-11 max-w-full cursor-pointer items-center gap-1.5 rounded-2xl border border-sand-300 bg-white px-3.5 py-2 text-sm leading-snug text-ink-900 transition-colors hover:border-brand-400 has-checked:border-brand-700 has-checked:bg-brand-700 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600"
          >
            <input type={type} value={option.value} className="sr-only" {...field} />
            <CheckIcon className="hidden size-4 shrink-0 group-has-checked:block" />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  )
}
