import type { MailMessage } from '../../shared/deps'

/**
 * One of the shop's e-mails as the back office previews it («Correos», issue 35): built by the domain that sends it
 * with its own builder and sample data, and never sent (nothing reaches the outbox).
 */
export interface MailPreview {
  /** Stable, lower-case and hyphenated (`orden-recibida`): the back office's address names it. */
  key: string
  /** What the back office lists, in Spanish: «Orden recibida», «Pago aprobado»… */
  name: string
  /** When the shop sends it, in Spanish. */
  when: string
  /** The message as its shopper would receive it; a preview carries no secret. */
  message: Omit<MailMessage, 'secret'>
}

/** What every domain's previews take from the shop: its name and public address (the configuration), and "now". */
export interface MailPreviewContext {
  storeName: string
  publicUrl: string
  /** The moment the samples are dated from (their orders placed, paid, delivered…). */
  now: Date
}

/**
 * The person every preview writes to. Her names carry markup and an ampersand as a person may type them in the
 * registration form, so each preview shows the layout escaping them in the HTML (`&#60;b&#62;`) and keeping them
 * as typed in the text.
 */
export const PREVIEW_SHOPPER = {
  email: 'ana.rosero@example.com',
  firstNames: 'Ana Lucía <b>& familia</b>',
  lastNames: 'Rosero Benavides',
} as const
