import { MAIL_PREVIEW_KEY_PATTERN, MAX_MAIL_PREVIEW_KEY } from '@piel/contracts'
import { useEffect, useRef, useState } from 'react'
import { ListSkeleton } from '@/components/admin/admin-list'
import { QueryNotice } from '@/components/ui/query-notice'
import { MailPreviewListView } from '@/features/mail-previews/admin/components/mail-preview-list'
import { MailPreviewView, type MailVersion } from '@/features/mail-previews/admin/components/mail-preview-view'
import { useMailPreviews } from '@/features/mail-previews/admin/mail-previews-api'
import { type ListParam, useListState } from '@/lib/use-list-state'
import { useMediaQuery } from '@/lib/use-media-query'

/** The screen's place in the address: `?correo=orden-recibida` opens that e-mail beside the list. */
const PLACE: { correo: ListParam<string | null> } = {
  correo: {
    read: (text) => (text && text.length <= MAX_MAIL_PREVIEW_KEY && MAIL_PREVIEW_KEY_PATTERN.test(text) ? text : null),
    fallback: null,
    role: 'open',
  },
}

/**
 * `/admin/correos` (issue 35): every e-mail the shop sends, grouped (Órdenes, Pagos, Cuenta, Otros), and the one
 * chosen as its shopper would see it, built with sample data by the same code that sends it: its subject, the
 * e-mail drawn from its HTML, or its text part. Looking at one sends nothing. On a wide screen the list and the
 * e-mail sit side by side; on a phone, one at a time.
 */
export function Component() {
  const { state: place, href } = useListState(PLACE)
  const list = useMailPreviews()
  const [version, setVersion] = useState<MailVersion>('html')
  // Tailwind's `lg`: from there the e-mail opens beside the list.
  const sideBySide = useMediaQuery('(min-width: 1024px)')
  const shown = useRef<HTMLDivElement>(null)
  // Beside the list, an e-mail chosen while the page is scrolled past the top of the last one is brought into view.
  useEffect(() => {
    if (!place.correo || !sideBySide) return
    const top = shown.current?.getBoundingClientRect().top
    if (top !== undefined && top < 0) shown.current?.scrollIntoView({ block: 'start' })
  }, [place.correo, sideBySide])

  return (
    <div className="mt-6">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Correos</h1>
      <p className="mt-1 max-w-2xl text-sm leading-relaxed text-ink-600">
        Los correos que la tienda envía a sus clientes, con datos de ejemplo y tal como los reciben. Verlos aquí no
        envía nada.
      </p>

      <div className="mt-5 grid grid-cols-[minmax(0,1fr)] gap-5 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)] lg:items-start">
        <nav
          aria-label="Correos de la tienda"
          aria-busy={list.isFetching}
          // On a wide screen the list keeps to the window's height (below the shop's sticky header) and scrolls on its
          // own, beside the e-mail.
          className={`lg:sticky lg:top-24 lg:max-h-[calc(100dvh-7rem)] lg:overflow-y-auto lg:pr-1 ${place.correo ? 'hidden lg:block' : ''}`}
        >
          {list.isPending ? (
            <ListSkeleton label="Cargando los correos…" />
          ) : list.isError ? (
            <QueryNotice query={list} title="No pudimos cargar los correos." text={list.error.message} />
          ) : (
            <MailPreviewListView
              mails={list.data}
              openKey={place.correo}
              hrefOf={(correo) => href({ correo })}
              keepScroll={sideBySide}
            />
          )}
        </nav>

        <div ref={shown} className={place.correo ? 'min-w-0 scroll-mt-24' : 'hidden lg:block'}>
          {place.correo ? (
            <MailPreviewView
              key={place.correo}
              mailKey={place.correo}
              backHref={href({ correo: null })}
              version={version}
              onVersion={setVersion}
            />
          ) : (
            <p className="rounded-2xl border border-dashed border-sand-300 bg-white px-5 py-16 text-center text-ink-600">
              Elige un correo para verlo como lo recibe el cliente.
            </p>
          )}
        </div>
      </div>
    </div>
  )
}
