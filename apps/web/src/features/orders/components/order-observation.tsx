import { useId } from 'react'
import { inputClass, labelClass } from '@/components/ui/form-field'

const MAX_OBSERVATION = 500

/** The delivery note sent with an order (`observacion`, at most 500 characters), with its count. */
export function OrderObservation({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId()
  return (
    <>
      <label htmlFor={id} className={labelClass}>
        Observación para la entrega (opcional)
      </label>
      <textarea
        id={id}
        rows={3}
        maxLength={MAX_OBSERVATION}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={`${id}-hint`}
        placeholder="Ej.: dejar en portería, timbre dañado, horario preferido…"
        className={`${inputClass} resize-y`}
      />
      <p id={`${id}-hint`} className="mt-1.5 text-right text-xs text-ink-500 tabular-nums">
        {value.length}/{MAX_OBSERVATION}
      </p>
    </>
  )
}
