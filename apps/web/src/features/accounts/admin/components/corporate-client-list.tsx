import type { CorporateClient } from '@piel/contracts'
import { buttonStyles } from '@/components/ui/button-styles'
import { formatShortDate } from '@/lib/format'
import { useCorporateAuthorization } from '../corporate-clients-api'

/** The people of a page, each with its NIT, when they registered, and the button that authorises or revokes them. */
export function CorporateClientList({ clients }: { clients: CorporateClient[] }) {
  const change = useCorporateAuthorization()

  return (
    <ul className="divide-y divide-sand-200 overflow-hidden rounded-2xl border border-sand-200 bg-white">
      <li
        aria-hidden="true"
        className="hidden bg-sand-50 px-5 py-2.5 text-xs font-semibold tracking-wide text-ink-600 uppercase md:grid md:grid-cols-[minmax(0,2.2fr)_minmax(0,1fr)_minmax(0,1fr)_9rem] md:gap-4"
      >
        <span>Persona</span>
        <span>NIT</span>
        <span>Registro</span>
        <span />
      </li>
      {clients.map((client) => {
        const busy = change.isPending && change.variables?.email === client.email
        const name = `${client.nombres} ${client.apellidos}`.trim()
        return (
          <li
            key={client.id}
            className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-1 px-5 py-4 md:grid-cols-[minmax(0,2.2fr)_minmax(0,1fr)_minmax(0,1fr)_9rem]"
          >
            <div className="min-w-0">
              <p className="truncate font-semibold text-ink-900">{name || client.email}</p>
              <p className="truncate text-sm text-ink-600">{client.email}</p>
              {client.telefono && <p className="text-sm text-ink-600">{client.telefono}</p>}
            </div>
            <p className="col-start-1 text-sm text-ink-700 md:col-start-auto">
              <span className="md:sr-only">NIT </span>
              {client.nit ?? 'Sin NIT'}
            </p>
            <p className="col-start-1 text-sm text-ink-600 md:col-start-auto">
              <span className="md:sr-only">Registro: </span>
              {formatShortDate(client.fechaRegistro)}
            </p>
            <div className="col-start-2 row-span-3 row-start-1 flex justify-end md:col-start-auto md:row-span-1 md:row-start-auto">
              <button
                type="button"
                disabled={busy}
                aria-label={`${client.autorizado ? 'Revocar' : 'Autorizar'} a ${name || client.email}`}
                onClick={() => change.mutate({ email: client.email, authorized: !client.autorizado })}
                className={`${client.autorizado ? buttonStyles.secondary : buttonStyles.primary} min-w-28`}
              >
                {busy
                  ? client.autorizado
                    ? 'Revocando…'
                    : 'Autorizando…'
                  : client.autorizado
                    ? 'Revocar'
                    : 'Autorizar'}
              </button>
            </div>
          </li>
        )
      })}
    </ul>
  )
}
