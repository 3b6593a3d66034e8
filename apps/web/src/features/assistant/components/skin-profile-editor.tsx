import type { SkinProfileState } from '@piel/contracts'
import { type ReactNode, useState } from 'react'
import { buttonStyles } from '@/components/ui/button-styles'
import { FormAlert } from '@/components/ui/form-field'
import { ModalDialog } from '@/components/ui/modal-dialog'
import { TrashIcon } from '@/components/ui/page-icons'
import { Skeleton } from '@/components/ui/skeleton'
import { formatDate } from '@/lib/format'
import { skinProfileError, useDeleteSkinProfile, useSkinProfile } from '../use-skin-profile'
import { SkinProfileForm } from './skin-profile-form'

type SkinProfileEditorProps = {
  userKey: string
  onSaved?: (state: SkinProfileState) => void
  secondaryAction?: ReactNode
}

/**
 * The saved profile, editable, and "Eliminar perfil" once there is one: the chat's dialog and the account page's
 * section show the same thing.
 */
export function SkinProfileEditor({ userKey, onSaved, secondaryAction }: SkinProfileEditorProps) {
  const profile = useSkinProfile(userKey)
  const [savedNotice, setSavedNotice] = useState(false)

  if (profile.isPending) {
    return (
      <div role="status" className="space-y-3">
        <span className="sr-only">Cargando tu perfil de piel</span>
        <Skeleton className="h-5 w-1/2" />
        <Skeleton className="h-11 w-full" />
        <Skeleton className="h-11 w-5/6" />
      </div>
    )
  }
  if (profile.isError) {
    return (
      <div role="alert" className="rounded-2xl bg-sand-100 p-4 text-sm text-ink-800">
        <p>{skinProfileError(profile.error, 'No pudimos cargar tu perfil de piel.')}</p>
        <button
          type="button"
          onClick={() => void profile.refetch()}
          className={`${buttonStyles.secondary} mt-3 min-h-11`}
        >
          Intentar de nuevo
        </button>
      </div>
    )
  }
  const { perfil, actualizado } = profile.data
  return (
    <div>
      {perfil && actualizado && <p className="mb-4 text-sm text-ink-600">Actualizado el {formatDate(actualizado)}.</p>}
      <SkinProfileForm
        // A profile saved or deleted elsewhere (the other screen, "Eliminar mis fotos") starts the form over.
        key={profile.dataUpdatedAt}
        userKey={userKey}
        profile={perfil}
        onSaved={(state) => {
          setSavedNotice(true)
          onSaved?.(state)
        }}
        secondaryAction={secondaryAction}
      />
      <FormAlert
        tone="success"
        message={savedNotice && perfil ? 'Guardamos tu perfil de piel.' : null}
        className="mt-4"
      />
      <DeleteSkinProfile userKey={userKey} saved={perfil !== null} />
    </div>
  )
}

/** "Eliminar perfil", after a confirmation; what it did is said where the button was. */
function DeleteSkinProfile({ userKey, saved }: { userKey: string; saved: boolean }) {
  const remove = useDeleteSkinProfile(userKey)
  const [confirming, setConfirming] = useState(false)
  if (!saved && !remove.isSuccess) return null
  return (
    <div className="mt-6 border-t border-sand-200 pt-5">
      {saved && (
        <>
          <p className="text-sm text-ink-700">
            Si lo eliminas, el asistente deja de tenerlo en cuenta. Tus fotos y análisis no se borran.
          </p>
          <button
            type="button"
            onClick={() => {
              remove.reset()
              setConfirming(true)
            }}
            className={`${buttonStyles.secondary} mt-3 min-h-11 border-clay-600/40 text-clay-600 hover:border-clay-600 hover:bg-clay-100/60`}
          >
            <TrashIcon className="size-5" />
            Eliminar perfil
          </button>
        </>
      )}
      <div role="status" aria-live="polite" className="mt-3 text-sm empty:hidden">
        {remove.isSuccess && <p className="font-medium text-brand-800">Eliminamos tu perfil de piel.</p>}
        {remove.isError && (
          <p className="font-medium text-clay-600">
            {skinProfileError(remove.error, 'No pudimos eliminar tu perfil de piel. Inténtalo de nuevo.')}
          </p>
        )}
      </div>
      <ModalDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="¿Eliminar tu perfil de piel?"
        description="Se borran de inmediato tus respuestas: tipo de piel, preocupaciones, embarazo, medicamentos y alergias."
      >
        <div className="mt-6 flex flex-col-reverse gap-3 px-5 pb-5 sm:flex-row sm:justify-end sm:px-6 sm:pb-6">
          <button type="button" onClick={() => setConfirming(false)} className={`${buttonStyles.secondary} min-h-12`}>
            Cancelar
          </button>
          <button
            type="button"
            disabled={remove.isPending}
            onClick={() => remove.mutate(undefined, { onSettled: () => setConfirming(false) })}
            className={`${buttonStyles.primary} min-h-12 bg-clay-600 hover:bg-clay-500`}
          >
            {remove.isPending ? 'Eliminando…' : 'Sí, eliminar'}
          </button>
        </div>
      </ModalDialog>
    </div>
  )
}

type SkinProfileDialogProps = {
  open: boolean
  onClose: () => void
  userKey: string
  onSaved: (state: SkinProfileState) => void
}

/** "Mi perfil de piel" in the chat: the questions in a dialog that scrolls on a phone, closed once saved. */
export function SkinProfileDialog({ open, onClose, userKey, onSaved }: SkinProfileDialogProps) {
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title="Mi perfil de piel"
      description="Para aconsejarte mejor. Todas las preguntas son opcionales: responde solo las que quieras."
      variant="form"
      closeLabel="Cerrar"
    >
      {/* The questions scroll under the title (the dialog's own height is the browser's, so the list sets one). */}
      <div className="mt-4 max-h-[calc(100dvh-12rem)] min-h-0 overflow-y-auto overscroll-contain border-t border-sand-200 px-5 pt-5 pb-5 sm:px-6 sm:pb-6">
        <SkinProfileEditor
          userKey={userKey}
          onSaved={(state) => {
            onSaved(state)
            onClose()
          }}
          secondaryAction={
            <button type="button" onClick={onClose} className={`${buttonStyles.secondary} min-h-12`}>
              Cancelar
            </button>
          }
        />
      </div>
    </ModalDialog>
  )
}
