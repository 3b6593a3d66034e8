/**
 * Back-in-stock alerts (issue 35): a shopper asks to be told when a sold-out product comes back ("Avísame cuando
 * llegue"), logged in or with an e-mail and an explicit consent for that one purpose (Ley 1581 de 2012); the shop
 * writes once, when the product is for sale with stock again, and the e-mail carries a link to withdraw.
 */

/** The consent an anonymous shopper ticks (never pre-ticked); kept with the alert as the proof of it. */
export const STOCK_ALERT_CONSENT_TEXT = 'Acepto que Piel use mi correo solo para avisarme de este producto.'

/** What a logged-in shopper reads beside the button; kept with the alert as what they agreed to. */
export const STOCK_ALERT_ACCOUNT_TEXT = 'Te escribiremos al correo de tu cuenta solo para avisarte de este producto.'

/** A request still waiting after this many days is deleted (the product did not come back). */
export const STOCK_ALERT_WAITING_DAYS = 180
/** An alert already sent is kept this many days (the back office's list), then deleted. */
export const STOCK_ALERT_KEEP_DAYS = 90

/** The withdrawal link's token: 32 characters of base64url. */
export const STOCK_ALERT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/

/** The query parameter of the product page that opens the withdrawal of an alert (`/detailProducts/7?retirarAviso=…`). */
export const STOCK_ALERT_WITHDRAW_PARAM = 'retirarAviso'

/** Where an alert stands: waiting for the product, or already sent. */
export const STOCK_ALERT_STATES = ['esperando', 'avisado'] as const
export type StockAlertState = (typeof STOCK_ALERT_STATES)[number]

export const STOCK_ALERT_MESSAGES = {
  requested: (email: string) => `Te avisaremos a ${email} cuando vuelva a estar disponible.`,
  available: 'Este producto ya está disponible.',
  emailRequired: 'Escribe tu correo para avisarte.',
  emailInvalid: 'Correo inválido',
  consentRequired: 'Para avisarte necesitamos que aceptes el uso de tu correo.',
  cancelled: 'Listo: ya no te avisaremos de este producto.',
  withdrawn: 'Listo: borramos tu correo de este aviso.',
  unknown: 'Este aviso ya no existe: lo retiraste antes o ya lo borramos.',
  badLink: 'El enlace del aviso no es válido.',
  notFound: 'El aviso no existe.',
  deleted: 'Aviso eliminado.',
  tooManyHour: 'Pediste muchos avisos en la última hora. Intenta de nuevo más tarde.',
  tooManyDay: 'Pediste muchos avisos hoy. Intenta de nuevo mañana.',
  tooManyForEmail: 'Ese correo ya pidió muchos avisos hoy. Intenta de nuevo mañana.',
} as const

/** "a•••@ejemplo.com": an e-mail as a withdrawal page shows it (the link may have been forwarded). */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@')
  if (at <= 0) return '•••'
  const local = email.slice(0, at)
  return `${local.slice(0, local.length > 3 ? 2 : 1)}•••${email.slice(at)}`
}
