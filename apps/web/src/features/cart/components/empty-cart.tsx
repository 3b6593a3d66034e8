import { ORDER_MESSAGES } from '@piel/contracts/values'
import { Link } from 'react-router'
import { buttonStyles } from '@/components/ui/button-styles'
import { BagIcon } from '@/components/ui/icons'
import { paths } from '@/lib/paths'

/** "No hay productos." with the way back to the shop; `invite` adds a line that invites to browse. */
export function EmptyCart({ invite = false }: { invite?: boolean }) {
  return (
    <div className="flex flex-col items-center rounded-3xl border border-dashed border-sand-300 bg-white px-6 py-14 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <BagIcon className="size-7" />
      </span>
      <p className="mt-4 text-lg font-medium text-ink-900">{ORDER_MESSAGES.emptyCart}</p>
      {invite && <p className="mt-1 text-sm text-ink-600">Explora la tienda y agrega lo que tu piel necesita.</p>}
      <Link to={paths.home} className={`${buttonStyles.primary} mt-6`}>
        Seguir comprando
      </Link>
    </div>
  )
}
