import { PHOTO_RETENTION_DAYS_DEFAULT } from '@piel/contracts/values'
import type { Ref } from 'react'
import { paths } from '@/lib/paths'

type PhotoConsentProps = {
  checked: boolean
  onChange: (checked: boolean) => void
  /** Who treats the photo (the store), named in the authorisation. */
  controllerName: string
  invalid: boolean
  ref?: Ref<HTMLInputElement>
}

/**
 * The explicit, separate authorisation for a sensitive datum (Ley 1581 de 2012 art. 6, Decreto 1377 de 2013):
 * unticked at first, it says what the photo is for, that answering is optional, how long it is kept and where
 * the data treatment policy is. The server refuses a photo sent without it.
 */
export function PhotoConsent({ checked, onChange, controllerName, invalid, ref }: PhotoConsentProps) {
  return (
    <div
      className={`rounded-2xl border bg-white p-4 transition-colors ${
        invalid ? 'border-clay-600 bg-clay-100/30' : checked ? 'border-brand-300' : 'border-sand-300'
      }`}
    >
      <label className="flex cursor-pointer items-start gap-3">
        <input
          ref={ref}
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={invalid ? true : undefined}
          className="mt-0.5 size-6 shrink-0 cursor-pointer accent-brand-700"
        />
        <span className="text-sm leading-relaxed text-ink-700">
          <span className="font-semibold text-ink-900">Autorizo el tratamiento de mi foto.</span> Autorizo de forma
          previa, expresa e informada a {controllerName} a tratar la foto de mi rostro, que es un dato sensible, para
          analizar mi piel y recomendarme productos. Sé que no estoy obligado a autorizarlo, que la foto se guarda{' '}
          {PHOTO_RETENTION_DAYS_DEFAULT} días y que puedo eliminarla cuando quiera.
        </span>
      </label>
      <p className="mt-2 pl-9 text-sm">
        <a
          href={paths.dataTreatmentDocument}
          target="_blank"
          rel="noopener"
          className="font-medium text-brand-700 underline underline-offset-2"
        >
          Política de tratamiento de datos personales (Ley 1581 de 2012)
          <span className="sr-only"> (se abre en una pestaña nueva)</span>
        </a>
      </p>
    </div>
  )
}
