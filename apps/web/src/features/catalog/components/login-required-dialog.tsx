import { lazy, Suspense, useState } from 'react'

const LoginRequiredModal = lazy(() =>
  import('./login-required-modal').then((module) => ({ default: module.LoginRequiredModal })),
)

/**
 * The modal of spec 000 §2 shown when an anonymous shopper tries to favourite a product or open the assistant. Its
 * code (and the dialog's) loads the first time it opens, not with every page that could ask for it (issue 16);
 * it then stays, closed, to open again at once.
 */
export function LoginRequiredDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [asked, setAsked] = useState(open)
  if (open && !asked) setAsked(true)
  if (!asked) return null
  return (
    <Suspense fallback={null}>
      <LoginRequiredModal open={open} onClose={onClose} />
    </Suspense>
  )
}
