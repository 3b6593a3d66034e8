import { type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes, useId, useState } from 'react'
import { ChevronDownIcon } from './icons'
import { EyeIcon, EyeOffIcon } from './page-icons'

/**
 * Form controls with their label, an optional hint and the error under the field. The error and the hint are
 * tied to the control with `aria-describedby`, and an invalid control says so with `aria-invalid`.
 * Texts are 16 px so phones do not zoom in on focus.
 */

export const inputClass =
  'block w-full scroll-mt-32 rounded-xl border border-sand-300 bg-white px-3.5 py-2.5 text-base text-ink-900 shadow-xs shadow-ink-900/5 transition-colors placeholder:text-ink-500 hover:border-sand-300 focus:border-brand-600 aria-invalid:border-clay-600 aria-invalid:bg-clay-100/30 read-only:bg-sand-50 read-only:text-ink-700 disabled:cursor-not-allowed disabled:bg-sand-50 disabled:text-ink-600'

export const labelClass = 'mb-1.5 block text-sm font-medium text-ink-900'

type FieldTextProps = {
  label: ReactNode
  error?: string | undefined
  hint?: ReactNode
  /** Marks the label visually; the `required` attribute stays off so the form's own messages are the ones shown. */
  requiredMark?: boolean
  className?: string
}

function describedBy(...ids: (string | false | undefined)[]) {
  const value = ids.filter(Boolean).join(' ')
  return value || undefined
}

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null
  return (
    <p id={id} className="mt-1.5 flex gap-1.5 text-sm font-medium text-clay-600">
      <span aria-hidden="true">!</span>
      <span>{message}</span>
    </p>
  )
}

function FieldHint({ id, hint }: { id: string; hint: ReactNode }) {
  if (!hint) return null
  return (
    <p id={id} className="mt-1.5 text-sm text-ink-600">
      {hint}
    </p>
  )
}

function LabelText({ label, requiredMark }: { label: ReactNode; requiredMark?: boolean }) {
  return (
    <>
      {label}
      {requiredMark && (
        <span aria-hidden="true" className="ml-0.5 text-clay-600">
          *
        </span>
      )}
    </>
  )
}

type TextFieldProps = FieldTextProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> & { ref?: Ref<HTMLInputElement>; trailing?: ReactNode }

export function TextField({
  label,
  error,
  hint,
  requiredMark,
  className = '',
  ref,
  trailing,
  id,
  ...input
}: TextFieldProps) {
  const autoId = useId()
  const inputId = id ?? autoId
  const errorId = `${inputId}-error`
  const hintId = `${inputId}-hint`
  return (
    <div className={className}>
      <label htmlFor={inputId} className={labelClass}>
        <LabelText label={label} requiredMark={requiredMark} />
      </label>
      <div className="relative">
        <input
          ref={ref}
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(hint ? hintId : false, error ? errorId : false)}
          className={`${inputClass} ${trailing ? 'pr-12' : ''}`}
          {...input}
        />
        {trailing && <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div>}
      </div>
      <FieldHint id={hintId} hint={hint} />
      <FieldError id={errorId} message={error} />
    </div>
  )
}

/** A password field with a button that shows what was typed (handy on phones). */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'trailing'>) {
  const [visible, setVisible] = useState(false)
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      trailing={
        <button
          type="button"
          onClick={() => setVisible((value) => !value)}
          aria-pressed={visible}
          aria-label={visible ? 'Ocultar contraseña' : 'Mostrar contraseña'}
          className="inline-flex size-10 items-center justify-center rounded-full text-ink-600 transition-colors hover:bg-sand-100 hover:text-ink-900"
        >
          {visible ? <EyeOffIcon className="size-5" /> : <EyeIcon className="size-5" />}
        </button>
      }
    />
  )
}

type SelectFieldProps = FieldTextProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className'> & { ref?: Ref<HTMLSelectElement>; children: ReactNode }

