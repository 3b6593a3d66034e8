import { lazy, Suspense, useState } from 'react'
import { useLocation } from 'react-router'
import type { CurrentUser } from '@/features/accounts/use-current-user'
import { AssistantBubble } from '@/features/assistant/components/assistant-bubble'
import { AssistantTour } from '@/features/assistant/components/assistant-tour'
import { LoginRequiredDialog } from '@/features/catalog/components/login-required-dialog'
import { paths } from '@/lib/paths'

const AssistantPanel = lazy(() => import('./assistant-panel'))

/**
 * The assistant's presence on every shop page (spec 001 §2): the bubble (a visitor gets the login prompt, a
 * logged-in shopper the chat panel, loaded only when opened) and, on the first visit to /home, the tour. Hidden on
 * /chatbot, where the chat is the page, and in the back office, where it would cover the staff's tables.
 */
export function AssistantLauncher({ user }: { user: CurrentUser | null }) {
  const { pathname } = useLocation()
  const [loginPrompt, setLoginPrompt] = useState(false)
  const page = pathname.toLowerCase()
  if (page === paths.chatbot.toLowerCase() || page === paths.adminHome || page.startsWith(`${paths.adminHome}/`)) {
    return null
  }
  return (
    <>
      {pathname === paths.home && <AssistantTour chatPath={paths.chatbot} />}
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
