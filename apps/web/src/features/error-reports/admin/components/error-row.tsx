import type { ErrorGroup } from '@piel/contracts'
import { ERROR_STATE_NAMES, type ErrorState } from '@piel/contracts/values'
import { useId } from 'react'
import { buttonStyles } from '@/components/ui/button-styles'
import { formatDateTime } from '@/lib/format'
import { useErrorGroupState } from '../errors-api'

const SOURCE_NAMES: Record<ErrorGroup['origen'], string> = { navegador: 'Navegador', servidor: 'Servidor' }
const KIND_NAMES: Record<ErrorGroup['tipo'], string> = { fallo: 'Fallo', peticion: 'Petición' }
const STATE_STYLES: Record<ErrorState, string> = {
  abierto: 'bg-clay-100 text-clay-600',
  resuelto: 'bg-brand-50 text-brand-800',
  ignorado: 'bg-sand-100 text-ink-700',
}

/** One group: its message (the whole text and the stack unfold), where and how often it happened, and its state. */
export function ErrorRow({ group }: { group: ErrorGroup }) {
  const id = useId()
  const change = useErrorGroupState(group.id)
  const [firstLine = '', ...moreLines] = group.mensaje.split('\n')
  const rest = moreLines.join('\n').trim()
  const headingId = `${id}-mensaje`

  const action = (estado: ErrorState, label: string, primary: boolean) => (
    <button
      type="button"
      disabled={change.isPending}
      onClick={() => change.mutate(estado)}
      aria-describedby={headingId}
      className={`${primary ? buttonStyles.primary : buttonStyles.secondary} min-h-11`}
    >
      {change.isPending && change.variables === estado ? 'Guardando…' : label}
    </button>
  )

  return (
    <li className="rounded-2xl border border-sand-200 bg-white p-4 sm:p-5">
      <div className="flex flex-wrap items-center gap-1.5 text-xs font-semibold">
        <span className={`rounded-full px-2 py-0.5 ${STATE_STYLES[group.estado]}`}>
          {ERROR_STATE_NAMES[group.estado]}
        </span>
        <span className="rounded-full bg-sand-100 px-2 py-0.5 text-ink-700">
          <span className="sr-only">Origen: </span>
          {SOURCE_NAMES[group.origen]}
        </span>
        <span className="rounded-full bg-sand-100 px-2 py-0.5 text-ink-700">
          <span className="sr-only">Tipo: </span>
          {KIND_NAMES[group.tipo]}
        </span>
      </div>
      <h2 id={headingId} className="mt-2 font-mono text-sm font-semibold [overflow-wrap:anywhere] text-ink-900">
        {firstLine || 'Error sin mensaje'}
      </h2>
      {(rest || group.pila) && (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer font-semibold text-brand-800">
            {group.pila ? 'Ver la pila de llamadas' : 'Ver el mensaje completo'}
          </summary>
          <pre className="mt-2 max-h-80 overflow-auto rounded-xl bg-sand-50 p-3 text-xs leading-relaxed whitespace-pre-wrap [overflow-wrap:anywhere] text-ink-800">
            {[rest, group.pila].filter(Boolean).join('\n\n')}
          </pre>
        </details>
      )}

      <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)_auto_minmax(0,1fr)]">
        <dt className="text-ink-600">Página</dt>
        <dd className="font-mono text-xs leading-5 [overflow-wrap:anywhere] text-ink-900">{group.pagina ?? '—'}</dd>
        <dt className="text-ink-600">Versión</dt>
        <dd className="font-mono text-xs leading-5 [overflow-wrap:anywhere] text-ink-900">{group.version ?? '—'}</dd>
        <dt className="text-ink-600">Veces</dt>
        <dd className="font-semibold text-ink-900">{group.veces.toLocaleString('es-CO')}</dd>
        <dt className="text-ink-600">Primera vez</dt>
        <dd className="text-ink-900">
          <time dateTime={group.primeraVez}>{formatDateTime(group.primeraVez)}</time>
        </dd>
        <dt className="text-ink-600">Última vez</dt>
        <dd className="text-ink-900">
          <time dateTime={group.ultimaVez}>{formatDateTime(group.ultimaVez)}</time>
        </dd>
      </dl>

      <div className="mt-4 flex flex-wrap gap-2">
        {group.estado === 'abierto' ? (
          <>
            {action('resuelto', 'Resolver', true)}
            {action('ignorado', 'Ignorar', false)}
          </>
        ) : (
          action('abierto', 'Reabrir', false)
        )}
      </div>
    </li>
  )
}
