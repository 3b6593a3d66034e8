import type { CatalogCsvImportResult, CatalogCsvInvalid } from '@piel/contracts'
import { MESSAGES } from '@piel/contracts/values'
import { ApiError, CSRF_COOKIE, CSRF_HEADER, readCookie } from '@/lib/api-client'

/**
 * The catalogue as a CSV file (issue 17, `admin/productos/exportar` and `admin/productos/importar`). The export is
 * a plain link (the browser downloads it with the session's cookie); the import sends the file itself as the body
 * (`text/csv`), which the JSON-and-forms client does not, so it is sent here, with the same CSRF header.
 */
export const CATALOG_EXPORT_URL = '/swagger/api/admin/productos/exportar'
const IMPORT_URL = '/swagger/api/admin/productos/importar'

/** What an import answered: the catalogue changed, or the file was refused with every problem (nothing changed). */
export type CatalogImportAnswer =
  | { ok: true; result: CatalogCsvImportResult }
  | { ok: false; refused: CatalogCsvInvalid }

const isRefusal = (body: unknown): body is CatalogCsvInvalid =>
  typeof body === 'object' && body !== null && (body as { codigo?: unknown }).codigo === 'csv_invalido'

export async function importCatalogCsv(file: Blob, signal?: AbortSignal): Promise<CatalogImportAnswer> {
  const csrf = readCookie(CSRF_COOKIE)
  let res: Response
  try {
    res = await fetch(IMPORT_URL, {
      method: 'POST',
      credentials: 'same-origin',
      // Whatever the browser calls the file (Windows says application/vnd.ms-excel for .csv), it goes as text/csv.
      headers: { Accept: 'application/json', 'Content-Type': 'text/csv', ...(csrf ? { [CSRF_HEADER]: csrf } : {}) },
      body: file,
      signal,
    })
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    throw new ApiError(0, 'sin_respuesta', MESSAGES.noResponse)
  }
  const body: unknown = await res.json().catch(() => undefined)
  if (res.ok && body) return { ok: true, result: body as CatalogCsvImportResult }
  if (isRefusal(body)) return { ok: false, refused: body }
  const { mensaje, codigo } = (body ?? {}) as { mensaje?: string; codigo?: string }
  const text = res.status === 401 ? MESSAGES.unauthorized : (mensaje ?? MESSAGES.unexpected)
  throw new ApiError(res.status, codigo ?? `http_${res.status}`, `${res.status}: ${text}`, undefined, mensaje)
}
