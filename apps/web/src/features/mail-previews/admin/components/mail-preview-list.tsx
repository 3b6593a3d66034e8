import { MAIL_PREVIEW_GROUP_NAMES, MAIL_PREVIEW_GROUPS, type MailPreviewList } from '@piel/contracts'
import { Link } from 'react-router'

/**
 * The shop's e-mails grouped (Órdenes, Pagos, Cuenta, Otros), each a link that opens it with its name and its
 * subject as the shopper reads it. `keepScroll`: the e-mail opens beside the list (a wide screen), so the page stays
 * where it is; on a phone it opens in the list's place, from the top.
 */
export function MailPreviewListView({
  mails,
  openKey,
  hrefOf,
  keepScroll,
}: {
  mails: MailPreviewList
  openKey: string | null
  hrefOf: (key: string) => string
  keepScroll: boolean
}) {
  return (
    <div className="space-y-5">
      {MAIL_PREVIEW_GROUPS.map((group) => {
        const inGroup = mails.filter((mail) => mail.grupo === group)
        if (inGroup.length === 0) return null
        const headingId = `correos-${group}`
        return (
          <section key={group} aria-labelledby={headingId}>
            <h2 id={headingId} className="mb-2 text-sm font-semibold tracking-wide text-ink-600 uppercase">
              {MAIL_PREVIEW_GROUP_NAMES[group]}
            </h2>
            <ul className="divide-y divide-sand-200 overflow-hidden rounded-2xl border border-sand-200 bg-white">
              {inGroup.map((mail) => {
                const open = mail.clave === openKey
                return (
                  <li key={mail.clave}>
                    <Link
                      to={hrefOf(mail.clave)}
                      preventScrollReset={keepScroll}
                      aria-current={open ? 'true' : undefined}
                      className={`block px-4 py-3 ${open ? 'bg-brand-50' : 'hover:bg-sand-50'}`}
                    >
                      <span className={`block font-medium ${open ? 'text-brand-900' : 'text-ink-900'}`}>
                        {mail.nombre}
                      </span>
                      <span className="mt-0.5 block truncate text-sm text-ink-600">{mail.asunto}</span>
                    </Link>
                  </li>
                )
              })}
            </ul>
          </section>
        )
      })}
    </div>
  )
}
