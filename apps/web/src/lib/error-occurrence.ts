/*
 * What the error reporting (`error-reporting.ts`) and the report it loads on the first error
 * (`error-report-builder.ts`) both speak of, kept apart so that neither imports the other back.
 */

/** Where reports go: the server's root, outside the store API, so its failures never come back here. */
export const ERROR_REPORT_URL = '/errores-cliente'

/** What went wrong: an error the app did not handle, or an API call that failed. */
export type ErrorOccurrence =
  | { tipo: 'fallo'; error: unknown }
  | {
      tipo: 'peticion'
      metodo: string
      /** The call's address; its query (and anything after `?` or `#`) is dropped. */
      ruta: string
      /** The HTTP status; 0 when no answer came. */
      estado: number
    }
