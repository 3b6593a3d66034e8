import { AuthPage } from '@/features/accounts/components/auth-page'
import { RegisterForm } from '@/features/accounts/components/register-form'

/** `/register` (spec 000 §2). */
export function Component() {
  return (
    <AuthPage
      width="wide"
      title="Crear una cuenta"
      description="Regístrate para guardar tus favoritos, tus direcciones y comprar más rápido."
    >
      <RegisterForm />
    </AuthPage>
  )
}
