import type { ReactNode } from 'react'
import { useNavigate } from 'react-router'
import { ArrowLeftIcon } from '@/components/ui/page-icons'
import { paths } from '@/lib/paths'

type AuthPageProps = {
  title: string
  description?: ReactNode
  /** `narrow` for login and recovery, `wide` for registration. */
  width?: 'narrow' | 'wide'
  children: ReactNode
}

/** The frame of login, registration and recovery: a Volver button, the title and the form on a card. */
export function AuthPage({ title, description, width = 'narrow', children }: AuthPageProps) {
  const navigate = useNavigate()
  const back = () => {
    // React Router numbers its history entries: idx 0 is where this visit entered the shop.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0
    if (index > 0) navigate(-1)
    else navigate(paths.home)
  }
  return (
    <div className={`mx-auto px-4 pt-4 sm:px-6 sm:pt-8 ${width === 'wide' ? 'max-w-3xl' : 'max-w-lg'}`}>
      <button
        type="button"
        onClick={back}
        className="-ml-2 inline-flex items-center gap-1.5 rounded-full px-2 py-1.5 text-sm font-medium text-ink-700 transition-colors hover:bg-sand-100 hover:text-ink-900"
      >
        <ArrowLeftIcon className="size-4" />
        Volver
      </button>
      <div className="mt-3 rounded-3xl border border-sand-200 bg-white p-5 shadow-sm shadow-ink-900/5 sm:mt-4 sm:p-8">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
        {description && <p className="mt-2 leading-relaxed text-ink-600">{description}</p>}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  )
}
