import type { ReactNode } from 'react'
import { AlertIcon } from '@/components/ui/page-icons'

type PaymentFailureProps = {
  message: string
  /** The server's reason, under the message. */
  detail?: string | null
  /** A button (retry) under the text. */
  action?: ReactNode
  className?: string
}

/** Why a payment did not go through, announced at once; the page stays usable to try again. */
export function PaymentFailure({ message, detail, action, className = '' }: PaymentFailureProps) {
  return (
    <div role="alert" className={`rounded-xl border border-clay-300 bg-clay-100 px-4 py-3 text-sm ${className}`}>
      <p className="flex items-start gap-2.5 font-medium text-ink-900">
        <AlertIcon className="mt-0.5 size-4.5 shrink-0 text-clay-600" />
        <span>{message}</span>
      </p>
      {detail && <p className="mt-1 pl-7 text-ink-700">{detail}</p>}
      {action && <div className="mt-3 pl-7">{action}</div>}
    </div>
  )
}
