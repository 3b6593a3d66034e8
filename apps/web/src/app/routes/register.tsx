import type { Person } from '@piel/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { AuthPage } from '@/features/accounts/components/auth-page'
import { LoggedInNotice } from '@/features/accounts/components/logged-in-notice'
import { RegisterForm } from '@/features/accounts/components/register-form'
import { useLeaveWhenLoggedIn } from '@/features/accounts/use-complete-login'
import { setSession } from '@/lib/session'

/** `/register` (spec 000 §2). A logged-in shopper leaves for the route after login, as on /login. */
export function Component() {
  const queryClient = useQueryClient()
  const leaving = useLeaveWhenLoggedIn()
  if (leaving) return <LoggedInNotice />
  return (
    <AuthPage
      width="wide"
      title="Crear una cuenta"
      description="Regístrate para guardar tus favoritos, tus direcciones y comprar más rápido."
    >
      <RegisterForm onSuccess={(person: Person) => setSession(queryClient, person)} />
    </AuthPage>
  )
}
