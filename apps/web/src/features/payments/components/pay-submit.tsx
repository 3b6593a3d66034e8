import { buttonStyles } from '@/components/ui/button-styles'
import { Spinner } from '@/components/ui/spinner'
import { PaymentFailure } from './payment-failure'

type PaySubmitProps = {
  /** Why the last try did not go through, shown above the button. */
  failure: string | null
  busy: boolean
  disabled?: boolean
  children: string
}

/** The end of a payment form: the last failure, then the submit button with its progress. */
export function PaySubmit({ failure, busy, disabled = false, children }: PaySubmitProps) {
  return (
    <>
      {failure && <PaymentFailure className="mt-5" message={failure} />}
      <button
        type="submit"
        disabled={busy || disabled}
        className={`${buttonStyles.primary} mt-5 w-full !py-3 text-base sm:w-auto sm:min-w-64`}
      >
        {busy && <Spinner />}
        {children}
      </button>
    </>
  )
}
