import { ORDER_STATUS, oldPrice, REFUND_METHOD_NAMES, WITHDRAWAL_STATUS_NAMES, type Withdrawal } from '@piel/contracts'
import type { StoreRow } from '../catalog'
import { type MailPreview, type MailPreviewContext, PREVIEW_SHOPPER } from '../mail'
import { refundDeadline } from './calendar'
import {
  orderCancelledMail,
  orderDeliveredMail,
  orderPlacedMail,
  orderShippedMail,
  shopperCancellationMail,
  statusChangeMail,
} from './mail'
import { withdrawalMail } from './mail-withdrawals'
import type { OrderLineRow, OrderRow, OrderView } from './view'

const MINUTE_MS = 60_000
const DAY_MS = 24 * 60 * MINUTE_MS
/** The IVA of cosmetics in Colombia (19 %), contained in an amount that includes it. */
const ivaIn = (amount: number) => Math.round((amount * 19) / 119)

/**
 * The sample order's products: real lines of the demo catalogue, one of them with its own discount, and the prices a
 * corporate client pays for them.
 */
const SAMPLE_PRODUCTS = [
  {
    productId: 1,
    reference: 'LRP-ANTH-UVMUNE400-50ML',
    name: 'Anthelios UVMune 400 Fluido Invisible FPS 50+ 50 ml',
    unitPrice: 106_900,
    corporatePrice: 93_900,
    discount: 0,
    quantity: 1,
  },
  {
    productId: 22,
    reference: 'LRP-EFFACLAR-GEL-400ML',
    name: 'Effaclar Gel Limpiador Purificante 400 ml',
    unitPrice: 94_900,
    corporatePrice: 82_900,
    discount: 0,
    quantity: 2,
  },
  {
    productId: 39,
    reference: 'NEUT-HYDROBOOST-WATERGEL-50G',
    name: 'Hydro Boost Water Gel 50 g',
    unitPrice: 55_900,
    corporatePrice: 48_900,
    discount: 15,
    quantity: 1,
  },
] as const

/** The discount code of the sample order: 10 % off every product. */
const SAMPLE_CODE = { id: 3, code: 'BIENVENIDA10', percent: 10 }
const SAMPLE_ORDER_ID = 1047
const SAMPLE_SHIPPING = 9_000

/**
 * The order every sample shares (issue 35's «Correos»): Ana Lucía's three products from the demo catalogue, with the
 * discount code BIENVENIDA10, shipped to Pasto with a note she typed (markup and `&` included, so the preview shows
 * them escaped). Placed at `placedAt`; `changes` give the moment's state (paid, on its way, a corporate order…).
 */
export function sampleOrder(placedAt: Date, changes: Partial<OrderRow> = {}): Pick<OrderView, 'order' | 'lines'> {
  const corporate = changes.statusId === ORDER_STATUS.awaitingInvoice
  const percent = corporate ? 0 : SAMPLE_CODE.percent
  const lines: OrderLineRow[] = SAMPLE_PRODUCTS.map((product, position) => {
    const unitPrice = corporate ? product.corporatePrice : product.unitPrice
    const discount = corporate ? 0 : product.discount
    const lineTotal = unitPrice * product.quantity
    const codeDiscount = Math.round((lineTotal * percent) / 100)
    return {
      orderId: SAMPLE_ORDER_ID,
      productId: product.productId,
      position,
      reference: product.reference,
      name: product.name,
      image: null,
      unitPrice,
      listPrice: oldPrice(unitPrice, discount),
      discount,
      iva: 19,
      quantity: product.quantity,
      lineTotal,
      codeDiscount,
      lineIva: ivaIn(lineTotal - codeDiscount),
    }
  })
  const subtotal = lines.reduce((sum, line) => sum + line.lineTotal, 0)
  const codeDiscount = lines.reduce((sum, line) => sum + line.codeDiscount, 0)
  const order: OrderRow = {
    id: SAMPLE_ORDER_ID,
    personId: 1,
    storeId: 1,
    addressId: 1,
    street: 'Carrera 27 # 15-30',
    addressReference: 'Apartamento 302, Torre 2',
    neighborhood: 'San Andrés',
    receiverName: `${PREVIEW_SHOPPER.firstNames} ${PREVIEW_SHOPPER.lastNames}`,
    receiverPhone: '3157214589',
    municipalityCode: '52001',
    municipalityName: 'Pasto',
    departmentName: 'Nariño',
    observation: 'Dejar en portería <b>Torre 2</b> & timbrar dos veces.',
    priceTier: corporate ? 'corporate' : 'normal',
    itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotal,
    ivaTotal: lines.reduce((sum, line) => sum + line.lineIva, 0),
    shipping: SAMPLE_SHIPPING,
    deliveryDaysMin: 2,
    deliveryDaysMax: 4,
    discountCodeId: percent > 0 ? SAMPLE_CODE.id : null,
    discountCode: percent > 0 ? SAMPLE_CODE.code : null,
    codeDiscount,
    total: subtotal - codeDiscount + SAMPLE_SHIPPING,
    carrier: null,
    trackingNumber: null,
    deliveryType: 'Envio',
    paymentType: null,
    paymentTypeName: null,
    paymentPending: false,
    statusId: ORDER_STATUS.pendingPayment,
    idempotencyKey: null,
    expiresAt: null,
    clientIp: null,
    createdAt: placedAt,
    updatedAt: placedAt,
    ...changes,
  }
  return { order, lines }
}

