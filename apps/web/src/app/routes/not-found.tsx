import { DEFAULT_STORE_ID } from '@piel/contracts/values'
import { Link } from 'react-router'
import { buttonStyles } from '@/components/ui/button-styles'
import { useCurrentStore } from '@/features/store/api'
import { paths } from '@/lib/paths'

export function Component() {
  const { data: store } = useCurrentStore()
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-6 py-16 text-center sm:py-24">
      <LostDrop />
      <p className="mt-6 text-sm font-semibold tracking-[0.14em] text-clay-600 uppercase">Error 404</p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight">Página no encontrada</h1>
      <p className="mt-3 leading-relaxed text-ink-600">
        Lo sentimos, la página que buscas no existe o cambió de dirección. Puedes volver al inicio o ver todos nuestros
        productos.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={paths.home} className={buttonStyles.primary}>
          Ir al inicio
        </Link>
        <Link to={paths.storeProducts(store?.id ?? DEFAULT_STORE_ID)} className={buttonStyles.secondary}>
          Ver productos
        </Link>
      </div>
    </div>
  )
}

function LostDrop() {
  return (
    <svg viewBox="0 0 120 120" className="size-28" aria-hidden="true" focusable="false">
      <circle cx="60" cy="60" r="56" fill="#eef6f4" />
      <path d="M60 22c14 17.5 21 29 21 38.5a21 21 0 0 1-42 0C39 51 46 39.5 60 22z" fill="#aed6cf" />
      <circle cx="52.5" cy="62" r="2.6" fill="#1d5752" />
      <circle cx="67.5" cy="62" r="2.6" fill="#1d5752" />
      <path d="M53 72.5c4.2-3 9.8-3 14 0" fill="none" stroke="#1d5752" strokeWidth="2.4" strokeLinecap="round" />
      <circle cx="92" cy="36" r="5" fill="#e3a58c" />
      <circle cx="28" cy="84" r="3.5" fill="#e3a58c" opacity=".6" />
    </svg>
  )
}
