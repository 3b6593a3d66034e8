import type { AdminStoreMessage, StoreMessagePage, StoreMessageQuery } from '@piel/contracts'
import {
  ADMIN_PAGE_SIZE,
  MAX_STORE_MESSAGE_REPLY,
  STORE_MESSAGE_STATES,
  STORE_MESSAGE_TEXTS,
  type StoreMessageState,
} from '@piel/contracts/values'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { buttonStyles } from '@/components/ui/button-styles'
import { QueryNotice } from '@/components/ui/query-notice'
import { Skeleton } from '@/components/ui/skeleton'
import { toast } from '@/components/ui/toast'
import { EmptyList, ListSkeleton, Pager } from '@/features/admin/components/admin-list'
import { messageApi, messageQueries } from '@/features/admin/messages-api'
import { ApiError } from '@/lib/api-client'
import { formatDateTime, formatShortDate } from '@/lib/format'

const ALL = { state: 'todos', label: 'Todos', empty: 'Todavía no ha llegado ningún mensaje.' } as const
const TABS: readonly { state: StoreMessageState; label: string; empty: string }[] = [
  ALL,
  { state: 'sin-leer', label: 'Sin leer', empty: 'No hay mensajes sin leer.' },
  { state: 'leidos', label: 'Leídos', empty: 'No hay mensajes leídos.' },
]

const isState = (value: string | null): value is StoreMessageState =>
  (STORE_MESSAGE_STATES as readonly (string | null)[]).includes(value)

type Place = { estado: StoreMessageState; buscar: string; pagina: number; mensaje: number | null }

/**
 * The screen's place in the address (`?estado=sin-leer&buscar=…&pagina=2&mensaje=15`): a reload or a shared link
 * keeps the list and the open message.
 */
function usePlace() {
  const [params] = useSearchParams()
  const requested = params.get('estado')
  const opened = Number(params.get('mensaje'))
  const place: Place = {
    estado: isState(requested) ? requested : 'todos',
    buscar: params.get('buscar')?.trim() ?? '',
    pagina: Math.max(1, Number.parseInt(params.get('pagina') ?? '1', 10) || 1),
    mensaje: Number.isInteger(opened) && opened > 0 ? opened : null,
  }
  const href = (next: Partial<Place>) => {
    const merged = { ...place, ...next }
    const search = new URLSearchParams()
    if (merged.estado !== 'todos') search.set('estado', merged.estado)
    if (merged.buscar) search.set('buscar', merged.buscar)
    if (merged.pagina > 1) search.set('pagina', String(merged.pagina))
    if (merged.mensaje) search.set('mensaje', String(merged.mensaje))
    return `?${search}`
  }
  return { place, href }
}

/**
 * `/admin/mensajes` (issue 17): what shoppers write to the store from Contáctanos, the newest first, the unread ones
 * marked. Opening one shows it whole, with who wrote, the replies sent so far and a form whose reply goes by e-mail
 * to whoever wrote. On a wide screen the list and the open message sit side by side; on a phone, one at a time.
 */
