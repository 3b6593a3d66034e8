import type { ReactNode } from 'react'
import { SearchIcon } from '@/components/ui/icons'

type ListNoticeProps = {
  title: string
  text: string
  action?: ReactNode
  /** A failure (announced at once, with "!") rather than an empty result. */
  alert?: boolean
}

/** In place of the product grid: nothing matched the filters, or the list could not be loaded. */
export function ListNotice({ title, text, action, alert = false }: ListNoticeProps) {
  return (
    <div
      role={alert ? 'alert' : undefined}
      className="flex flex-col items-center rounded-3xl border border-sand-200 bg-white px-6 py-12 text-center sm:py-16"
    >
      <div
        aria-hidden="true"
        className={`flex size-14 items-center justify-center rounded-full ${
          alert ? 'bg-clay-100 text-2xl font-semibold text-clay-600' : 'bg-brand-50 text-brand-700'
        }`}
      >
        {alert ? '!' : <SearchIcon className="size-6" />}
      </div>
      <h2 className="mt-5 text-lg font-semibold text-ink-900">{title}</h2>
      <p className="mt-2 max-w-md text-ink-600">{text}</p>
      {action && <div className="mt-6">{action}</div>}
    </div>
  )
}