/** The sample withdrawal: the two gels of the delivered sample order sent back, at `estado`. */
function sampleWithdrawal(
  estado: Withdrawal['estado'],
  { order, lines }: Pick<OrderView, 'order' | 'lines'>,
  now: Date,
) {
  const gel = lines[1] as OrderLineRow
  const refund = gel.lineTotal - gel.codeDiscount
  const requestedAt = new Date(now.getTime() - 2 * DAY_MS)
  const decided = estado !== 'solicitado'
  const refunded = estado === 'reembolsado'
  const withdrawal: Withdrawal = {
    id: 58,
    idOrden: order.id,
    estado,
    nombreEstado: WITHDRAWAL_STATUS_NAMES[estado],
    motivo: 'El limpiador me resecó la piel <b>mucho</b> & prefiero devolverlo.',
    nota:
      estado === 'aceptado'
        ? 'Puedes enviarlos por Servientrega a nuestra tienda: Calle 18 # 27-45, Pasto. Guarda la guía del envío.'
        : estado === 'rechazado'
          ? 'Como nos contaste, el limpiador ya se usó: por higiene, los productos de cuidado personal abiertos no admiten retracto.'
          : null,
    productos: [
      {
        idProducto: gel.productId,
        referencia: gel.reference,
        nombre: gel.name,
        imagen: null,
        cantidad: gel.quantity,
        cantidadComprada: gel.quantity,
        valorUnitario: Math.round(refund / gel.quantity),
        valorTotal: refund,
      },
    ],
    valorReembolso: refund,
    incluyeEnvio: false,
    metodoReembolso: refunded ? 'transferencia' : null,
    nombreMetodoReembolso: refunded ? REFUND_METHOD_NAMES.transferencia : null,
    referenciaReembolso: refunded ? 'TRF-20481937' : null,
    reembolsoHasta: refundDeadline(requestedAt),
    fecha: requestedAt.toISOString(),
    fechaDecision: decided ? now.toISOString() : null,
    fechaRecibido: estado === 'recibido' || refunded ? now.toISOString() : null,
    fechaReembolso: refunded ? now.toISOString() : null,
  }
  return withdrawal
}

const WITHDRAWAL_PREVIEWS: { estado: Withdrawal['estado']; key: string; name: string; when: string }[] = [
  {
    estado: 'solicitado',
    key: 'retracto-solicitado',
    name: 'Retracto solicitado',
    when: 'Cuando quien compró pide el retracto de una orden entregada.',
  },
  {
    estado: 'aceptado',
    key: 'retracto-aceptado',
    name: 'Retracto aceptado',
    when: 'Cuando la tienda acepta una solicitud de retracto, con su nota.',
  },
  {
    estado: 'rechazado',
    key: 'retracto-rechazado',
    name: 'Retracto rechazado',
    when: 'Cuando la tienda rechaza una solicitud de retracto, con la razón.',
  },
  {
    estado: 'recibido',
    key: 'retracto-recibido',
    name: 'Retracto: productos recibidos',
    when: 'Cuando la tienda registra que llegaron los productos devueltos.',
  },
  {
    estado: 'reembolsado',
    key: 'retracto-reembolsado',
    name: 'Retracto reembolsado',
    when: 'Cuando la tienda registra el reembolso del retracto.',
  },
]

/**
 * The e-mails of an order (issue 35) for the back office's «Correos», each built by the builder that sends it, from
 * the sample order (`sampleOrder`): placed (by a shopper and by a corporate client), a change of state, on its way,
 * delivered, expired, cancelled by the store and by its shopper, and the withdrawal's five steps. Nothing is sent.
 */
