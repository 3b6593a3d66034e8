import { z } from 'zod'

/**
 * The shop's e-mails previewed in the back office (issue 35, «Correos»): each one built with sample data by the
 * domain that sends it, exactly as its shopper would receive it, and never sent.
 */

/** How the back office groups them. */
export const MAIL_PREVIEW_GROUPS = ['ordenes', 'pagos', 'cuenta', 'otros'] as const
export type MailPreviewGroup = (typeof MAIL_PREVIEW_GROUPS)[number]

export const MAIL_PREVIEW_GROUP_NAMES: Record<MailPreviewGroup, string> = {
  ordenes: 'Órdenes',
  pagos: 'Pagos',
  cuenta: 'Cuenta',
  otros: 'Otros',
}

/** An e-mail's key: lower-case letters, digits and single hyphens (`orden-recibida`). */
export const MAIL_PREVIEW_KEY_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
export const MAX_MAIL_PREVIEW_KEY = 60

export const MAIL_PREVIEW_MESSAGES = {
  badKey: 'clave debe tener solo letras minúsculas, números y guiones, por ejemplo orden-recibida',
  notFound: (key: string) => `No hay ningún correo con la clave «${key}».`,
} as const

/** One e-mail as `GET admin/correos` lists it. */
export const MailPreviewSummarySchema = z.object({
  clave: z.string().describe('Identifica el correo en `admin/correos/{clave}` y en `/admin/correos?correo=`'),
  nombre: z.string().describe('Qué correo es, como lo lista la oficina: «Orden recibida», «Pago aprobado»…'),
  grupo: z.enum(MAIL_PREVIEW_GROUPS).describe('ordenes, pagos, cuenta u otros'),
  cuando: z.string().describe('Cuándo lo envía la tienda'),
  asunto: z.string().describe('El asunto con los datos de ejemplo'),
})
export type MailPreviewSummary = z.infer<typeof MailPreviewSummarySchema>

/** `GET admin/correos`: every e-mail of the shop, grouped, in the order the back office lists them. */
export const MailPreviewListSchema = z.array(MailPreviewSummarySchema)
export type MailPreviewList = z.infer<typeof MailPreviewListSchema>

/** `GET admin/correos/{clave}`: the e-mail whole, built with sample data; nothing is sent. */
export const MailPreviewSchema = MailPreviewSummarySchema.extend({
  para: z.string().describe('El destinatario de ejemplo'),
  html: z.string().describe('La parte HTML, tal como sale (lo que escribió una persona va escapado)'),
  texto: z.string().describe('La parte de texto plano'),
})
export type MailPreview = z.infer<typeof MailPreviewSchema>

export const MailPreviewParamsSchema = z.object({
  clave: z
    .string()
    .max(MAX_MAIL_PREVIEW_KEY, MAIL_PREVIEW_MESSAGES.badKey)
    .regex(MAIL_PREVIEW_KEY_PATTERN, MAIL_PREVIEW_MESSAGES.badKey),
})
