import { zodResolver } from '@hookform/resolvers/zod'
import { LoginSchema, type Person } from '@piel/contracts'
import { useMutation } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { Link } from 'react-router'
import { buttonStyles } from '@/components/ui/button-styles'
import { FormAlert, PasswordField, TextField } from '@/components/ui/form-field'
import { Spinner } from '@/components/ui/spinner'
import { paths } from '@/lib/paths'
import { accountsApi, loginErrorMessage } from '../api'
import { GoogleSignIn } from './google-sign-in'

type LoginFormProps = {
  /** After a successful login, with the new session's person: the page or the dialog stores it and moves on. */
  onSuccess: (person: Person) => void
}

/** The login form of spec 000 §2 (Usuario, Clave, Iniciar), also usable inside the cart's login dialog. */
export function LoginForm({ onSuccess }: LoginFormProps) {
  const form = useForm({ resolver: zodResolver(LoginSchema), defaultValues: { email: '', password: '' } })
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form
  const login = useMutation({
    mutationFn: accountsApi.login,
    onSuccess: (person) => onSuccess(person),
  })

  return (
    <form noValidate onSubmit={handleSubmit((values) => login.mutate(values))} className="space-y-4">
      <FormAlert tone="danger" message={login.isError ? loginErrorMessage(login.error) : null} />
      <TextField
        label="Usuario"
        type="email"
        inputMode="email"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="tucorreo@ejemplo.com"
        error={errors.email?.message}
        {...register('email')}
      />
      <div>
        <PasswordField
          label="Clave"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <p className="mt-2 text-right">
          <Link
            to={paths.forgotPassword}
            className="rounded text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline"
          >
            ¿Olvidaste tu clave?
          </Link>
        </p>
      </div>
      <button type="submit" disabled={login.isPending} className={`${buttonStyles.primary} w-full !py-3 text-base`}>
        {login.isPending && <Spinner />}
        Iniciar
      </button>
      <GoogleSignIn label="Accede con Google" />
      <p className="pt-2 text-center text-sm text-ink-600">
        ¿No tienes una cuenta?{' '}
        <Link to={paths.register} className="rounded font-semibold text-brand-700 hover:text-brand-800 hover:underline">
          Regístrate
        </Link>
      </p>
    </form>
  )
}