export function orderMailPreviews({
  storeName,
  publicUrl,
  now,
  seller,
  holdMinutes,
}: MailPreviewContext & { seller: Pick<StoreRow, 'legalName' | 'nit'>; holdMinutes: number }): MailPreview[] {
  const person = PREVIEW_SHOPPER
  const earlier = (days: number) => new Date(now.getTime() - days * DAY_MS)
  const placed = sampleOrder(now, { expiresAt: new Date(now.getTime() + holdMinutes * MINUTE_MS) })
  const corporate = sampleOrder(now, { statusId: ORDER_STATUS.awaitingInvoice })
  const paid = { paymentType: 1, paymentTypeName: 'Tarjeta de crédito o débito' }
  const shipped = sampleOrder(earlier(2), {
    ...paid,
    statusId: ORDER_STATUS.onTheWay,
    carrier: 'Servientrega',
    trackingNumber: '2145887301',
    updatedAt: now,
  })
  const delivered = sampleOrder(earlier(4), { ...paid, statusId: ORDER_STATUS.delivered, updatedAt: now })
  const expired = sampleOrder(earlier(1), { statusId: ORDER_STATUS.cancelled, updatedAt: now })
  const cancelledByStore = sampleOrder(earlier(1), { ...paid, statusId: ORDER_STATUS.cancelled, updatedAt: now })
  const cancelledByShopper = {
    ...sampleOrder(new Date(now.getTime() - 20 * MINUTE_MS), { statusId: ORDER_STATUS.cancelled, updatedAt: now }),
    storeName,
    history: [],
  }
  const previews: MailPreview[] = [
    {
      key: 'orden-recibida',
      name: 'Orden recibida',
      when: 'Cuando alguien hace una orden: su detalle y el enlace para pagarla antes de que venza la reserva.',
      message: orderPlacedMail(storeName, publicUrl, person, seller, placed),
    },
    {
      key: 'orden-recibida-corporativa',
      name: 'Orden recibida (cliente corporativo)',
      when: 'Cuando un cliente corporativo autorizado hace una orden: la tienda le enviará la factura.',
      message: orderPlacedMail(storeName, publicUrl, person, seller, corporate),
    },
    {
      key: 'orden-cambio-estado',
      name: 'Cambio de estado',
      when: 'Cuando la tienda cambia el estado de una orden (en preparación, empacada…), salvo en camino, entregada o cancelada.',
      message: statusChangeMail(storeName, publicUrl, person, SAMPLE_ORDER_ID, ORDER_STATUS.inPreparation),
    },
    {
      key: 'orden-en-camino',
      name: 'Orden en camino',
      when: 'Cuando la tienda pasa la orden a «Orden en camino» con la transportadora y el número de guía.',
      message: orderShippedMail(storeName, publicUrl, person, shipped),
    },
    {
      key: 'orden-entregada',
      name: 'Orden entregada',
      when: 'Cuando la tienda marca la orden entregada: el plazo del retracto y el enlace para calificar los productos.',
      message: orderDeliveredMail(storeName, publicUrl, person, delivered, now),
    },
    {
      key: 'orden-vencida',
      name: 'Orden vencida',
      when: 'Cuando una orden sin pagar llega al final de su reserva y se cancela sola.',
      message: orderCancelledMail(storeName, publicUrl, person, expired, {
        cause: 'expired',
        from: ORDER_STATUS.pendingPayment,
      }),
    },
    {
      key: 'orden-cancelada-tienda',
      name: 'Orden cancelada por la tienda',
      when: 'Cuando la tienda cancela una orden desde la oficina; si estaba pagada, dice que se devolverá el dinero.',
      message: orderCancelledMail(storeName, publicUrl, person, cancelledByStore, {
        cause: 'store',
        from: ORDER_STATUS.paid,
      }),
    },
    {
      key: 'orden-cancelada-cliente',
      name: 'Orden cancelada por quien compró',
      when: 'Cuando quien compró cancela su orden sin pagar desde la página de la orden.',
      message: shopperCancellationMail(storeName, publicUrl, person, cancelledByShopper, { corporate: false }),
    },
  ]
  const returned = sampleOrder(earlier(6), { ...paid, statusId: ORDER_STATUS.delivered, updatedAt: earlier(3) })
  for (const { estado, key, name, when } of WITHDRAWAL_PREVIEWS) {
    const message = withdrawalMail(storeName, publicUrl, person, sampleWithdrawal(estado, returned, now))
    previews.push({ key, name, when, message })
  }
  return previews
}
