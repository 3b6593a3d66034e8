import type { Person } from '@piel/contracts'
import { GOOGLE_SIGN_IN_ERROR_PARAM } from '@piel/contracts/values'
import { useQueryClient } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import { FormAlert } from '@/components/ui/form-field'
import { AuthPage } from '@/features/accounts/components/auth-page'
import { LoggedInNotice } from '@/features/accounts/components/logged-in-notice'
import { LoginForm } from '@/features/accounts/components/login-form'
import { useLeaveWhenLoggedIn } from '@/features/accounts/use-complete-login'
import { setSession } from '@/lib/session'

/**
 * `/login` (spec 000 §2). A failed Google sign-in comes back here with its message in `?error=`. A logged-in
 * shopper, whether the session was open before or the form has just opened it, leaves for the route after
 * login (spec 000 §4: the remembered one, else /home).
 */
export function Component() {
  const [searchParams] = useSearchParams()
  const queryClient = useQueryClient()
  const leaving = useLeaveWhenLoggedIn()
  const googleError = searchParams.get(GOOGLE_SIGN_IN_ERROR_PARAM)?.slice(0, 200)
  if (leaving) return <LoggedInNotice />
  return (
    <AuthPage title="Iniciar sesión" description="Ingresa con tu correo y tu clave para ver tus favoritos y pedidos.">
      <FormAlert tone="danger" message={googleError} className="mb-4" />
      <LoginForm onSuccess={(person: Person) => setSession(queryClient, person)} />
    </AuthPage>
  )
}
