import { DEFAULT_STORE_ID } from '@piel/contracts/values'
import { Breadcrumbs } from '@/components/ui/breadcrumbs'
import { buttonStyles } from '@/components/ui/button-styles'
import { WhatsAppIcon } from '@/components/ui/icons'
import { useCurrentUser } from '@/features/accounts/use-current-user'
import { ContactForm } from '@/features/contact/components/contact-form'
import { useCurrentStore } from '@/features/store/api'
import { StoreContactList, StoreContactListSkeleton } from '@/features/store/components/store-contact-list'
import { whatsappUrl } from '@/features/store/contact-links'
import { paths } from '@/lib/paths'

/** `/contacts` (spec 000 §2): the comment form to the store beside the store's contact data. */
export function Component() {
  const { data: store, isPending } = useCurrentStore()
  const user = useCurrentUser()

  return (
    <div className="mx-auto max-w-7xl px-4 pt-4 sm:px-6 sm:pt-6 lg:px-8">
      <Breadcrumbs items={[{ label: 'Inicio', to: paths.home }, { label: 'Contacto' }]} className="mb-5" />
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Contáctanos</h1>
      <p className="mt-2 max-w-2xl leading-relaxed text-ink-600">
        ¿Tienes una pregunta sobre un producto, tu pedido o tu rutina de cuidado? Escríbenos y te responderemos lo antes
        posible. Este formulario también sirve para peticiones, quejas y reclamos.
      </p>

      <div className="mt-8 grid items-start gap-6 lg:grid-cols-[minmax(0,1.5fr)_minmax(0,1fr)] lg:gap-10">
        <section
          aria-labelledby="formulario-contacto"
          className="rounded-3xl border border-sand-200 bg-white p-5 sm:p-8"
        >
          <h2 id="formulario-contacto" className="text-lg font-semibold">
            Envíanos un comentario
          </h2>
          <div className="mt-4">
            <ContactForm storeId={store?.id ?? DEFAULT_STORE_ID} anonymous={user === null} />
          </div>
        </section>

        <aside aria-labelledby="datos-tienda" className="rounded-3xl bg-sand-100/70 p-5 sm:p-8">
          <h2 id="datos-tienda" className="text-lg font-semibold">
            {store ? `Visítanos en ${store.nombre}` : 'Nuestra tienda'}
          </h2>
          <div className="mt-5">
            {store ? (
              <StoreContactList store={store} />
            ) : isPending ? (
              <StoreContactListSkeleton />
            ) : (
              <p className="text-ink-600">No pudimos cargar los datos de la tienda.</p>
            )}
          </div>
          {store && (
            <a
              href={whatsappUrl(store.whatsapp)}
              target="_blank"
              rel="noopener"
              className={`${buttonStyles.primary} mt-6 w-full`}
            >
              <WhatsAppIcon className="size-5" />
              Escribir por WhatsApp
              <span className="sr-only"> (se abre en una pestaña nueva)</span>
            </a>
          )}
        </aside>
      </div>
    </div>
  )
}
