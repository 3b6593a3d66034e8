import type { AdminStoreMessage } from '@piel/contracts'
import { MAX_STORE_MESSAGE_REPLY, STORE_MESSAGE_TEXTS } from '@piel/contracts/values'
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { Link } from 'react-router'
import { buttonStyles } from '@/components/ui/button-styles'
import { QueryNotice } from '@/components/ui/query-notice'
import { Skeleton } from '@/components/ui/skeleton'
import { ApiError } from '@/lib/api-client'
import { formatDateTime } from '@/lib/format'
import { useMarkMessageRead, useMessageReply, useStoreMessage } from '../messages-api'

/** One message, whole: who wrote and when, the text, the replies sent so far, read/unread and the reply form. */
export function MessageDetail({
  messageId,
  fromList,
  backHref,
}: {
  messageId: number
  fromList: AdminStoreMessage | undefined
  backHref: string
}) {
  const detail = useStoreMessage(messageId, fromList)
  const headingRef = useRef<HTMLHeadingElement>(null)
  // The message just opened is where the reader's attention (and a screen reader's) goes; on a phone it replaces the list.
  useEffect(() => {
    headingRef.current?.focus({ preventScroll: window.matchMedia('(min-width: 64rem)').matches })
  }, [])

  const markRead = useMarkMessageRead(messageId)

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
        <ReplyForm key={message.respuestas.length} message={message} />
      ) : (
        <p role="note" className="mt-6 rounded-xl bg-clay-100/70 p-3 text-sm text-ink-800">
          {STORE_MESSAGE_TEXTS.noAddress}
        </p>
      )}
    </Panel>
  )
}

/** The reply, sent by e-mail to whoever wrote; a new form (empty) once it is sent. */
function ReplyForm({ message }: { message: AdminStoreMessage }) {
  const id = useId()
  const [problem, setProblem] = useState<string | null>(null)
  const send = useMessageReply(message.id, (error) =>
    setProblem(error instanceof ApiError ? (error.serverMessage ?? error.message) : error.message),
  )
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
