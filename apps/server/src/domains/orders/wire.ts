import {
  formatCop,
  isPayableOrderStatus,
  type Order,
  type OrderSummary,
  type Quote,
  type TotalsSchema,
  trackingStepOf,
} from '@piel/contracts'
import type { z } from 'zod'
import { PLACEHOLDER_IMAGE } from '../catalog'
import { toWireShippingQuote } from '../shipping'
import type { Totals } from './pricing'
import type { QuoteResult } from './service'
import { statusName } from './status'
import type { OrderLineRow, OrderView } from './view'

type WireTotals = z.infer<typeof TotalsSchema>
type WireLine = Order['productos'][number]

/** Image of a line stored before pictures were copied, or without one. */

export const toWireTotals = (totals: Totals): WireTotals => ({
  cantidadArticulos: totals.itemCount,
  subTotal: totals.subtotal,
  subTotalMoneda: formatCop(totals.subtotal),
  iva: totals.ivaTotal,
  ivaMoneda: formatCop(totals.ivaTotal),
  descuentoCodigo: totals.codeDiscount,
  descuentoCodigoMoneda: formatCop(totals.codeDiscount),
  totalEnvio: totals.shipping,
  totalEnvioMoneda: formatCop(totals.shipping),
  total: totals.total,
  totalMoneda: formatCop(totals.total),
})

export function toWireQuote(result: QuoteResult): Quote {
  const payable = result.totals.subtotal - result.totals.codeDiscount
  return {
    ...toWireTotals(result.totals),
    productos: result.lines.map((line) => ({
      idProducto: line.productId,
      referencia: line.product.reference,
      nombre: line.product.name,
      imagen: line.product.imageUrl,
      valorUnitario: line.unitPrice,
      valorUnitarioMoneda: formatCop(line.unitPrice),
      valorAntesDescuento: line.listPrice,
      descuento: line.discount,
      iva: line.iva,
      cantidadComprada: line.quantity,
      valorTotal: line.lineTotal,
      valorTotalMoneda: formatCop(line.lineTotal),
      descuentoCodigo: line.codeDiscount,
      ivaLinea: line.lineIva,
      idTienda: line.product.storeId,
      tallaId: null,
      existencia: line.product.stock,
      disponible: line.available,
    })),
    // Free shipping is measured on what the products cost after a discount code, as the charge itself is.
    envio:
      result.destination.place === undefined
        ? toWireShippingQuote(payable, undefined, null, result.destination)
        : toWireShippingQuote(payable, result.destination.place, result.destination.rule, {
            cheapest: null,
            freeFrom: null,
          }),
    noDisponibles: result.unavailableIds,
    codigo:
      result.code && 'applied' in result.code
        ? {
            codigo: result.code.applied.code,
            descripcion: result.code.applied.description,
            descuento: result.totals.codeDiscount,
            descuentoMoneda: formatCop(result.totals.codeDiscount),
          }
        : null,
    codigoError: result.code && 'refused' in result.code ? result.code.refused : null,
  }
}

const toWireLine = (line: OrderLineRow, storeId: number): WireLine => ({
  idProducto: line.productId,
  referencia: line.reference,
  nombre: line.name,
  imagen: line.image ?? PLACEHOLDER_IMAGE,
  valorUnitario: line.unitPrice,
  valorUnitarioMoneda: formatCop(line.unitPrice),
  valorAntesDescuento: line.listPrice,
  descuento: line.discount,
  iva: line.iva,
  cantidadComprada: line.quantity,
  valorTotal: line.lineTotal,
  valorTotalMoneda: formatCop(line.lineTotal),
  descuentoCodigo: line.codeDiscount,
  ivaLinea: line.lineIva,
  idTienda: storeId,
  tallaId: null,
})

export function toWireOrderSummary({ order, storeName, lines }: OrderView): OrderSummary {
  return {
    ...toWireTotals({
      itemCount: order.itemCount,
      subtotal: order.subtotal,
      ivaTotal: order.ivaTotal,
      codeDiscount: order.codeDiscount,
      shipping: order.shipping,
      total: order.total,
    }),
    id: order.id,
    idPersona: order.personId,
    idDireccion: order.addressId,
    fecha: order.createdAt.toISOString(),
    observacion: order.observation,
    idTienda: order.storeId,
    nombreTienda: storeName,
    tipoPago: order.paymentType,
    nombreTipoPago: order.paymentTypeName,
    estado: statusName(order.statusId),
    idEstado: order.statusId,
    tipoEntrega: order.deliveryType,
    municipio: order.municipalityName,
    departamento: order.departmentName,
    direccionPersona: order.street,
    referenciaDireccion: order.addressReference,
    barrio: order.neighborhood,
    nombreRecibe: order.receiverName,
    telefonoRecibe: order.receiverPhone,
    precioCorporativo: order.priceTier === 'corporate',
    venceEn: order.expiresAt && isPayableOrderStatus(order.statusId) ? order.expiresAt.toISOString() : null,
    pagoEnProceso: order.paymentPending,
    diasEntregaMin: order.deliveryDaysMin,
    diasEntregaMax: order.deliveryDaysMax,
    codigoDescuento: order.discountCode,
    transportadora: order.carrier,
    numeroGuia: order.trackingNumber,
    productos: lines.map((line) => toWireLine(line, order.storeId)),
    // Every change writes a history row, so the current state is the last finished one.
    pasoSeguimiento: trackingStepOf(order.statusId),
  }
}

export function toWireOrder(view: OrderView): Order {
  return {
    ...toWireOrderSummary(view),
    productosPorOrden: view.lines.map((line) => ({
      idProducto: line.productId,
      valorUnitario: line.unitPrice,
      cantidadComprada: line.quantity,
      iva: line.iva,
      descuento: line.discount,
      idTienda: view.order.storeId,
      referencia: line.reference,
      tallaId: null,
    })),
    // The states reached, each with its time; the tracking page shows "--" for the others.
    estadosOrden: view.history.map((entry) => ({
      id: entry.id,
      nombre: statusName(entry.statusId),
      idEstadoOrden: entry.statusId,
      fecha: entry.at.toISOString(),
      finalizado: true,
    })),
  }
}
