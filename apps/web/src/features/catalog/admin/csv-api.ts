import type { CatalogCsvImportResult, CatalogCsvInvalid } from '@piel/contracts'
import { ApiError, api } from '@/lib/api-client'

/**
 * The catalogue as a CSV file (issue 17, `admin/productos/exportar` and `admin/productos/importar`). The export is
 * a plain link (the browser downloads it with the session's cookie); the import sends the file itself as the body
 * (`text/csv`).
 */
export const CATALOG_EXPORT_URL = '/swagger/api/admin/productos/exportar'
const IMPORT_PATH = '/admin/productos/importar'

/** What an import answered: the catalogue changed, or the file was refused with every problem (nothing changed). */
export type CatalogImportAnswer =
  | { ok: true; result: CatalogCsvImportResult }
  | { ok: false; refused: CatalogCsvInvalid }

const isRefusal = (body: unknown): body is CatalogCsvInvalid =>
  typeof body === 'object' && body !== null && (body as { codigo?: unknown }).codigo === 'csv_invalido'

export async function importCatalogCsv(file: Blob, signal?: AbortSignal): Promise<CatalogImportAnswer> {
  try {
    // Whatever the browser calls the file (Windows says application/vnd.ms-excel for .csv), it goes as text/csv.
    const result = await api.post<CatalogCsvImportResult>(IMPORT_PATH, { body: file, contentType: 'text/csv', signal })
    return { ok: true, result }
  } catch (error) {
    if (error instanceof ApiError && isRefusal(error.body)) return { ok: false, refused: error.body }
    throw error
  }
}
