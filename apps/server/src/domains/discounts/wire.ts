import { type DiscountCode, type DiscountCodeInputSchema, formatCop } from '@piel/contracts'
import type { z } from 'zod'
import type { CodeInput, CodeWithFigures } from './service'

export const toWireCode = (code: CodeWithFigures): DiscountCode => ({
  id: code.id,
  codigo: code.code,
  descripcion: code.description,
  tipo: code.kind === 'valor' ? 'valor' : 'porcentaje',
  valor: code.value,
  compraMinima: code.minPurchase,
  desde: code.startsAt?.toISOString() ?? null,
  hasta: code.endsAt?.toISOString() ?? null,
  usosMaximos: code.maxUses,
  usosPorPersona: code.maxUsesPerPerson,
  soloPrimeraCompra: code.firstPurchaseOnly,
  permiteCorporativo: code.corporateAllowed,
  productosExcluidos: code.excludedProductIds,
  catalogosExcluidos: code.excludedCatalogIds,
  activo: code.active,
  creado: code.createdAt.toISOString(),
  usos: code.uses,
  ordenesPagadas: code.paidOrders,
  ingresos: code.revenue,
  ingresosMoneda: formatCop(code.revenue),
  descuentoOtorgado: code.discountGiven,
  descuentoOtorgadoMoneda: formatCop(code.discountGiven),
})

export const fromWireCode = (input: z.output<typeof DiscountCodeInputSchema>): CodeInput => ({
  code: input.codigo,
  description: input.descripcion,
  kind: input.tipo,
  value: input.valor,
  minPurchase: input.compraMinima,
  startsAt: input.desde ? new Date(input.desde) : null,
  endsAt: input.hasta ? new Date(input.hasta) : null,
  maxUses: input.usosMaximos,
  maxUsesPerPerson: input.usosPorPersona,
  firstPurchaseOnly: input.soloPrimeraCompra,
  corporateAllowed: input.permiteCorporativo,
  excludedProductIds: [...new Set(input.productosExcluidos)],
  excludedCatalogIds: [...new Set(input.catalogosExcluidos)],
  active: input.activo,
})