export function Component() {
  const { place, href } = usePlace()
  const [, setParams] = useSearchParams()
  const query: StoreMessageQuery = {
    estado: place.estado,
    buscar: place.buscar,
    pagina: place.pagina,
    tamanio: ADMIN_PAGE_SIZE,
  }
  const list = useQuery(messageQueries.list(query))
  const searchId = useId()
  const tab = TABS.find((item) => item.state === place.estado) ?? ALL
  const page = list.data
  const go = (next: Partial<Place>) => setParams(href({ pagina: 1, mensaje: null, ...next }).slice(1))

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    go({ buscar: String(new FormData(event.currentTarget).get('buscar') ?? '').trim() })
  }

  return (
    <div className="mt-6">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Mensajes</h1>
      <p className="mt-1 max-w-2xl text-sm leading-relaxed text-ink-600">
        Lo que escriben los clientes desde Contáctanos, el más reciente primero. Tu respuesta les llega por correo.
      </p>

      <div
        className={`mt-5 flex-col gap-3 sm:flex-row sm:items-center sm:justify-between ${place.mensaje ? 'hidden lg:flex' : 'flex'}`}
      >
        <nav aria-label="Estado" className="inline-flex self-start rounded-full bg-sand-100 p-1">
          {TABS.map((item) => (
            <Link
              key={item.state}
              to={href({ estado: item.state, pagina: 1, mensaje: null })}
              aria-current={item.state === place.estado ? 'page' : undefined}
              className={`rounded-full px-3.5 py-2 text-sm font-semibold whitespace-nowrap sm:px-4 ${
                item.state === place.estado ? 'bg-white text-ink-900 shadow-sm' : 'text-ink-600 hover:text-ink-900'
              }`}
            >
              {item.label}
              {item.state === 'sin-leer' && page && page.sinLeer > 0 && (
                <span className="ml-1.5 rounded-full bg-brand-700 px-1.5 py-0.5 text-xs text-white">
                  {page.sinLeer}
                </span>
              )}
            </Link>
          ))}
        </nav>
        <search className="sm:w-96">
          <form onSubmit={onSearch} className="flex gap-2">
            <label htmlFor={searchId} className="sr-only">
              Buscar en asunto, mensaje, nombre o correo
            </label>
            <input
              id={searchId}
              key={place.buscar}
              name="buscar"
              type="search"
              defaultValue={place.buscar}
              maxLength={200}
              placeholder="Asunto, nombre o correo"
              className="min-h-11 min-w-0 flex-1 rounded-full border border-sand-300 bg-white px-4 text-base focus:border-brand-600 focus:outline-none"
            />
            <button type="submit" className={buttonStyles.secondary}>
              Buscar
            </button>
          </form>
        </search>
      </div>

      <div className="mt-5 grid gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.25fr)] lg:items-start">
        <section
          aria-label={`Mensajes: ${tab.label.toLowerCase()}`}
          aria-busy={list.isFetching}
          className={place.mensaje ? 'hidden lg:block' : undefined}
        >
          {list.isPending ? (
            <ListSkeleton label="Cargando mensajes…" />
          ) : list.isError ? (
            <QueryNotice query={list} title="No pudimos cargar los mensajes." text={list.error.message} />
          ) : page && page.mensajes.length === 0 ? (
            <EmptyList>{place.buscar ? `Ningún mensaje coincide con «${place.buscar}».` : tab.empty}</EmptyList>
          ) : page ? (
            <>
              <p className="mb-3 text-sm text-ink-600">
                {page.total === 1 ? '1 mensaje' : `${page.total} mensajes`}
                {place.buscar && ` que ${page.total === 1 ? 'coincide' : 'coinciden'} con «${place.buscar}»`}
              </p>
              <MessageList page={page} openId={place.mensaje} hrefOf={(id) => href({ mensaje: id })} />
              <Pager page={page} onPage={(pagina) => go({ pagina })} />
            </>
          ) : null}
        </section>

        <div className={place.mensaje ? 'lg:sticky lg:top-4' : 'hidden lg:block'}>
          {place.mensaje ? (
            <MessageDetail
              key={place.mensaje}
              messageId={place.mensaje}
              fromList={page?.mensajes.find((message) => message.id === place.mensaje)}
              backHref={href({ mensaje: null })}
            />
          ) : (
            <p className="rounded-2xl border border-dashed border-sand-300 bg-white px-5 py-16 text-center text-ink-600">
              Elige un mensaje para leerlo completo y responderlo.
            </p>
          )}
        </div>
      </div>
    </div>
  )
}

