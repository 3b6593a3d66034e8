import { z } from 'zod'

/**
 * `GET admin/resumen` (issue 17): the back office's landing screen. Days are days in Colombia
 * (UTC−5). Money in whole COP. "Pagada" means the shop has the money: an order paid, in
 * preparation, packed, on its way or delivered; pending, rejected and cancelled orders are not
 * revenue.
 */

const count = (text: string) => z.number().int().describe(text)

/** What a stretch of days sold. */
export const AdminSummaryPeriodSchema = z.object({
  ordenes: count('Órdenes hechas en el periodo, en cualquier estado'),
  ordenesPagadas: count('De ellas, las pagadas'),
  ingresos: count('El total (IVA y envío incluidos) de las órdenes pagadas'),
  ticketPromedio: count('ingresos / ordenesPagadas, redondeado; 0 sin órdenes pagadas'),
})
export type AdminSummaryPeriod = z.infer<typeof AdminSummaryPeriodSchema>

/** How many orders wait in one state that is not final. */
export const AdminSummaryStateSchema = z.object({
  idEstado: z.number().int(),
  estado: z.string(),
  cantidad: count('Órdenes que están hoy en este estado'),
  porAtender: z
    .boolean()
    .describe('La tienda debe moverlas (pagada, en preparación, alistada, en camino); si no, esperan el pago'),
})
export type AdminSummaryState = z.infer<typeof AdminSummaryStateSchema>

export const AdminSummaryLowStockSchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  existencia: z.number().int(),
  umbralExistencia: count('Por debajo de estas unidades el producto tiene poca existencia'),
  fotoPrincipal: z.string(),
})
export type AdminSummaryLowStock = z.infer<typeof AdminSummaryLowStockSchema>

export const AdminSummaryBestSellerSchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  fotoPrincipal: z.string(),
  unidades: count('Unidades vendidas en órdenes pagadas de los últimos 30 días'),
  ingresos: count('Lo que sumaron sus líneas (IVA incluido, sin envío)'),
})
export type AdminSummaryBestSeller = z.infer<typeof AdminSummaryBestSellerSchema>

export const AdminSummaryDaySchema = z.object({
  dia: z.string().describe('Día en Colombia (AAAA-MM-DD)'),
  ordenes: count('Órdenes hechas ese día, en cualquier estado'),
  ingresos: count('El total de las órdenes de ese día que están pagadas'),
})
export type AdminSummaryDay = z.infer<typeof AdminSummaryDaySchema>

export const AdminSummarySchema = z.object({
  dia: z.string().describe('Hoy en Colombia (AAAA-MM-DD)'),
  hoy: AdminSummaryPeriodSchema,
  ultimos30Dias: AdminSummaryPeriodSchema.describe('Los últimos 30 días, hoy incluido'),
  ordenesAbiertas: z
    .array(AdminSummaryStateSchema)
    .describe('Cada estado que no es final, con sus órdenes (también los que tienen 0)'),
  pocaExistencia: z.object({
    total: count('Productos a la venta por debajo de su umbral'),
    productos: z.array(AdminSummaryLowStockSchema).describe('Los 10 con menos unidades'),
  }),
  masVendidos: z.array(AdminSummaryBestSellerSchema).describe('Los 5 con más unidades en los últimos 30 días'),
  serie: z.array(AdminSummaryDaySchema).describe('Cada uno de los últimos 30 días, el más antiguo primero'),
})
export type AdminSummary = z.infer<typeof AdminSummarySchema>
