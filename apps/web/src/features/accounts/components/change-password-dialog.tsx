import { zodResolver } from '@hookform/resolvers/zod'
import { type Person, UpdatePasswordSchema } from '@piel/contracts'
import { ACCOUNT_MESSAGES } from '@piel/contracts/values'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { Link } from 'react-router'
import { buttonStyles } from '@/components/ui/button-styles'
import { FormAlert, PasswordField } from '@/components/ui/form-field'
import { ModalDialog } from '@/components/ui/modal-dialog'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/toast'
import { ApiError } from '@/lib/api-client'
import { paths } from '@/lib/paths'
import { sessionQuery } from '@/lib/session'
import { accountsApi, stripStatus } from '../api'

type ChangePasswordDialogProps = {
  personId: number
  /** A temporary password (`temporal` 'Si'): the dialog cannot be dismissed until the password changes. */
  forced: boolean
  onClose: () => void
}

const FAILED = 'No se pudo actualizar la contraseña. Inténtalo de nuevo.'

/** The change-password modal of spec 000 §2 and §5 (`POST persona/UpdatePassword`). */
export function ChangePasswordDialog({ personId, forced, onClose }: ChangePasswordDialogProps) {
  const queryClient = useQueryClient()
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(UpdatePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  })

  const change = useMutation({
    mutationFn: accountsApi.updatePassword,
    onSuccess: async (updated) => {
      if (!updated) return
      toast.success(ACCOUNT_MESSAGES.passwordUpdated)
      // The password is no longer temporary: the forced dialog goes away with the session's new state.
      queryClient.setQueryData<Person | null>(sessionQuery.queryKey, (person) =>
        person ? { ...person, temporal: 'No' } : person,
      )
      void queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey })
      onClose()
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) return
      const fields = ['currentPassword', 'newPassword', 'confirmPassword'] as const
      const campos: Record<string, string> = { ...error.campos }
      // A wrong current password is that field's error (400 `clave_actual_incorrecta`).
      if (error.codigo === 'clave_actual_incorrecta') campos.currentPassword = stripStatus(error.message)
      let focused = false
      for (const field of fields) {
        const message = campos[field]
        if (!message) continue
        setError(field, { type: 'server', message }, { shouldFocus: !focused })
        focused = true
      }
    },
  })

  const failure = change.isError
    ? (change.error instanceof ApiError && stripStatus(change.error.message)) || FAILED
    : change.data === false
      ? FAILED
      : null

  return (
    <ModalDialog
      open
      onClose={onClose}
      dismissible={!forced}
      variant="form"
      title="Cambiar contraseña"
      description={
        forced
          ? 'Ingresaste con una contraseña temporal. Para continuar, crea una contraseña nueva.'
          : 'Escribe tu contraseña actual y la nueva contraseña.'
      }
      closeLabel={forced ? undefined : 'Cerrar'}
    >
      <form
        noValidate
        onSubmit={handleSubmit((values) => change.mutate({ ...values, idPerson: personId }))}
        className="space-y-4 px-5 pt-5 pb-5 sm:px-6 sm:pb-6"
      >
        <FormAlert tone="danger" message={failure} />
        <PasswordField
          label={forced ? 'Contraseña temporal' : 'Contraseña actual'}
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
        <PasswordField
          label="Nueva contraseña"
          autoComplete="new-password"
          hint="Mínimo 8 caracteres, solo letras y números, con al menos un número y una letra mayúscula."
          error={errors.newPassword?.message}
          {...register('newPassword')}
        />
        <PasswordField
          label="Confirmar nueva contraseña"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:items-center sm:justify-end">
          {forced ? (
            <Link to={paths.logout} className={`${buttonStyles.ghost} text-clay-600 sm:mr-auto`}>
              Cerrar sesión
            </Link>
          ) : (
            <button type="button" onClick={onClose} className={buttonStyles.secondary}>
              Cancelar
            </button>
          )}
          <button type="submit" disabled={change.isPending} className={buttonStyles.primary}>
            {change.isPending && <Spinner />}
            Cambiar contraseña
          </button>
        </div>
      </form>
    </ModalDialog>
  )
}
