import { z } from 'zod'
import { MAX_ID } from './values/constants'

/**
 * Discount codes (issue 35): a shopper types one in the cart or the checkout; the server decides whether it
 * applies and what it takes off (`orden/Cotizar`, `orden/CrearOrden`); the back office creates, pauses and
 * measures them under `admin/codigos`.
 */

export const DISCOUNT_KINDS = ['porcentaje', 'valor'] as const
export type DiscountKind = (typeof DISCOUNT_KINDS)[number]

/** Largest fixed amount or minimum purchase a code may have, whole COP. */
export const MAX_CODE_AMOUNT = 10_000_000

/** What a shopper types: trimmed, upper case; letters, digits, - and _, 3 to 30. */
export const DiscountCodeTextSchema = z
  .string({ error: 'codigoDescuento debe ser un texto' })
  .trim()
  .toUpperCase()
  .min(3, 'El código tiene al menos 3 caracteres')
  .max(30, 'El código tiene máximo 30 caracteres')
  .regex(/^[A-Z0-9_-]+$/, 'El código solo tiene letras sin tilde, números, - o _')

/** A code the server applied to a quote or an order. */
export const AppliedCodeSchema = z.object({
  codigo: z.string(),
  descripcion: z.string(),
  descuento: z.number().int().describe('Lo que el código descuenta, en pesos, IVA incluido'),
  descuentoMoneda: z.string(),
})
export type AppliedCode = z.infer<typeof AppliedCodeSchema>

const optionalAmount = (field: string) =>
  z
    .number({ error: `${field} debe ser un número entero de pesos` })
    .int(`${field} debe ser un número entero de pesos`)
    .min(1, `${field} debe ser mayor que 0`)
    .max(MAX_CODE_AMOUNT, `${field} admite máximo ${MAX_CODE_AMOUNT}`)
    .nullable()

const optionalUses = (field: string) =>
  z
    .number({ error: `${field} debe ser un número entero` })
    .int(`${field} debe ser un número entero`)
    .min(1, `${field} debe ser al menos 1`)
    .max(1_000_000, `${field} admite máximo 1.000.000`)
    .nullable()

const ids = (field: string) =>
  z
    .array(z.number().int().positive().max(MAX_ID, `${field} tiene un id demasiado grande`))
    .max(500, `${field} admite máximo 500`)
    .default([])

/** `POST admin/codigos`, `PUT admin/codigos/{id}`. */
export const DiscountCodeInputSchema = z
  .object({
    codigo: DiscountCodeTextSchema,
    descripcion: z.string().trim().max(120, 'descripcion admite máximo 120 caracteres').default(''),
    tipo: z.enum(DISCOUNT_KINDS, { error: 'tipo debe ser porcentaje o valor' }),
    valor: z
      .number({ error: 'valor debe ser un número entero' })
      .int('valor debe ser un número entero')
      .min(1, 'valor debe ser mayor que 0')
      .max(MAX_CODE_AMOUNT, `valor admite máximo ${MAX_CODE_AMOUNT}`),
    compraMinima: optionalAmount('compraMinima').describe(
      'Suma de los productos que participan (IVA incluido) que el carrito debe alcanzar; vacío: sin mínimo',
    ),
    desde: z.iso.datetime({ offset: true, error: 'desde debe ser una fecha y hora ISO' }).nullable(),
    hasta: z.iso.datetime({ offset: true, error: 'hasta debe ser una fecha y hora ISO' }).nullable(),
    usosMaximos: optionalUses('usosMaximos').describe(
      'Órdenes que pueden llevar el código en total; vacío: sin límite',
    ),
    usosPorPersona: optionalUses('usosPorPersona'),
    soloPrimeraCompra: z.boolean().default(false),
    permiteCorporativo: z.boolean().default(false).describe('Un cliente corporativo autorizado también puede usarlo'),
    productosExcluidos: ids('productosExcluidos'),
    catalogosExcluidos: ids('catalogosExcluidos'),
    activo: z.boolean().default(true),
  })
  .superRefine((code, context) => {
    if (code.tipo === 'porcentaje' && code.valor > 100) {
      context.addIssue({ code: 'custom', path: ['valor'], message: 'Un porcentaje va de 1 a 100.' })
    }
    if (code.desde && code.hasta && Date.parse(code.hasta) <= Date.parse(code.desde)) {
      context.addIssue({ code: 'custom', path: ['hasta'], message: 'La fecha final debe ser posterior a la inicial.' })
    }
  })
export type DiscountCodeInput = z.input<typeof DiscountCodeInputSchema>

export const DiscountCodeSchema = z.object({
  id: z.number().int(),
  codigo: z.string(),
  descripcion: z.string(),
  tipo: z.enum(DISCOUNT_KINDS),
  valor: z.number().int(),
  compraMinima: z.number().int().nullable(),
  desde: z.string().nullable(),
  hasta: z.string().nullable(),
  usosMaximos: z.number().int().nullable(),
  usosPorPersona: z.number().int().nullable(),
  soloPrimeraCompra: z.boolean(),
  permiteCorporativo: z.boolean(),
  productosExcluidos: z.array(z.number().int()),
  catalogosExcluidos: z.array(z.number().int()),
  activo: z.boolean(),
  creado: z.string(),
  /** Orders carrying the code that are not cancelled (what the limits count). */
  usos: z.number().int(),
  /** Of those, the paid ones, what they took in (total, shipping included) and what the code gave. */
  ordenesPagadas: z.number().int(),
  ingresos: z.number().int(),
  ingresosMoneda: z.string(),
  descuentoOtorgado: z.number().int(),
  descuentoOtorgadoMoneda: z.string(),
})
export type DiscountCode = z.infer<typeof DiscountCodeSchema>

export const DiscountCodeIdParamsSchema = z.object({
  id: z.coerce.number({ error: 'id debe ser un número' }).int().positive().max(MAX_ID, 'id es demasiado grande'),
})

/** `POST admin/codigos/{id}/activo`: pause or resume a code. */
export const DiscountCodeActiveSchema = z.object({ activo: z.boolean({ error: 'activo debe ser true o false' }) })
