/**
 * The catalogue as a CSV file (issue 17, "Importar / exportar"): the columns the export writes, in order, and the
 * import reads by their names (in any order, without regard to accents, capitals or spaces: «Catálogo» is
 * `catalogo`). Colombian spreadsheets separate with `;` (the comma is their decimal mark): the export does, the
 * import takes `;` or `,`.
 */
export const CATALOG_CSV_COLUMNS = [
  'referencia',
  'nombre',
  'marca',
  'detalle',
  'registroInvima',
  'catalogo',
  'subcategoria',
  'valor',
  'descuento',
  'iva',
  'valorCorp',
  'descuentoCorp',
  'ivaCorp',
  'umbralExistencia',
  'enVenta',
  'existencia',
  'caracteristicas',
  'imagenPrincipal',
] as const
export type CatalogCsvColumn = (typeof CATALOG_CSV_COLUMNS)[number]

/**
 * Columns an import may leave out: `existencia` (new products then start with 0 units; it never changes the stock
 * of a product the shop already has) and `imagenPrincipal` (written by the export, never read back).
 */
export const CATALOG_CSV_OPTIONAL_COLUMNS: readonly CatalogCsvColumn[] = ['existencia', 'imagenPrincipal']

/** The largest file the import takes: about 20,000 products. */
export const CATALOG_CSV_MAX_BYTES = 6 * 1024 * 1024

/** How many of a file's errors the import lists (it counts them all). */
export const CATALOG_CSV_MAX_ERRORS = 200

/** Texts of the import shared by the server and the web. */
export const CATALOG_CSV_MESSAGES = {
  invalid: 'El archivo tiene errores: no se cambió nada. Corrígelos y vuelve a subirlo.',
  tooLarge: 'El archivo pasa de 6 MB. Divídelo en varios archivos más pequeños.',
  stockUnchanged:
    'La existencia de los productos que ya están en la tienda no cambia con una importación: se cambia con movimientos de inventario.',
} as const
