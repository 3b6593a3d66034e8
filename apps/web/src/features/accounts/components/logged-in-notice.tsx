import { Spinner } from '@/components/ui/spinner'

/** What /login and /register show a logged-in shopper for the moment it takes to send them on. */
export function LoggedInNotice() {
  return (
    <div role="status" className="flex min-h-[50dvh] items-center justify-center text-brand-700">
      <Spinner className="size-7" />
      <span className="sr-only">Ya iniciaste sesión.</span>
    </div>
  )
}
