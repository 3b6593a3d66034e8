import { ChatCodeSchema } from '@piel/contracts'
import { useEffect } from 'react'
import { Link, useSearchParams } from 'react-router'
import { buttonStyles } from '@/components/ui/button-styles'
import { Logo } from '@/components/ui/logo'
import { useCurrentStore } from '@/features/store/api'
import { DeletePhotos } from '@/features/uploads/components/delete-photos'
import { PhotoUploader } from '@/features/uploads/components/photo-uploader'
import { paths } from '@/lib/paths'
import { pageTitle } from '../page-title'

/**
 * `/upload?code={code}` (spec 001 §2): the page a shopper's phone opens from the QR code of the skin
 * assistant. It stands outside the shop's frame (no menu, search or cart): one task, on a phone screen.
 */
export function Component() {
  const [searchParams] = useSearchParams()
  const parsedCode = ChatCodeSchema.safeParse(searchParams.get('code') ?? undefined)
  // The QR code of an account's chat signs its link: the photo goes to that chat with it.
  const firma = searchParams.get('firma')
  const vence = searchParams.get('vence')
  const signature = firma && vence ? { firma, vence } : undefined
  const { data: store } = useCurrentStore()
  const storeName = store?.nombre

  useEffect(() => {
    document.title = pageTitle('/upload', storeName)
  }, [storeName])

  return (
    <div className="flex min-h-dvh flex-col bg-cream">
      <header className="border-b border-sand-200 bg-white/80">
        <div className="mx-auto flex h-16 max-w-3xl items-center justify-between gap-4 px-4 sm:px-6">
          <Link to={paths.home} aria-label={`${storeName ?? 'Piel'}: ir al inicio`} className="-ml-1 rounded-lg p-1">
            <Logo className="h-9 w-auto" />
          </Link>
          {storeName && <p className="truncate text-sm font-medium text-ink-600">{storeName}</p>}
        </div>
      </header>

      <main id="contenido" tabIndex={-1} className="flex-1 focus:outline-none">
        <div className="mx-auto max-w-3xl px-4 pt-6 pb-12 sm:px-6 sm:pt-10">
          <p className="text-sm font-semibold tracking-[0.14em] text-clay-600 uppercase">Asistente de piel</p>
          <h1 className="mt-1.5 text-2xl font-semibold tracking-tight text-balance sm:text-3xl">
            Envía una foto de tu rostro
          </h1>
          {parsedCode.success ? (
            <>
              <p className="mt-2 max-w-2xl leading-relaxed text-ink-700">
                La foto llegará al asistente que te mostró el código QR, y allí verás el análisis de tu piel.
              </p>
              <div className="mt-6 space-y-6">
                <PhotoUploader code={parsedCode.data} signature={signature} controllerName={storeName ?? 'la tienda'} />
                <DeletePhotos code={parsedCode.data} />
              </div>
            </>
          ) : (
            <MissingCode />
          )}
        </div>
      </main>
    </div>
  )
}

/** Without a valid code the photo would reach no chat: the page says where it must be opened from. */
function MissingCode() {
  return (
    <section role="alert" className="mt-6 rounded-3xl bg-white p-6 ring-1 ring-sand-200 sm:p-8">
      <h2 className="text-xl font-semibold">Abre esta página desde el código QR</h2>
      <p className="mt-3 leading-relaxed text-ink-700">
        Esta página recibe la foto para el asistente de piel, pero el enlace no trae el código de tu conversación.
        Escanea con la cámara de tu teléfono el código QR que te muestra el asistente y se abrirá aquí con todo listo.
      </p>
      <Link to={paths.home} className={`${buttonStyles.secondary} mt-6 min-h-12 px-6 text-base`}>
        Ir a la tienda
      </Link>
    </section>
  )
}
