import type { ComponentProps } from 'react'
import {
  type FieldError,
  type FieldErrors,
  type FieldValues,
  get,
  type Path,
  type UseFormRegister,
} from 'react-hook-form'
import { SelectField, TextField } from './form-field'

/**
 * The fields of a person that several forms ask for (the account, an address, a payment), each registered with
 * react-hook-form under the form's own field names and showing the form's own messages: the rules stay in the
 * form's schema, the markup is written here once.
 */

type DocumentFieldsProps<T extends FieldValues> = {
  register: UseFormRegister<T>
  errors: FieldErrors<T>
  /** The form's names for the kind of document and for its number. */
  names: { type: Path<T>; number: Path<T> }
  /** The kinds offered, as the contracts name them (`{ valor: 'CC', descripcion: 'Cédula de ciudadanía' }`). */
  types: readonly { valor: string; descripcion: string }[]
  /** The account's forms say "Tipo de identificación", the payment forms "Tipo de documento". */
  typeLabel: string
  /** A first, empty choice ("Selecciona…") for a form that starts with no kind chosen. */
  emptyOption?: string
  /** The keyboard for the number: `numeric` for an identity number; absent, the browser's. */
  numberInputMode?: 'numeric' | 'text'
  /** Marks the number's label as required. */
  numberRequiredMark?: boolean
  /** Given to each of the two fields (their columns in the form's grid). */
  className?: string
}

/**
 * A person's legal document: the kind (a select) and the number, as two cells of the form's grid. The fields are
 * registered under the form's own names and show the form's own messages.
 */
export function DocumentFields<T extends FieldValues>({
  register,
  errors,
  names,
  types,
  typeLabel,
  emptyOption,
  numberInputMode,
  numberRequiredMark,
  className,
}: DocumentFieldsProps<T>) {
  return (
    <>
      <SelectField
        label={typeLabel}
        className={className}
        error={messageOf(errors, names.type)}
        {...register(names.type)}
      >
        {emptyOption !== undefined && <option value="">{emptyOption}</option>}
        {types.map((type) => (
          <option key={type.valor} value={type.valor}>
            {type.descripcion}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Número de documento"
        inputMode={numberInputMode}
        autoComplete="off"
        requiredMark={numberRequiredMark}
        className={className}
        error={messageOf(errors, names.number)}
        {...register(names.number)}
      />
    </>
  )
}

/** The message of a field's error, wherever the field sits in the form's values. */
function messageOf<T extends FieldValues>(errors: FieldErrors<T>, name: Path<T>): string | undefined {
  return get<FieldErrors<T>, FieldError | undefined>(errors, name)?.message
}

type PhoneFieldProps<T extends FieldValues> = Omit<
  ComponentProps<typeof TextField>,
  'label' | 'name' | 'error' | 'type' | 'ref' | 'onChange' | 'onBlur'
> & {
  register: UseFormRegister<T>
  errors: FieldErrors<T>
  name: Path<T>
  /** "Teléfono celular" unless the form names it otherwise ("Teléfono", "Celular"). */
  label?: string
}

/**
 * A Colombian phone number: the phone keyboard, the browser's saved number without the country code and an
 * example of the format. The form's own rules check it; `inputMode`, `hint`, `readOnly`, `className`… pass through.
 */
export function PhoneField<T extends FieldValues>({
  register,
  errors,
  name,
  label = 'Teléfono celular',
  ...field
}: PhoneFieldProps<T>) {
  return (
    <TextField
      label={label}
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      placeholder="300 123 4567"
      {...field}
      error={messageOf(errors, name)}
      {...register(name)}
    />
  )
}
