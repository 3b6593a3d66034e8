import { Link } from 'react-router'
import { buttonStyles } from '@/components/ui/button-styles'
import { ChevronDownIcon, UserIcon } from '@/components/ui/icons'
import { PopoverMenu } from '@/components/ui/popover-menu'
import { paths } from '@/lib/paths'
import type { CurrentUser } from '../use-current-user'

type Entry = { label: string; to: string; document?: boolean }

/** The account entries of spec 000 §2, in its order; "Cambiar contraseña" is inserted after the first. */
const ENTRIES: readonly Entry[] = [
  { label: 'Datos personales', to: paths.infoProfile },
  { label: 'Direcciones', to: paths.addresses },
  { label: 'Órdenes', to: paths.orders },
  { label: 'Contactos', to: paths.contacts },
  { label: 'Términos y condiciones', to: paths.termsDocument, document: true },
  { label: 'Tratamiento de datos', to: paths.dataTreatmentDocument, document: true },
]

type UserMenuProps = {
  user: CurrentUser | null
  /** `dropdown` for the desktop header, `list` inside the phone menu. */
  variant?: 'dropdown' | 'list'
  /** Opens the change-password dialog; the entry is left out until the accounts screens provide one. */
  onChangePassword?: () => void
}

/** Ingresar / Registrarse for visitors; the account menu for a logged-in user. */
export function UserMenu({ user, variant = 'dropdown', onChangePassword }: UserMenuProps) {
  if (!user) return <AuthLinks variant={variant} />
  if (variant === 'list') {
    return (
      <div>
        <p className="px-3 pb-1 text-xs font-semibold tracking-wide text-ink-500 uppercase">
          Mi cuenta{user.nombres ? ` · ${user.nombres}` : ''}
        </p>
        <EntryList
          admin={user.esAdmin === true}
          onChangePassword={onChangePassword}
          itemClassName="block rounded-lg px-3 py-2.5 text-ink-900"
        />
      </div>
    )
  }
  return <AccountDropdown user={user} onChangePassword={onChangePassword} />
}

function AuthLinks({ variant }: { variant: 'dropdown' | 'list' }) {
  const list = variant === 'list'
  return (
    <div className={list ? 'grid grid-cols-2 gap-3' : 'flex items-center gap-1'}>
      <Link to={paths.login} className={list ? buttonStyles.secondary : buttonStyles.ghost}>
        Ingresar
      </Link>
      <Link to={paths.register} className={list ? buttonStyles.primary : `${buttonStyles.primary} !py-2`}>
        Registrarse
      </Link>
    </div>
  )
}

function AccountDropdown({ user, onChangePassword }: { user: CurrentUser; onChangePassword?: () => void }) {
  // Any navigation closes it; Escape, a click outside and the focus leaving close it too.
  return (
    <PopoverMenu
      placement="anchored"
      buttonClassName={`${buttonStyles.ghost} group`}
      button={() => (
        <>
          <UserIcon className="size-5" />
          <span className="max-w-32 truncate">{user.nombres || 'Mi cuenta'}</span>
          <ChevronDownIcon className="size-4 transition-transform group-data-open:rotate-180" />
        </>
      )}
      panelClassName="z-40 w-64 rounded-2xl border border-sand-200 bg-white p-2 shadow-lg shadow-ink-900/10"
    >
      {(close) => (
        <>
          <p className="truncate px-3 pt-1 pb-2 text-xs text-ink-500">{user.email}</p>
          <EntryList
            admin={user.esAdmin === true}
            onChangePassword={
              onChangePassword &&
              (() => {
                close()
                onChangePassword()
              })
            }
            itemClassName="block rounded-lg px-3 py-2 text-sm text-ink-900"
          />
        </>
      )}
    </PopoverMenu>
  )
}

type EntryListProps = {
  /** The shop's administrators also find the back office here. */
  admin: boolean
  onChangePassword?: () => void
  itemClassName: string
}

function EntryList({ admin, onChangePassword, itemClassName }: EntryListProps) {
  const item = `${itemClassName} w-full text-left transition-colors hover:bg-sand-100`
  const [first, ...rest] = ENTRIES
  return (
    <ul>
      {first && (
        <li>
          <Link to={first.to} className={item}>
            {first.label}
          </Link>
        </li>
      )}
      {onChangePassword && (
        <li>
          <button type="button" onClick={onChangePassword} className={item}>
            Cambiar contraseña
          </button>
        </li>
      )}
      {rest.map((entry) => (
        <li key={entry.to}>
          {entry.document ? (
            <a href={entry.to} target="_blank" rel="noopener" className={item}>
              {entry.label}
              <span className="sr-only"> (se abre en una pestaña nueva)</span>
            </a>
          ) : (
            <Link to={entry.to} className={item}>
              {entry.label}
            </Link>
          )}
        </li>
      ))}
      {admin && (
        <li className="mt-1 border-t border-sand-200 pt-1">
          <Link to={paths.adminHome} className={`${item} font-semibold text-brand-800`}>
            Administración
          </Link>
        </li>
      )}
      <li className="mt-1 border-t border-sand-200 pt-1">
        <Link to={paths.logout} className={`${item} text-clay-600`}>
          Cerrar sesión
        </Link>
      </li>
    </ul>
  )
}
