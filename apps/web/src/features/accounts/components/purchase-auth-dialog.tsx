import type { Person } from '@piel/contracts'
import { type KeyboardEvent, useId, useRef, useState } from 'react'
import { ModalDialog } from '@/components/ui/modal-dialog'
import { useMediaQuery } from '@/lib/use-media-query'
import { LoginForm } from './login-form'
import { RegisterForm } from './register-form'

type Tab = 'login' | 'register'
const TABS: readonly { id: Tab; label: string }[] = [
  { id: 'login', label: 'Ingresar' },
  { id: 'register', label: 'Registrarse' },
]

type PurchaseAuthDialogProps = {
  open: boolean
  onClose: () => void
  /** After a login or a registration, with the new session's person. */
  onSuccess: (person: Person) => void
}

/**
 * The login/register modal of spec 000 §2, opened by Comprar for a visitor: two tabs, Ingresar and Registrarse,
 * with the account forms. A sheet from the bottom on phones, a centred dialog on wider screens.
 */
export function PurchaseAuthDialog({ open, onClose, onSuccess }: PurchaseAuthDialogProps) {
  const [tab, setTab] = useState<Tab>('login')
  const wide = useMediaQuery('(min-width: 640px)')
  const baseId = useId()
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ login: null, register: null })

  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = TABS.findIndex((item) => item.id === tab)
    let next: number | null = null
    if (event.key === 'ArrowRight') next = (index + 1) % TABS.length
    else if (event.key === 'ArrowLeft') next = (index - 1 + TABS.length) % TABS.length
    else if (event.key === 'Home') next = 0
    else if (event.key === 'End') next = TABS.length - 1
    const target = next === null ? undefined : TABS[next]
    if (!target) return
    event.preventDefault()
    setTab(target.id)
    tabRefs.current[target.id]?.focus()
  }

  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title="Para continuar con tu compra regístrate o inicia sesión"
      variant={wide ? 'form' : 'sheet'}
      closeLabel="Cerrar"
    >
      <div className="min-h-0 overflow-y-auto px-5 pt-4 pb-6 sm:px-6">
        <div
          role="tablist"
          aria-label="Cómo quieres continuar"
          className="grid grid-cols-2 gap-1 rounded-full bg-sand-100 p-1"
        >
          {TABS.map((item) => {
            const selected = item.id === tab
            return (
              <button
                key={item.id}
                ref={(element) => {
                  tabRefs.current[item.id] = element
                }}
                type="button"
                role="tab"
                id={`${baseId}-tab-${item.id}`}
                aria-selected={selected}
                aria-controls={`${baseId}-panel-${item.id}`}
                tabIndex={selected ? 0 : -1}
                onClick={() => setTab(item.id)}
                onKeyDown={onTabKeyDown}
                className={`rounded-full px-4 py-2.5 text-sm font-semibold transition-colors ${
                  selected ? 'bg-white text-brand-800 shadow-sm shadow-ink-900/10' : 'text-ink-600 hover:text-ink-900'
                }`}
              >
                {item.label}
              </button>
            )
          })}
        </div>
        {TABS.map((item) => (
          <div
            key={item.id}
            role="tabpanel"
            id={`${baseId}-panel-${item.id}`}
            aria-labelledby={`${baseId}-tab-${item.id}`}
            hidden={item.id !== tab}
            className="pt-5"
          >
            {item.id === tab &&
              (item.id === 'login' ? <LoginForm onSuccess={onSuccess} /> : <RegisterForm onSuccess={onSuccess} />)}
          </div>
        ))}
      </div>
    </ModalDialog>
  )
}
