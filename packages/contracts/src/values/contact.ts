/** Which messages to the store the back office lists: the unread, the read, or all (issue 17). */
export const STORE_MESSAGE_STATES = ['sin-leer', 'leidos', 'todos'] as const
export type StoreMessageState = (typeof STORE_MESSAGE_STATES)[number]

/** The longest reply the back office sends to a message. */
export const MAX_STORE_MESSAGE_REPLY = 5000

/** Texts of the back office's messages screen shared by the server and the web. */
export const STORE_MESSAGE_TEXTS = {
  notFound: 'El mensaje no existe.',
  noAddress:
    'Este mensaje no tiene un correo al cual responder: quien lo envió no dejó su correo y no tiene una cuenta con correo.',
  replyRequired: 'Escribe la respuesta.',
  replyTooLong: `Escribe máximo ${MAX_STORE_MESSAGE_REPLY} caracteres.`,
} as const
