/**
 * Reviews from buyers (issue 35, decision 025): a shopper whose order was delivered rates each of its products once,
 * with a title and a text; the back office publishes or hides each review and may answer it. The rules and texts
 * both sides share; the server decides everything.
 */

/** `pendiente` (waits for the back office), `publicada` (shown and counted in the stars) or `oculta` (hidden by it). */
export const REVIEW_STATES = ['pendiente', 'publicada', 'oculta'] as const
export type ReviewState = (typeof REVIEW_STATES)[number]

/** The states the back office's list filters by (`todas`: every one, the pending first). */
export const REVIEW_LIST_STATES = ['todas', ...REVIEW_STATES] as const
export type ReviewListState = (typeof REVIEW_LIST_STATES)[number]

/** The states the back office moves a review to. */
export const REVIEW_DECISIONS = ['publicada', 'oculta'] as const
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number]

/** What the back office calls each state. */
export const REVIEW_STATE_NAMES: Record<ReviewState, string> = {
  pendiente: 'Pendiente',
  publicada: 'Publicada',
  oculta: 'Oculta',
}

/** What the buyer reads of their own review's state. */
export const REVIEW_STATE_NAMES_FOR_BUYER: Record<ReviewState, string> = {
  pendiente: 'En revisión',
  publicada: 'Publicada',
  oculta: 'No publicada',
}

export const MAX_REVIEW_TITLE = 80
export const MIN_REVIEW_TEXT = 10
export const MAX_REVIEW_TEXT = 1000
export const MAX_REVIEW_REPLY = 1000

export const REVIEW_TEXTS = {
  sectionTitle: 'Califica tus productos',
  notDelivered: 'Podrás calificar los productos cuando recibas la orden.',
  alreadyReviewed: 'Ya calificaste este producto en esta orden.',
  productNotInOrder: 'Ese producto no está en esta orden.',
  thanks: 'Gracias. Tu opinión se publicará cuando la revisemos.',
  ratingRequired: 'Elige una calificación de 1 a 5 estrellas.',
  titleRequired: 'Escribe un título para tu opinión.',
  titleTooLong: `El título admite máximo ${MAX_REVIEW_TITLE} caracteres.`,
  textRequired: 'Escribe tu opinión del producto.',
  textTooShort: `Tu opinión debe tener al menos ${MIN_REVIEW_TEXT} caracteres.`,
  textTooLong: `Tu opinión admite máximo ${MAX_REVIEW_TEXT} caracteres.`,
  verifiedPurchase: 'Compra verificada',
  storeReply: 'Respuesta de la tienda',
  notFound: 'La opinión no existe.',
  replyRequired: 'Escribe la respuesta de la tienda.',
  replyTooLong: `La respuesta admite máximo ${MAX_REVIEW_REPLY} caracteres.`,
  published: 'Opinión publicada.',
  hidden: 'Opinión oculta.',
  replied: 'Respuesta guardada.',
  replyRemoved: 'Respuesta eliminada.',
  photoLocked: 'La foto se puede cambiar mientras revisamos tu opinión.',
  photoAdd: 'Agregar una foto (opcional)',
  photoRemove: 'Quitar foto',
  photoUploadFailed: 'Tu opinión quedó guardada, pero no pudimos subir la foto.',
  photoRetry: 'Reintentar subir la foto',
  photoSaved: 'Foto agregada a tu opinión.',
  photoRemoved: 'Foto quitada de tu opinión.',
  photoAlt: (author: string) => `Foto de la opinión de ${author}`,
} as const

/** The longest side of a review's photo as it is stored (WebP, upright, without metadata). */
export const REVIEW_PHOTO_MAX_SIDE = 1600

/** "Laura Marcela" and "Muñoz Díaz" → "Laura M.": how a buyer's name is shown under their review. */
export function reviewAuthorName(firstNames: string, lastNames: string): string {
  const first = firstNames.trim().split(/\s+/)[0] ?? ''
  const initial = [...lastNames.trim()][0]
  const name = initial ? `${first} ${initial.toLocaleUpperCase('es-CO')}.` : first
  return name.trim() || 'Cliente'
}
