import { GOOGLE_SIGN_IN_ERROR_PARAM } from '@piel/contracts'
import { useSearchParams } from 'react-router'
import { FormAlert } from '@/components/ui/form-field'
import { AuthPage } from '@/features/accounts/components/auth-page'
import { LoginForm } from '@/features/accounts/components/login-form'

/** `/login` (spec 000 §2). A failed Google sign-in comes back here with its message in `?error=`. */
export function Component() {
  const [searchParams] = useSearchParams()
  const googleError = searchParams.get(GOOGLE_SIGN_IN_ERROR_PARAM)?.slice(0, 200)
  return (
    <AuthPage title="Iniciar sesión" description="Ingresa con tu correo y tu clave para ver tus favoritos y pedidos.">
      <FormAlert tone="danger" message={googleError} className="mb-4" />
      <LoginForm />
    </AuthPage>
  )
}
