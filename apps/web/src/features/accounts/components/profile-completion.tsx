import type { Person } from '@piel/contracts'
import { lazy, Suspense, useState } from 'react'
import { useHydrated } from '@/lib/use-hydrated'
import { useSession } from '../use-current-user'

const ProfileCompletionDialog = lazy(() =>
  import('./profile-completion-dialog').then((module) => ({ default: module.ProfileCompletionDialog })),
)

/** The profile data the home modal asks for (spec 000 §4, §5). */
export function isProfileIncomplete(person: Person): boolean {
  return (
    !person.fechaNacimiento ||
    person.idGenero === null ||
    !person.tipoIdentificacion ||
    !person.numeroDocumento ||
    !person.telefono
  )
}

const DISMISSED_KEY = 'perfilPendienteCerrado'

function wasDismissed(personId: number) {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === String(personId)
  } catch {
    return false
  }
}

function rememberDismissed(personId: number) {
  try {
    sessionStorage.setItem(DISMISSED_KEY, String(personId))
  } catch {
    // Without storage it asks again on the next visit to /home, which is harmless.
  }
}

/**
 * The profile-completion modal of /home for a logged-in person lacking profile data. Closed with "Más tarde", it
 * waits until the next visit (browser session). The dialog's code loads only for such a person.
 */
export function ProfileCompletion() {
  const { data: person } = useSession()
  const [dismissedId, setDismissedId] = useState<number | null>(null)
  // Asked in the browser only: the dialog's code and the "later" note (session storage) are there.
  const hydrated = useHydrated()
  if (!hydrated) return null
  // A temporary password comes first: its dialog cannot be dismissed, and two modals at once would collide.
  if (!person || person.temporal === 'Si' || !isProfileIncomplete(person)) return null
  if (dismissedId === person.id || wasDismissed(person.id)) return null
  return (
    <Suspense fallback={null}>
      <ProfileCompletionDialog
        person={person}
        onClose={() => {
          rememberDismissed(person.id)
          setDismissedId(person.id)
        }}
      />
    </Suspense>
  )
}