export function SelectField({
  label,
  error,
  hint,
  requiredMark,
  className = '',
  ref,
  id,
  children,
  ...select
}: SelectFieldProps) {
  const autoId = useId()
  const selectId = id ?? autoId
  const errorId = `${selectId}-error`
  const hintId = `${selectId}-hint`
  return (
    <div className={className}>
      <label htmlFor={selectId} className={labelClass}>
        <LabelText label={label} requiredMark={requiredMark} />
      </label>
      <div className="relative">
        <select
          ref={ref}
          id={selectId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(hint ? hintId : false, error ? errorId : false)}
          className={`${inputClass} appearance-none pr-10`}
          {...select}
        >
          {children}
        </select>
        <ChevronDownIcon
          strokeWidth="2"
          className="pointer-events-none absolute top-1/2 right-3.5 size-4 -translate-y-1/2 text-ink-600"
        />
      </div>
      <FieldHint id={hintId} hint={hint} />
      <FieldError id={errorId} message={error} />
    </div>
  )
}

type RadioOption = { value: string; label: ReactNode }
type RadioGroupFieldProps = FieldTextProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'type' | 'value'> & {
    ref?: Ref<HTMLInputElement>
    options: readonly RadioOption[]
  }

/** Radios in a fieldset; the legend names the group and every radio carries the group's error. */
export function RadioGroupField({
  label,
  error,
  hint,
  requiredMark,
  className = '',
  ref,
  options,
  ...input
}: RadioGroupFieldProps) {
  const groupId = useId()
  const errorId = `${groupId}-error`
  const hintId = `${groupId}-hint`
  return (
    <fieldset className={className}>
      <legend className={labelClass}>
        <LabelText label={label} requiredMark={requiredMark} />
      </legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option.value}
            className={`relative inline-flex min-h-11 cursor-pointer items-center gap-2.5 rounded-xl border bg-white px-4 py-2 text-base text-ink-900 transition-colors has-checked:border-brand-600 has-checked:bg-brand-50 has-disabled:cursor-not-allowed has-disabled:bg-sand-50 has-disabled:text-ink-600 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600 ${
              error ? 'border-clay-600' : 'border-sand-300 hover:border-brand-400'
            }`}
          >
            <input
              ref={ref}
              type="radio"
              value={option.value}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy(hint ? hintId : false, error ? errorId : false)}
              className="size-4.5 scroll-mt-32 accent-brand-700 focus-visible:outline-none"
              {...input}
            />
            {option.label}
          </label>
        ))}
      </div>
      <FieldHint id={hintId} hint={hint} />
      <FieldError id={errorId} message={error} />
    </fieldset>
  )
}

type CheckboxFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'type'> & {
  ref?: Ref<HTMLInputElement>
  label: ReactNode
  className?: string
}

export function CheckboxField({ label, className = '', ref, ...input }: CheckboxFieldProps) {
  return (
    <label className={`flex min-h-11 cursor-pointer items-center gap-3 text-base text-ink-900 ${className}`}>
      <input ref={ref} type="checkbox" className="size-5 shrink-0 rounded accent-brand-700" {...input} />
      {label}
    </label>
  )
}

type FormAlertProps = { tone: 'success' | 'danger'; message: string | null | undefined; className?: string }

/**
 * The success or danger alert of a form (spec 000 §2 Profile). Both live regions are always in the page, so a
 * message that appears is announced.
 */
export function FormAlert({ tone, message, className = '' }: FormAlertProps) {
  const styles =
    tone === 'success' ? 'border-brand-200 bg-brand-50 text-brand-900' : 'border-clay-300 bg-clay-100 text-ink-900'
  return (
    <div role={tone === 'danger' ? 'alert' : 'status'} className={message ? className : undefined}>
      {message && (
        <p className={`flex items-start gap-2.5 rounded-xl border px-4 py-3 text-sm font-medium ${styles}`}>
          <span
            aria-hidden="true"
            className={`mt-0.5 inline-flex size-4 shrink-0 items-center justify-center rounded-full text-[0.7rem] font-bold text-white ${
              tone === 'success' ? 'bg-brand-600' : 'bg-clay-600'
            }`}
          >
            {tone === 'success' ? '✓' : '!'}
          </span>
          {message}
        </p>
      )}
    </div>
  )
}
