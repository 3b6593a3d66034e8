import type { StoreMessagePage } from '@piel/contracts'
import { Link } from 'react-router'
import { formatShortDate } from '@/lib/format'

/** A page of the messages, the unread ones marked, each a link that opens it beside the list. */
export function MessageList({
  page,
  openId,
  hrefOf,
}: {
  page: StoreMessagePage
  openId: number | null
  hrefOf: (id: number) => string
}) {
  return (
    <ul className="divide-y divide-sand-200 overflow-hidden rounded-2xl border border-sand-200 bg-white">
      {page.mensajes.map((message) => {
        const open = message.id === openId
        return (
          <li key={message.id}>
            <Link
              to={hrefOf(message.id)}
              preventScrollReset
              aria-current={open ? 'true' : undefined}
              className={`relative grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-0.5 py-3.5 pr-4 pl-8 ${
                open ? 'bg-brand-50' : message.leido ? 'hover:bg-sand-50' : 'bg-sand-50/60 hover:bg-sand-100/70'
              }`}
            >
              {!message.leido && (
                <span aria-hidden="true" className="absolute top-5 left-3.5 size-2.5 rounded-full bg-brand-600" />
              )}
              <span className={`truncate ${message.leido ? 'text-ink-800' : 'font-bold text-ink-900'}`}>
                {!message.leido && <span className="sr-only">Sin leer: </span>}
                {message.nombre ?? message.correo ?? 'Sin nombre'}
              </span>
              <span
                className={`text-xs whitespace-nowrap ${message.leido ? 'text-ink-500' : 'font-semibold text-ink-800'}`}
              >
                {formatShortDate(message.fecha)}
              </span>
              <span
                className={`col-span-2 truncate text-sm ${message.leido ? 'text-ink-800' : 'font-semibold text-ink-900'}`}
              >
                {message.asunto}
              </span>
              <span className="col-span-2 line-clamp-2 text-sm text-ink-600">{message.mensaje}</span>
              {message.respuestas.length > 0 && (
                <span className="col-span-2 mt-1 text-xs font-semibold text-brand-800">
                  {message.respuestas.length === 1 ? 'Respondido' : `${message.respuestas.length} respuestas`}
                </span>
              )}
            </Link>
          </li>
        )
      })}
    </ul>
  )
}
