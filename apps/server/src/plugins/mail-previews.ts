import {
  MAIL_PREVIEW_MESSAGES,
  type MailPreviewGroup,
  MailPreviewListSchema,
  MailPreviewParamsSchema,
  MailPreviewSchema,
  type MailPreviewSummary,
} from '@piel/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { accountMailPreviews } from '../domains/accounts'
import { getStoresByIds } from '../domains/catalog'
import { contactMailPreviews } from '../domains/contact'
import type { MailPreview } from '../domains/mail'
import { orderMailPreviews } from '../domains/orders'
import { paymentMailPreviews } from '../domains/payments'
import { stockAlertMailPreviews } from '../domains/stock-alerts'
import { adminOnly, guardEveryRoute, guardedErrors } from '../shared/auth'
import type { Deps } from '../shared/deps'
import { notFound } from '../shared/errors'

/**
 * Every e-mail of the shop with sample data, grouped as the back office lists them. Each domain that sends e-mails
 * builds its own with the builders it sends with (so a preview is the real e-mail, never a copy of it); this module
 * only gathers them, the one place that may reach all those domains (`plugins/`). Building sends nothing: nothing is
 * written to the outbox or anywhere else.
 */
export async function shopMailPreviews(
  { db, config }: Pick<Deps, 'db' | 'config'>,
  now = new Date(),
): Promise<{ group: MailPreviewGroup; preview: MailPreview }[]> {
  const [store] = await getStoresByIds(db, [config.STORE_ID])
  const context = { storeName: config.STORE_NAME, publicUrl: config.PUBLIC_URL, now }
  // Before the store's data is loaded (a shop just installed), the seller reads as the store's name.
  const seller = store ?? { legalName: config.STORE_NAME, nit: 'sin registrar' }
  const groups: [MailPreviewGroup, MailPreview[]][] = [
    ['ordenes', orderMailPreviews({ ...context, seller, holdMinutes: config.ORDER_HOLD_MINUTES })],
    ['pagos', paymentMailPreviews(context)],
    ['cuenta', accountMailPreviews(context)],
    [
      'otros',
      [...contactMailPreviews({ ...context, storeEmail: store?.email || null }), ...stockAlertMailPreviews(context)],
    ],
  ]
  return groups.flatMap(([group, previews]) => previews.map((preview) => ({ group, preview })))
}

const summaryOf = ({ group, preview }: { group: MailPreviewGroup; preview: MailPreview }): MailPreviewSummary => ({
  clave: preview.key,
  nombre: preview.name,
  grupo: group,
  cuando: preview.when,
  asunto: preview.message.subject,
})

/**
 * The back office's «Correos» (issue 35), for administrators only: the shop's e-mails listed, and each one whole
 * (subject, HTML and text) as its shopper would receive it, with sample data. Reading them changes nothing, so
 * nothing is audited.
 */
export const mailPreviewAdminRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  guardEveryRoute(app, adminOnly)

  app.get(
    '/correos',
    {
      schema: {
        tags: ['Administración'],
        summary: 'Los correos que envía la tienda, agrupados, con el asunto que tienen con datos de ejemplo',
        response: { 200: MailPreviewListSchema, ...guardedErrors },
      },
    },
    async () => (await shopMailPreviews(deps)).map(summaryOf),
  )

  app.get(
    '/correos/:clave',
    {
      schema: {
        tags: ['Administración'],
        summary: 'Un correo de la tienda completo (asunto, HTML y texto) con datos de ejemplo; no se envía nada',
        params: MailPreviewParamsSchema,
        response: { 200: MailPreviewSchema, ...guardedErrors },
      },
    },
    async (request) => {
      const { clave } = request.params
      const found = (await shopMailPreviews(deps)).find(({ preview }) => preview.key === clave)
      if (!found) throw notFound(MAIL_PREVIEW_MESSAGES.notFound(clave))
      const { message } = found.preview
      return { ...summaryOf(found), para: message.to, html: message.html, texto: message.text }
    },
  )
}
