import type { Order } from '@piel/contracts'
import { ORDER_STATUS } from '@piel/contracts/values'
import { useRef, useState } from 'react'
import { buttonStyles } from '@/components/ui/button-styles'
import { FormAlert } from '@/components/ui/form-field'
import { ModalDialog } from '@/components/ui/modal-dialog'
import { cancelOrderErrorMessage, useCancelOrder } from '../use-cancel-order'

type CancelOrderButtonProps = {
  personId: number
  order: Pick<Order, 'id' | 'idEstado'>
  /** After the cancellation (its notice already shown): the payment page leaves for the order's page. */
  onCancelled?: () => void
  className?: string
}

/**
 * "Cancelar orden" (issue 35) on the pages of an unpaid order, shown by the caller only when `offersCancellation`
 * says so: a confirmation dialog that says what happens (the products go back to the shop, the order can no longer
 * be paid), then `POST orden/{id}/Cancelar`. A refusal stays in the dialog in the server's words.
 */
export function CancelOrderButton({ personId, order, onCancelled, className = '' }: CancelOrderButtonProps) {
  const [open, setOpen] = useState(false)
  const keepRef = useRef<HTMLButtonElement>(null)
  const cancel = useCancelOrder({
    personId,
    orderId: order.id,
    onCancelled: () => {
      setOpen(false)
      onCancelled?.()
    },
  })
  const close = () => {
    if (cancel.isPending) return
    setOpen(false)
    cancel.reset()
  }
  const corporate = order.idEstado === ORDER_STATUS.awaitingInvoice

  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className={`${buttonStyles.secondary} ${className}`}>
        Cancelar orden
      </button>
      <ModalDialog
        open={open}
        onClose={close}
        title={`¿Cancelar la orden N.º ${order.id}?`}
        description={
          corporate
            ? 'Los productos vuelven a la tienda y no te enviaremos la factura de esta orden. Esto no se puede deshacer.'
            : 'Los productos vuelven a la tienda y ya no podrás pagar esta orden. Esto no se puede deshacer.'
        }
        initialFocusRef={keepRef}
      >
        <div className="space-y-4 px-5 pt-5 pb-5 sm:px-6 sm:pb-6">
          <FormAlert tone="danger" message={cancel.isError ? cancelOrderErrorMessage(cancel.error) : null} />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <button
              ref={keepRef}
              type="button"
              onClick={close}
              disabled={cancel.isPending}
              className={buttonStyles.secondary}
            >
              Volver
            </button>
            <button
              type="button"
              onClick={() => cancel.mutate()}
              disabled={cancel.isPending}
              className={`${buttonStyles.primary} bg-clay-600 hover:bg-clay-600/90`}
            >
              {cancel.isPending ? 'Cancelando…' : 'Sí, cancelar orden'}
            </button>
          </div>
        </div>
      </ModalDialog>
    </>
  )
}
