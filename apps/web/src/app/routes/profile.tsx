import { useMatch } from 'react-router'
import { AccountPage } from '@/features/accounts/components/account-page'
import { ProfileForm } from '@/features/accounts/components/profile-form'
import { useCurrentUser, useSession } from '@/features/accounts/use-current-user'
import { SkinProfileSection } from '@/features/assistant/components/skin-profile-section'
import { paths } from '@/lib/paths'

/**
 * `/profile` and `/infoProfile` (spec 000 §2 Profile), behind the route guard. On /infoProfile the editable
 * fields stay locked until "Editar datos". Below, the skin profile the assistant uses (issue 31), kept for the
 * account's e-mail as the chat keys it.
 */
export function Component() {
  const { data: person } = useSession()
  const user = useCurrentUser()
  const personalData = useMatch(paths.infoProfile) !== null
  if (!person) return null
  return (
    <AccountPage title={personalData ? 'Datos personales' : 'Mi perfil'} user={user}>
      <section className="rounded-3xl border border-sand-200 bg-white p-5 sm:p-8">
        <ProfileForm key={`${person.id}-${personalData}`} person={person} lockedUntilEdit={personalData} />
      </section>
      {user && <SkinProfileSection userKey={user.email} className="mt-6" />}
    </AccountPage>
  )
}
