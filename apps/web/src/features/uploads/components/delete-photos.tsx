import type { DeletePhotosResult } from '@piel/contracts'
import { PHOTO_RETENTION_DAYS_DEFAULT } from '@piel/contracts/values'
import { useRef, useState } from 'react'
import { buttonStyles } from '@/components/ui/button-styles'
import { ModalDialog } from '@/components/ui/modal-dialog'
import { TrashIcon } from '@/components/ui/page-icons'
import { DELETE_FAILED, PhotoCallError, useDeletePhotos } from '../api'

/** The Spanish summary of a deletion; the skin profile goes with the photos (issue 31) and is named when it went. */
export function deletionSummary({ fotos, analisis, perfil }: DeletePhotosResult): string {
  if (fotos === 0 && analisis === 0) {
    return perfil
      ? 'Listo: eliminamos tu perfil de piel. No había fotos ni análisis guardados con este código.'
      : 'No había fotos ni análisis guardados con este código.'
  }
  const photos = fotos === 1 ? '1 foto' : `${fotos} fotos`
  const analyses = analisis === 1 ? '1 análisis' : `${analisis} análisis`
  return perfil
    ? `Listo: eliminamos ${photos} y ${analyses} de este código, y tu perfil de piel.`
    : `Listo: eliminamos ${photos} y ${analyses} de este código.`
}

/**
 * "Eliminar mis fotos": every photo and skin analysis sent with this code, and the skin profile, are deleted at
 * once, after a confirmation. `onDeleted` lets the page forget what it kept of them (the chat's record of the
 * analyses, its profile).
 */
export function DeletePhotos({ code, onDeleted }: { code: string; onDeleted?: () => void }) {
  const [confirming, setConfirming] = useState(false)
  const remove = useDeletePhotos()
  const cancelRef = useRef<HTMLButtonElement>(null)

  return (
    <section aria-labelledby="eliminar-fotos" className="rounded-3xl bg-sand-100/70 p-5 sm:p-6">
      <h2 id="eliminar-fotos" className="text-base font-semibold">
        Tus fotos y tus datos
      </h2>
      <p className="mt-1.5 text-sm leading-relaxed text-ink-700">
        Guardamos tus fotos {PHOTO_RETENTION_DAYS_DEFAULT} días y luego las borramos. Si lo prefieres, puedes eliminar
        ahora todas las fotos y análisis enviados con este código, junto con tu perfil de piel.
      </p>
      <button
        type="button"
        onClick={() => {
          remove.reset()
          setConfirming(true)
        }}
        className={`${buttonStyles.secondary} mt-4 min-h-12 w-full border-clay-600/40 text-clay-600 hover:border-clay-600 hover:bg-clay-100/60 sm:w-auto`}
      >
        <TrashIcon className="size-5" />
        Eliminar mis fotos
      </button>
      <div role="status" aria-live="polite" className="mt-3 text-sm empty:hidden">
        {remove.isSuccess && <p className="font-medium text-brand-800">{deletionSummary(remove.data)}</p>}
        {remove.isError && (
          <p className="font-medium text-clay-600">
            {remove.error instanceof PhotoCallError ? remove.error.message : DELETE_FAILED}
          </p>
        )}
      </div>

      <ModalDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="¿Eliminar tus fotos?"
        description="Se borrarán de inmediato todas las fotos y los análisis de piel enviados con este código, y tu perfil de piel. No se puede deshacer."
        initialFocusRef={cancelRef}
      >
        <div className="mt-6 flex flex-col-reverse gap-3 px-5 pb-5 sm:flex-row sm:justify-end sm:px-6 sm:pb-6">
          <button
            ref={cancelRef}
            type="button"
            onClick={() => setConfirming(false)}
            className={`${buttonStyles.secondary} min-h-12`}
          >
            Cancelar
          </button>
          <button
            type="button"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(code, { onSuccess: () => onDeleted?.(), onSettled: () => setConfirming(false) })
            }
            className={`${buttonStyles.primary} min-h-12 bg-clay-600 hover:bg-clay-500`}
          >
            {remove.isPending ? 'Eliminando…' : 'Sí, eliminar'}
          </button>
        </div>
      </ModalDialog>
    </section>
  )
}
