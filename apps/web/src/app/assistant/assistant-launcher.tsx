import { lazy, Suspense, useEffect, useState } from 'react'
import { useLocation } from 'react-router'
import type { CurrentUser } from '@/features/accounts/use-current-user'
import { chatFlags } from '@/features/assistant/chat-flags'
import { AssistantBubble } from '@/features/assistant/components/assistant-bubble'
import { LoginRequiredDialog } from '@/features/catalog/components/login-required-dialog'
import { paths } from '@/lib/paths'

const AssistantPanel = lazy(() => import('./assistant-panel'))
// Shown once per browser: its code loads only on a first visit to /home, not with every page of the shop.
const AssistantTour = lazy(() =>
  import('@/features/assistant/components/assistant-tour').then((module) => ({ default: module.AssistantTour })),
)

/**
 * Pages the bubble stays off: /chatbot, where the chat is the page; the back office, where it would cover the staff's
 * tables; and the cart, the checkout and the payment pages, where on a phone it covered the totals and the payment's
 * instructions (issue 35) while the shopper is paying.
 */
const WITHOUT_BUBBLE = /^\/(chatbot|admin|cart|sendproducts|paymethod|paymentconfirmationpse|payment-success)(\/|$)/

/**
 * The assistant's presence on the shop's pages (spec 001 §2): the bubble (a visitor gets the login prompt, a
 * logged-in shopper the chat panel, loaded only when opened) and, on the first visit to /home, the tour — not for
 * an administrator, whose first visit already asks them to complete their profile (issue 35).
 */
export function AssistantLauncher({ user }: { user: CurrentUser | null }) {
  const { pathname } = useLocation()
  const [loginPrompt, setLoginPrompt] = useState(false)
  const [tourDue, setTourDue] = useState(false)
  // After hydration: the server cannot know whether this browser saw the tour.
  useEffect(() => setTourDue(!chatFlags.tourSeen()), [])
  if (WITHOUT_BUBBLE.test(pathname.toLowerCase())) return null
  return (
    <>
      {tourDue && pathname === paths.home && !user?.esAdmin && (
        <Suspense fallback={null}>
          <AssistantTour chatPath={paths.chatbot} />
        </Suspense>
      )}
      <AssistantBubble
        loggedIn={user !== null}
        onLoginPrompt={() => setLoginPrompt(true)}
        panel={(close) => (
          <Suspense fallback={<div className="h-80 animate-pulse rounded-3xl bg-sand-100" />}>
            <AssistantPanel email={user?.email ?? null} onLeave={close} />
          </Suspense>
        )}
      />
      <LoginRequiredDialog open={loginPrompt} onClose={() => setLoginPrompt(false)} />
    </>
  )
}
