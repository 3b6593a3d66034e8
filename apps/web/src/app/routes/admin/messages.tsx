import { ADMIN_PAGE_SIZE, STORE_MESSAGE_STATES, type StoreMessageState } from '@piel/contracts/values'
import { ListSearch, PagedListBody, StateTabs } from '@/components/admin/admin-list'
import { MessageDetail } from '@/features/contact/admin/components/message-detail'
import { MessageList } from '@/features/contact/admin/components/message-list'
import { useStoreMessages } from '@/features/contact/admin/messages-api'
import { listParam, useListState } from '@/lib/use-list-state'

const ALL = { state: 'todos', label: 'Todos', empty: 'Todavía no ha llegado ningún mensaje.' } as const
const TABS: readonly { state: StoreMessageState; label: string; empty: string }[] = [
  ALL,
  { state: 'sin-leer', label: 'Sin leer', empty: 'No hay mensajes sin leer.' },
  { state: 'leidos', label: 'Leídos', empty: 'No hay mensajes leídos.' },
]

/**
 * The screen's place in the address (`?estado=sin-leer&buscar=…&pagina=2&mensaje=15`): a reload or a shared link
 * keeps the list and the open message.
 */
const PLACE = {
  estado: listParam.oneOf(STORE_MESSAGE_STATES, 'todos'),
  buscar: listParam.text(),
  pagina: listParam.page(),
  mensaje: listParam.open(),
}

/**
 * `/admin/mensajes` (issue 17): what shoppers write to the store from Contáctanos, the newest first, the unread ones
 * marked. Opening one shows it whole, with who wrote, the replies sent so far and a form whose reply goes by e-mail
 * to whoever wrote. On a wide screen the list and the open message sit side by side; on a phone, one at a time.
 */
export function Component() {
  const { state: place, href, set: go } = useListState(PLACE)
  const list = useStoreMessages({
    estado: place.estado,
    buscar: place.buscar,
    pagina: place.pagina,
    tamanio: ADMIN_PAGE_SIZE,
  })
  const tab = TABS.find((item) => item.state === place.estado) ?? ALL
  const shown = list.data

  return (
    <div className="mt-6">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Mensajes</h1>
      <p className="mt-1 max-w-2xl text-sm leading-relaxed text-ink-600">
        Lo que escriben los clientes desde Contáctanos, el más reciente primero. Tu respuesta les llega por correo.
      </p>

      <div
        className={`mt-5 flex-col gap-3 sm:flex-row sm:items-center sm:justify-between ${place.mensaje ? 'hidden lg:flex' : 'flex'}`}
      >
        <StateTabs
          tabs={TABS}
          current={place.estado}
          hrefOf={(estado) => href({ estado })}
          badgeOf={(state) =>
            state === 'sin-leer' &&
            shown &&
            shown.sinLeer > 0 && (
              <span className="ml-1.5 rounded-full bg-brand-700 px-1.5 py-0.5 text-xs text-white">{shown.sinLeer}</span>
            )
          }
          tabClassName="px-3.5 whitespace-nowrap sm:px-4"
        />
        <ListSearch
          label="Buscar en asunto, mensaje, nombre o correo"
          placeholder="Asunto, nombre o correo"
          value={place.buscar}
          onSearch={(buscar) => go({ buscar })}
        />
      </div>

      <div className="mt-5 grid gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.25fr)] lg:items-start">
        <section
          aria-label={`Mensajes: ${tab.label.toLowerCase()}`}
          aria-busy={list.isFetching}
          className={place.mensaje ? 'hidden lg:block' : undefined}
        >
          <PagedListBody
            list={list}
            loading="Cargando mensajes…"
            failed="No pudimos cargar los mensajes."
            isEmpty={(page) => page.mensajes.length === 0}
            empty={place.buscar ? `Ningún mensaje coincide con «${place.buscar}».` : tab.empty}
            onPage={(pagina) => go({ pagina })}
          >
            {(page) => (
              <>
                <p className="mb-3 text-sm text-ink-600">
                  {page.total === 1 ? '1 mensaje' : `${page.total} mensajes`}
                  {place.buscar && ` que ${page.total === 1 ? 'coincide' : 'coinciden'} con «${place.buscar}»`}
                </p>
                <MessageList page={page} openId={place.mensaje} hrefOf={(id) => href({ mensaje: id })} />
              </>
            )}
          </PagedListBody>
        </section>

        <div className={place.mensaje ? 'lg:sticky lg:top-4' : 'hidden lg:block'}>
          {place.mensaje ? (
            <MessageDetail
              key={place.mensaje}
              messageId={place.mensaje}
              fromList={shown?.mensajes.find((message) => message.id === place.mensaje)}
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
