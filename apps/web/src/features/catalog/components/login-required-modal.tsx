import { useRef } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { buttonStyles } from '@/components/ui/button-styles'
import { ModalDialog } from '@/components/ui/modal-dialog'
import { paths } from '@/lib/paths'
import { rememberRoute } from '@/lib/session'

/**
 * The modal of spec 000 §2 shown when an anonymous shopper tries to favourite a product. Iniciar sesión remembers
 * the page (with its filters and search) so the login comes back to it (spec 000 §4, the remembered history route).
 */
export function LoginRequiredModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate()
  const location = useLocation()
  const loginRef = useRef<HTMLButtonElement>(null)
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title="Iniciar sesión requerido"
      description="Debes iniciar sesión para realizar esta acción."
      initialFocusRef={loginRef}
    >
      <div className="flex flex-col-reverse gap-3 px-5 pt-6 pb-5 sm:flex-row sm:justify-end sm:px-6 sm:pb-6">
        <button type="button" onClick={onClose} className={buttonStyles.secondary}>
          Cancelar
        </button>
        <button
          ref={loginRef}
          type="button"
          onClick={() => {
            onClose()
            rememberRoute(`${location.pathname}${location.search}`)
            navigate(paths.login)
          }}
          className={buttonStyles.primary}
        >
          Iniciar sesión
        </button>
      </div>
    </ModalDialog>
  )
}
