import { Link, NavLink } from 'react-router'
import { buttonStyles } from '@/components/ui/button-styles'
import { ChevronRightIcon, CloseIcon, MenuIcon } from '@/components/ui/icons'
import { Logo } from '@/components/ui/logo'
import { PopoverMenu } from '@/components/ui/popover-menu'
import { UserMenu } from '@/features/accounts/components/user-menu'
import type { CurrentUser } from '@/features/accounts/use-current-user'
import { CartLink } from '@/features/cart/components/cart-link'
import { SearchBox } from '@/features/catalog/components/search-box'
import { paths } from '@/lib/paths'

type ShopHeaderProps = {
  storeId: number
  user: CurrentUser | null
  /** Opens the change-password dialog from the user menu. */
  onChangePassword?: () => void
}

const navLinks = (storeId: number) => [
  { label: 'Inicio', to: paths.home },
  { label: 'Productos', to: paths.storeProducts(storeId) },
  { label: 'Quiénes somos', to: paths.aboutUs },
  { label: 'Favoritos', to: paths.favorites },
]

/** Header of spec 000 §2. Phones: logo, cart and a menu button, with the search box always visible below. */
export function ShopHeader({ storeId, user, onChangePassword }: ShopHeaderProps) {
  const links = navLinks(storeId)

  return (
    <header className="relative z-30 border-b border-sand-200 bg-white lg:sticky lg:top-0 print:hidden">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="flex h-14 items-center gap-2 lg:h-[4.5rem] lg:gap-5 xl:gap-8">
          <Link to={paths.home} aria-label="Piel, ir al inicio" className="-ml-1 shrink-0 rounded-lg p-1">
            <Logo className="h-8 w-auto lg:h-9" />
          </Link>

          <nav aria-label="Principal" className="hidden lg:block">
            <ul className="flex items-center gap-0.5 xl:gap-1">
              {links.map((link) => (
                <li key={link.label}>
                  <NavLink
                    to={link.to}
                    className={({ isActive }) =>
                      `rounded-full px-2.5 py-2 text-[0.94rem] font-medium whitespace-nowrap transition-colors hover:bg-sand-100 xl:px-3 ${
                        isActive ? 'text-brand-700' : 'text-ink-700 hover:text-ink-900'
                      }`
                    }
                  >
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>

          <SearchBox storeId={storeId} className="hidden min-w-0 lg:ml-auto lg:block lg:w-60 xl:w-80" />

          <div className="ml-auto flex items-center gap-1 lg:ml-0">
            <div className="hidden lg:block">
              <UserMenu user={user} onChangePassword={onChangePassword} />
            </div>
            <CartLink />
            {/* The phone menu. Every navigation closes it; Escape and a tap on the dimmed page close it too. Its
                panel is placed against the header, below the top row, over the search box. */}
            <div className="-mr-1.5 flex lg:hidden">
              <PopoverMenu
                placement="page"
                buttonClassName={buttonStyles.icon}
                buttonLabel={(open) => (open ? 'Cerrar menú' : 'Abrir menú')}
                button={(open) => (open ? <CloseIcon className="size-6" /> : <MenuIcon className="size-6" />)}
                panelClassName="inset-x-0 top-14 bottom-auto h-dvh w-full max-w-none overflow-visible border-0 bg-transparent p-0"
              >
                {(close) => (
                  <>
                    <div className="border-t border-sand-200 bg-white shadow-xl shadow-ink-900/10">
                      <div className="mx-auto max-w-7xl px-4 pt-2 pb-5 sm:px-6">
                        <nav aria-label="Principal">
                          <ul className="divide-y divide-sand-100">
                            {links.map((link) => (
                              <li key={link.label}>
                                <NavLink
                                  to={link.to}
                                  className={({ isActive }) =>
                                    `flex items-center justify-between rounded-lg px-2 py-3.5 text-base font-medium ${
                                      isActive ? 'text-brand-700' : 'text-ink-900'
                                    }`
                                  }
                                >
                                  {link.label}
                                  <ChevronRightIcon className="size-4 text-ink-500" />
                                </NavLink>
                              </li>
                            ))}
                          </ul>
                        </nav>
                        <div className="mt-3 border-t border-sand-200 pt-4">
                          <UserMenu
                            user={user}
                            variant="list"
                            onChangePassword={
                              onChangePassword &&
                              (() => {
                                // The dialog gives the focus back to the menu button when it closes.
                                close()
                                onChangePassword()
                              })
                            }
                          />
                        </div>
                      </div>
                    </div>
                    {/* The dimmed rest of the page: a tap closes the menu (a pointer's way out, not a control). */}
                    <div aria-hidden="true" onClick={close} className="h-full bg-ink-900/40" />
                  </>
                )}
              </PopoverMenu>
            </div>
          </div>
        </div>

        <SearchBox storeId={storeId} className="block pb-3 lg:hidden" />
      </div>
    </header>
  )
}
