import { MAIL_PREVIEW_GROUP_NAMES } from '@piel/contracts'
import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react'
import { Link } from 'react-router'
import { buttonStyles } from '@/components/ui/button-styles'
import { QueryNotice } from '@/components/ui/query-notice'
import { Skeleton } from '@/components/ui/skeleton'
import { ApiError } from '@/lib/api-client'
import { useMailPreview } from '../mail-previews-api'

/** How the e-mail is shown: as the shopper's mail program draws its HTML, or its plain-text part. */
export type MailVersion = 'html' | 'texto'
const VERSIONS: readonly { id: MailVersion; label: string }[] = [
  { id: 'html', label: 'Vista del correo' },
  { id: 'texto', label: 'Versión de texto' },
]

/** Until the e-mail's own height is known (or where it cannot be measured): a readable page of it. */
const FALLBACK_HEIGHT = 640

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-wide text-ink-500 uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-ink-900">{children}</dd>
    </div>
  )
}

/**
 * The e-mail's HTML in a sandboxed frame, as a mail program shows it: no script may run inside it (the sandbox
 * allows none) and it cannot navigate this page; it only shares the page's origin so that the page can read the
 * e-mail's height and size the frame to it (again when the frame's width changes), with no inner scroll bar.
 */
function MailFrame({ html, title }: { html: string; title: string }) {
  const frame = useRef<HTMLIFrameElement>(null)
  const [height, setHeight] = useState<number | null>(null)
  const measure = useCallback(() => {
    const body = frame.current?.contentDocument?.body
    const content = body ? Math.ceil(body.scrollHeight) : 0
    if (content > 0) setHeight(content)
  }, [])
  useEffect(() => {
    const element = frame.current
    if (!element || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [measure])
  return (
    <iframe
      ref={frame}
      title={title}
      srcDoc={html}
      sandbox="allow-same-origin"
      referrerPolicy="no-referrer"
      onLoad={measure}
      style={{ height: height ?? FALLBACK_HEIGHT }}
      className="block w-full rounded-xl border border-sand-200 bg-[#faf7f5]"
    />
  )
}

/**
 * One e-mail as its shopper receives it, with sample data: who it goes to, its subject and when the shop sends it,
 * then the e-mail itself, drawn from its HTML or as its text part (tabs; `version` and `onVersion` keep the choice
 * while another e-mail is opened).
 */
export function MailPreviewView({
  mailKey,
  backHref,
  version,
  onVersion,
}: {
  mailKey: string
  backHref: string
  version: MailVersion
  onVersion: (version: MailVersion) => void
}) {
  const preview = useMailPreview(mailKey)
  const baseId = useId()
  const tabRefs = useRef<Record<MailVersion, HTMLButtonElement | null>>({ html: null, texto: null })

  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = VERSIONS.findIndex((item) => item.id === version)
    let next: number | null = null
    if (event.key === 'ArrowRight') next = (index + 1) % VERSIONS.length
    else if (event.key === 'ArrowLeft') next = (index - 1 + VERSIONS.length) % VERSIONS.length
    else if (event.key === 'Home') next = 0
    else if (event.key === 'End') next = VERSIONS.length - 1
    const target = next === null ? undefined : VERSIONS[next]
    if (!target) return
    event.preventDefault()
    onVersion(target.id)
    tabRefs.current[target.id]?.focus()
  }

  const back = (
    <Link to={backHref} className={`${buttonStyles.ghost} -ml-3 lg:hidden`}>
      ← Volver a la lista
    </Link>
  )

  if (preview.isPending) {
    return (
      <div role="status" className="space-y-3 rounded-2xl border border-sand-200 bg-white p-5">
        <span className="sr-only">Cargando el correo…</span>
        <Skeleton className="h-6 w-56" />
        <Skeleton className="h-4 w-80 max-w-full" />
        <Skeleton className="h-96 w-full" />
      </div>
    )
  }
  if (preview.isError) {
    const error = preview.error
    if (error instanceof ApiError && error.status === 404) {
      return (
        <div className="space-y-3">
          {back}
          <div role="alert" className="rounded-2xl border border-clay-300/60 bg-clay-100/50 p-5 text-center">
            <p className="font-medium text-ink-900">{error.serverMessage ?? 'Ese correo no existe.'}</p>
            <p className="mt-1 text-sm text-ink-600">Elige uno de la lista.</p>
          </div>
        </div>
      )
    }
    return <QueryNotice query={preview} title="No pudimos cargar el correo." text={error.message} />
  }

  const mail = preview.data
  const headingId = `${baseId}-titulo`
  return (
    <article
      aria-labelledby={headingId}
      className="min-w-0 space-y-5 rounded-2xl border border-sand-200 bg-white p-4 sm:p-6"
    >
      {back}
      <header>
        <p className="text-xs font-semibold tracking-[0.14em] text-clay-600 uppercase">
          {MAIL_PREVIEW_GROUP_NAMES[mail.grupo]}
        </p>
        <h2 id={headingId} className="mt-1 text-xl font-semibold">
          {mail.nombre}
        </h2>
        <p className="mt-1 text-sm leading-relaxed text-ink-600">{mail.cuando}</p>
      </header>

      <dl className="grid grid-cols-[minmax(0,1fr)] gap-3 rounded-xl bg-sand-50 p-4">
        <Fact label="Asunto">{mail.asunto}</Fact>
        <Fact label="Para (ejemplo)">{mail.para}</Fact>
      </dl>

      <div>
        <div
          role="tablist"
          aria-label="Cómo ver el correo"
          className="inline-grid grid-cols-2 gap-1 rounded-full bg-sand-100 p-1"
        >
          {VERSIONS.map((item) => {
            const selected = item.id === version
            return (
              <button
                key={item.id}
                ref={(element) => {
                  tabRefs.current[item.id] = element
                }}
                type="button"
                role="tab"
                id={`${baseId}-tab-${item.id}`}
                aria-selected={selected}
                aria-controls={`${baseId}-panel-${item.id}`}
                tabIndex={selected ? 0 : -1}
                onClick={() => onVersion(item.id)}
                onKeyDown={onTabKeyDown}
                className={`min-h-11 rounded-full px-4 text-sm font-semibold whitespace-nowrap transition-colors ${
                  selected ? 'bg-white text-brand-800 shadow-sm shadow-ink-900/10' : 'text-ink-600 hover:text-ink-900'
                }`}
              >
                {item.label}
              </button>
            )
          })}
        </div>
        {VERSIONS.map((item) => (
          <div
            key={item.id}
            role="tabpanel"
            id={`${baseId}-panel-${item.id}`}
            aria-labelledby={`${baseId}-tab-${item.id}`}
            hidden={item.id !== version}
            className="mt-4"
          >
            {item.id === version &&
              (item.id === 'html' ? (
                <MailFrame html={mail.html} title={`Vista del correo «${mail.nombre}»`} />
              ) : (
                <pre className="overflow-x-auto rounded-xl border border-sand-200 bg-sand-50 p-4 font-mono text-sm leading-relaxed break-words whitespace-pre-wrap text-ink-900">
                  {mail.texto}
                </pre>
              ))}
          </div>
        ))}
      </div>
    </article>
  )
}
