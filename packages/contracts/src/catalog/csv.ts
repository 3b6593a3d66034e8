import { z } from 'zod'
import { ErrorBodySchema } from '../errors'

/**
 * The catalogue as a CSV file (issue 17, "Importar / exportar"): `GET admin/productos/exportar` writes every product
 * of the store; `POST admin/productos/importar` creates or updates products by reference, all of them or none. Each
 * row passes the product form's own rules (`AdminProductInputSchema`). Columns and limits: `values/catalog.ts`.
 */

/** `GET admin/productos/exportar`: the file, UTF-8 with a BOM, `;`-separated. */
export const CatalogCsvExportSchema = z
  .string()
  .describe(
    'CSV en UTF-8 (con BOM), separado por punto y coma, una fila por producto: referencia; nombre; marca; detalle; registroInvima; catalogo; subcategoria; valor; descuento; iva; valorCorp; descuentoCorp; ivaCorp; umbralExistencia; enVenta (si/no); existencia; caracteristicas (Nombre=valor1|valor2; Otro=valor); imagenPrincipal',
  )

/** `POST admin/productos/importar`: the file itself as the body (`text/csv`). */
export const CatalogCsvImportBodySchema = z
  .string()
  .describe(
    'El archivo CSV como cuerpo (text/csv, hasta 6 MB): separado por punto y coma o por coma, en UTF-8 (con o sin BOM) o Windows-1252, con las columnas de la exportación. La existencia solo se lee para productos nuevos.',
  )

/** One problem of the file, where a spreadsheet shows it: the header is line 1. */
export const CatalogCsvRowErrorSchema = z.object({
  linea: z.number().int().describe('Fila de la hoja de cálculo: el encabezado es la 1'),
  columna: z.string().nullable().describe('Nombre de la columna; null cuando es la fila entera'),
  mensaje: z.string(),
})
export type CatalogCsvRowError = z.infer<typeof CatalogCsvRowErrorSchema>

/** The answer of an import that changed the catalogue. */
export const CatalogCsvImportResultSchema = z.object({
  creados: z.number().int(),
  actualizados: z.number().int(),
  sinCambios: z.number().int(),
  existenciaIgnorada: z
    .number()
    .int()
    .describe(
      'Productos que ya estaban en la tienda y cuya existencia en el archivo es otra: no se cambió (la existencia cambia con movimientos de inventario)',
    ),
})
export type CatalogCsvImportResult = z.infer<typeof CatalogCsvImportResultSchema>

/**
 * A file that was refused (`codigo: 'csv_invalido'`): every problem counted, the first ones listed by line and
 * column. Nothing was changed. Other 400s (an empty body) carry no `errores`.
 */
export const CatalogCsvInvalidSchema = ErrorBodySchema.extend({
  errores: z.array(CatalogCsvRowErrorSchema).optional(),
  totalErrores: z.number().int().optional(),
})
export type CatalogCsvInvalid = z.infer<typeof CatalogCsvInvalidSchema>
