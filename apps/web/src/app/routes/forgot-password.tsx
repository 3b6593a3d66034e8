import { zodResolver } from '@hookform/resolvers/zod'
import { RecoveryPasswordSchema } from '@piel/contracts'
import { ACCOUNT_MESSAGES } from '@piel/contracts/values'
import { useMutation } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { Link, useNavigate } from 'react-router'
import { buttonStyles } from '@/components/ui/button-styles'
import { FormAlert, TextField } from '@/components/ui/form-field'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/toast'
import { accountsApi, stripStatus } from '@/features/accounts/api'
import { AuthPage } from '@/features/accounts/components/auth-page'
import { ApiError } from '@/lib/api-client'
import { paths } from '@/lib/paths'

/** `/forgot-password` (spec 000 §2, §8): a temporary password goes to the e-mail, then back to /login. */
export function Component() {
  const navigate = useNavigate()
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(RecoveryPasswordSchema), defaultValues: { email: '' } })
  const recover = useMutation({
    mutationFn: accountsApi.recoverPassword,
    onSuccess: () => {
      toast.success(ACCOUNT_MESSAGES.recoverySent)
      navigate(paths.login)
    },
  })
  const failure = recover.isError
    ? (recover.error instanceof ApiError && stripStatus(recover.error.message)) || 'No pudimos enviar el correo.'
    : null

  return (
    <AuthPage
      title="Recuperar clave"
      description="Escribe el correo de tu cuenta. Te enviaremos una clave temporal para que ingreses y la cambies."
    >
      <form noValidate onSubmit={handleSubmit((values) => recover.mutate(values))} className="space-y-4">
        <FormAlert tone="danger" message={failure} />
        <TextField
          label="Correo electrónico"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="tucorreo@ejemplo.com"
          error={errors.email?.message}
          {...register('email')}
        />
        <button type="submit" disabled={recover.isPending} className={`${buttonStyles.primary} w-full !py-3 text-base`}>
          {recover.isPending && <Spinner />}
          Enviar
        </button>
        <p className="pt-2 text-center text-sm text-ink-600">
          ¿La recordaste?{' '}
          <Link to={paths.login} className="rounded font-semibold text-brand-700 hover:text-brand-800 hover:underline">
            Inicia sesión
          </Link>
        </p>
      </form>
    </AuthPage>
  )
}
