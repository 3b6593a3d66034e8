/** The element of a server-rendered page that carries its query cache to the browser (a JSON data block). */
export const SSR_STATE_ID = 'piel-estado'
