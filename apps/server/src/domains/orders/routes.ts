import {
  CreateOrderResultSchema,
  CreateOrderSchema,
  ErrorBodySchema,
  ORDER_MESSAGES,
  OrderIdParamsSchema,
  OrderSchema,
  OrderSummarySchema,
  QuoteRequestSchema,
  QuoteSchema,
} from '@piel/contracts'
import type { FastifyBaseLogger, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { guardedErrors as errors, loggedIn, NOT_YOURS, requireSamePerson, requireViewer } from '../../shared/auth'
import type { Deps } from '../../shared/deps'
import { AppError } from '../../shared/errors'
import { priceTierOf } from '../../shared/viewer'
import { getAddressForPerson } from '../addresses'
import { placeName, shippingRuleFor, shopShipping } from '../shipping'
import {
  cancelOwnOrder,
  getOrder,
  listOrdersOf,
  type OrderItem,
  type OrdersContext,
  placeOrder,
  type QuoteDestination,
  quoteItems,
} from './service'
import { toWireOrder, toWireOrderSummary, toWireQuote } from './wire'

const itemsOf = (productos: { idProducto: number; cantidadComprada: number }[]): OrderItem[] =>
  productos.map((item) => ({ productId: item.idProducto, quantity: item.cantidadComprada }))

/** Cart pricing, checkout and the shopper's orders (spec 001 §2, §3, §7). */
export const orderRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db, config, catalog, mailer }) => {
  const contextOf = (log: FastifyBaseLogger): OrdersContext => ({ db, config, catalog, mailer, log })
  /** Where a quote goes: one of the session's addresses (someone else's is a 404), or nowhere yet. */
  const destinationOf = async (request: FastifyRequest, addressId: number | undefined): Promise<QuoteDestination> => {
    if (addressId === undefined) return shopShipping(db)
    const address = await getAddressForPerson(db, requireViewer(request).personId, addressId)
    return {
      place: placeName(address.departmentCode, address.municipalityCode),
      rule: await shippingRuleFor(db, address.municipalityCode),
    }
  }

  app.post(
    '/orden/Cotizar',
    {
      schema: {
        tags: ['Órdenes'],
        summary: 'Precios vigentes (en el nivel de precios de la sesión), existencias y totales de un carrito',
        description:
          'Con idDireccion (una dirección de la sesión) el envío se calcula para ella según su zona; sin ella, totalEnvio es 0 y envio dice el envío más barato de la tienda.',
        body: QuoteRequestSchema,
        response: { 200: QuoteSchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request) => {
      const { productos, idDireccion, codigoDescuento } = request.body
      return toWireQuote(
        await quoteItems(
          db,
          itemsOf(productos),
          priceTierOf(request),
          await destinationOf(request, idDireccion),
          codigoDescuento === undefined
            ? undefined
            : { typed: codigoDescuento, personId: request.viewer?.personId ?? null },
        ),
      )
    },
  )

  app.post(
    '/orden/CrearOrden',
    {
      onRequest: loggedIn,
      schema: {
        tags: ['Órdenes'],
        summary: 'Crea la orden del carrito: reserva el inventario y fija los precios del servidor',
        description:
          'Solo cuentan idDireccion, observacion, codigoDescuento, claveIdempotencia y los ids y cantidades de productos: precios y totales enviados se ignoran. 409 codigo_no_valido si el código de descuento no aplica (el motivo en campos.codigoDescuento). 400 limite_unidades si un producto pasa del máximo por pedido; 409 sin_stock si falta inventario y 409 ordenes_sin_pagar si la persona ya tiene el máximo de órdenes sin pagar y 409 demasiadas_unidades_reservadas si las unidades reservadas en órdenes sin pagar de la persona o de su conexión pasarían del máximo (no se guarda nada). La misma claveIdempotencia responde la orden ya creada.',
        body: CreateOrderSchema,
        response: { 200: CreateOrderResultSchema, ...errors, 409: ErrorBodySchema },
      },
    },
    async (request) => {
      const viewer = requireSamePerson(request, request.body.idPersona)
      const placed = await placeOrder(contextOf(request.log), {
        personId: viewer.personId,
        addressId: request.body.idDireccion,
        observation: request.body.observacion,
        items: itemsOf(request.body.productos),
        tier: priceTierOf(request),
        idempotencyKey: request.body.claveIdempotencia,
        clientIp: request.ip,
        discountCode: request.body.codigoDescuento,
      })
      return {
        exito: true,
        mensaje: ORDER_MESSAGES.created,
        idOrden: placed.orderId,
        corporativo: viewer.isAuthorizedCorporate,
      }
    },
  )

  app.get(
    '/orden/MisOrdenes',
    {
      onRequest: loggedIn,
      schema: {
        tags: ['Órdenes'],
        summary: 'Órdenes de la persona de la sesión, las más recientes primero',
        response: { 200: z.array(OrderSummarySchema), ...errors },
      },
    },
    async (request) => (await listOrdersOf(db, requireViewer(request).personId)).map(toWireOrderSummary),
  )

  app.get(
    '/orden/:id',
    {
      onRequest: loggedIn,
      schema: {
        tags: ['Órdenes'],
        summary: 'Una orden con sus productos y los estados por los que pasó (de su dueño, o para administradores)',
        params: OrderIdParamsSchema,
        response: { 200: OrderSchema, ...errors },
      },
    },
    async (request) => {
      const viewer = requireViewer(request)
      const view = await getOrder(db, request.params.id)
      if (view.order.personId !== viewer.personId && !viewer.isAdmin) throw new AppError(403, 'prohibido', NOT_YOURS)
      return toWireOrder(view)
    },
  )

  app.post(
    '/orden/:id/Cancelar',
    {
      onRequest: loggedIn,
      schema: {
        tags: ['Órdenes'],
        summary: 'Quien compró cancela su orden sin pagar: el inventario vuelve enseguida y recibe un correo',
        description:
          'Solo la orden de la persona de la sesión (la de otra persona responde 404, como si no existiera). Se cancela una orden pendiente de pago o con el pago rechazado sin un pago en proceso, o la de un cliente corporativo pendiente de facturación; 409 pago_en_proceso si un pago (PSE, Nequi, efectivo) espera su resultado, 409 orden_pagada, orden_enviada, orden_entregada u orden_cancelada si ya no se puede. Responde la orden cancelada, como GET orden/{id}.',
        params: OrderIdParamsSchema,
        response: { 200: OrderSchema, ...errors, 409: ErrorBodySchema },
      },
    },
    async (request) =>
      toWireOrder(await cancelOwnOrder(contextOf(request.log), request.params.id, requireViewer(request).personId)),
  )
}