function MessageList({
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

/** One message, whole: who wrote and when, the text, the replies sent so far, read/unread and the reply form. */
function MessageDetail({
  messageId,
  fromList,
  backHref,
}: {
  messageId: number
  fromList: AdminStoreMessage | undefined
  backHref: string
}) {
  const queryClient = useQueryClient()
  const detail = useQuery({ ...messageQueries.message(messageId), placeholderData: fromList })
  const headingRef = useRef<HTMLHeadingElement>(null)
  // The message just opened is where the reader's attention (and a screen reader's) goes; on a phone it replaces the list.
  useEffect(() => {
    headingRef.current?.focus({ preventScroll: window.matchMedia('(min-width: 64rem)').matches })
  }, [])

  const saved = (message: AdminStoreMessage) => {
    queryClient.setQueryData(messageQueries.message(message.id).queryKey, message)
    return queryClient.invalidateQueries({ queryKey: messageQueries.all })
  }
  const markRead = useMutation({
    mutationFn: (read: boolean) => messageApi.markRead(messageId, read),
    onSuccess: (message) => {
      toast.success(message.leido ? 'Mensaje marcado como leído.' : 'Mensaje marcado como no leído.')
      return saved(message)
    },
    onError: (error) => toast.error(error.message),
  })

  const back = (
    <Link to={backHref} preventScrollReset className="text-sm font-semibold text-brand-700 hover:underline lg:hidden">
      ← Todos los mensajes
    </Link>
  )
  if (detail.error instanceof ApiError && detail.error.status === 404) {
    return (
      <Panel>
        {back}
        <p className="mt-3 text-ink-700">{STORE_MESSAGE_TEXTS.notFound}</p>
      </Panel>
    )
  }
  if (detail.isPending) return <DetailSkeleton />
  if (detail.isError) {
    return <QueryNotice query={detail} title="No pudimos cargar el mensaje." text={detail.error.message} />
  }
  const message = detail.data
  return (
    <Panel label="Mensaje abierto">
      {back}
      <div className="mt-2 flex flex-wrap items-start justify-between gap-3 lg:mt-0">
        <div className="min-w-0">
          <h2
            ref={headingRef}
            tabIndex={-1}
            className="scroll-mt-28 text-xl font-semibold break-words focus:outline-none"
          >
            {message.asunto}
          </h2>
          <p className="mt-1 text-sm text-ink-600">
            {formatDateTime(message.fecha)}
            {' · '}
            <span className={message.leido ? 'text-ink-600' : 'font-semibold text-brand-800'}>
              {message.leido ? 'Leído' : 'Sin leer'}
            </span>
          </p>
        </div>
        <button
          type="button"
          disabled={markRead.isPending}
          onClick={() => markRead.mutate(!message.leido)}
          className={`${buttonStyles.secondary} shrink-0`}
        >
          {markRead.isPending ? 'Guardando…' : message.leido ? 'Marcar como no leído' : 'Marcar como leído'}
        </button>
      </div>

      <dl className="mt-4 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 rounded-xl bg-sand-50 p-3 text-sm">
        <dt className="text-ink-600">De</dt>
        <dd className="text-ink-900">
          {message.nombre ?? 'Sin nombre'}
          {message.registrado && (
            <span className="ml-2 inline-block rounded-full bg-white px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-ink-700 ring-1 ring-sand-200">
              Cliente registrado
            </span>
          )}
        </dd>
        <dt className="text-ink-600">Correo</dt>
        <dd className="[overflow-wrap:anywhere] text-ink-900">{message.correo ?? 'No dejó correo'}</dd>
      </dl>

      <p className="mt-4 whitespace-pre-wrap break-words text-ink-900">{message.mensaje}</p>

      {message.respuestas.length > 0 && (
        <section aria-label="Respuestas" className="mt-6 border-t border-sand-200 pt-4">
          <h3 className="font-semibold">Respuestas</h3>
          <ol className="mt-3 space-y-3">
            {message.respuestas.map((reply) => (
              <li key={reply.id} className="rounded-xl border-l-4 border-brand-600 bg-brand-50/60 p-3">
                <p className="text-xs text-ink-600">
                  {formatDateTime(reply.fecha)} · {reply.autor ?? 'La tienda'} · enviada a{' '}
                  <span className="[overflow-wrap:anywhere]">{reply.para}</span>
                </p>
                <p className="mt-1 whitespace-pre-wrap break-words text-ink-900">{reply.mensaje}</p>
              </li>
            ))}
          </ol>
        </section>
      )}

      {message.correo ? (
        <ReplyForm
          key={message.respuestas.length}
          message={message}
          onSent={(updated) => {
            toast.success('Respuesta enviada por correo.')
            return saved(updated)
          }}
        />
      ) : (
        <p role="note" className="mt-6 rounded-xl bg-clay-100/70 p-3 text-sm text-ink-800">
          {STORE_MESSAGE_TEXTS.noAddress}
        </p>
      )}
    </Panel>
  )
}

/** The reply, sent by e-mail to whoever wrote; a new form (empty) once it is sent. */
function ReplyForm({
  message,
  onSent,
}: {
  message: AdminStoreMessage
  onSent: (message: AdminStoreMessage) => Promise<unknown>
}) {
  const id = useId()
  const [problem, setProblem] = useState<string | null>(null)
  const send = useMutation({
    mutationFn: (text: string) => messageApi.reply(message.id, text),
    onSuccess: onSent,
    onError: (error) => setProblem(error instanceof ApiError ? (error.serverMessage ?? error.message) : error.message),
  })
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const text = String(new FormData(event.currentTarget).get('mensaje') ?? '').trim()
    if (!text) {
      setProblem(STORE_MESSAGE_TEXTS.replyRequired)
      return
    }
    setProblem(null)
    send.mutate(text)
  }
  return (
    <form onSubmit={onSubmit} aria-label="Responder" noValidate className="mt-6 border-t border-sand-200 pt-4">
      <label htmlFor={`${id}-reply`} className="block font-semibold">
        Tu respuesta
      </label>
      <p id={`${id}-hint`} className="text-sm text-ink-600">
        Le llega por correo a <span className="[overflow-wrap:anywhere]">{message.correo}</span>.
      </p>
      <textarea
        id={`${id}-reply`}
        name="mensaje"
        rows={5}
        maxLength={MAX_STORE_MESSAGE_REPLY}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-hint ${id}-problem` : `${id}-hint`}
        onChange={() => setProblem(null)}
        className="mt-2 w-full resize-y rounded-xl border border-sand-300 px-3 py-2 text-base focus:border-brand-600 focus:outline-none"
      />
      {problem && (
        <p id={`${id}-problem`} role="alert" className="mt-1 text-sm font-medium text-clay-600">
          {problem}
        </p>
      )}
      <button type="submit" disabled={send.isPending} className={`${buttonStyles.primary} mt-3 w-full sm:w-auto`}>
        {send.isPending ? 'Enviando…' : 'Enviar respuesta'}
      </button>
    </form>
  )
}

function Panel({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <section aria-label={label} className="rounded-2xl border border-sand-200 bg-white p-5">
      {children}
    </section>
  )
}

function DetailSkeleton() {
  return (
    <div role="status" className="space-y-4 rounded-2xl border border-sand-200 bg-white p-5">
      <span className="sr-only">Cargando el mensaje…</span>
      <Skeleton className="h-6 w-56" />
      <Skeleton className="h-4 w-40" />
      <Skeleton className="h-24 w-full" />
    </div>
  )
}
