import {
  ORDER_MESSAGES,
  ORDER_STATUS,
  type OrderStatusId,
  PAYABLE_ORDER_STATUSES,
  type PriceTier,
  SHIPPING_MESSAGES,
  unitLimitMessage,
} from '@piel/contracts'
import { asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import { toSnakeCase } from 'drizzle-orm/casing'
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../../config'
import type { Db } from '../../db'
import type { Mailer, StockObserver } from '../../shared/deps'
import { AppError, badRequest } from '../../shared/errors'
import { getPerson } from '../accounts'
import { getAddressForPerson } from '../addresses'
import { getProductsForPricing, getStoresByIds, type ProductForPricing, type StockProblem } from '../catalog'
import { type CodeRefusal, type CodeRow, codeRuleOf, evaluateCode, refusalMessage } from '../discounts'
import { placeName, type ShippingRule, shippingCharge, shippingRuleFor } from '../shipping'
import { codeUsage } from './discount-usage'
import {
  type CancellationCause,
  orderCancelledMail,
  orderDeliveredMail,
  orderPlacedMail,
  orderShippedMail,
  shopperCancellationMail,
  statusChangeMail,
} from './mail'
import { applyCode, type PricedLine, payableOf, priceLine, type Totals, totalsOf } from './pricing'
import {
  CORPORATE_INITIAL_STATUS,
  cancelOrderByShopper,
  expirePendingOrders,
  INITIAL_STATUS,
  orderNotFound,
  transitionOrder,
} from './status'
import { orderLines, orderStatusHistory, orders } from './tables'
import type { OrderView } from './view'

export interface OrderItem {
  productId: number
  quantity: number
}

/** What the order flows need besides their input; the routes build it from `Deps`. */
export interface OrdersContext {
  db: Db
  config: Pick<
    Config,
    | 'ORDER_HOLD_MINUTES'
    | 'ORDER_MAX_UNITS_PER_PRODUCT'
    | 'ORDER_MAX_UNPAID'
    | 'ORDER_MAX_HELD_UNITS_PER_PERSON'
    | 'ORDER_MAX_HELD_UNITS_PER_ADDRESS'
    | 'STORE_NAME'
    | 'PUBLIC_URL'
  >
  /** Told when an order moved products' stock or units sold. */
  catalog: StockObserver
  mailer: Mailer
  log: FastifyBaseLogger
}

/** What the order e-mails sent outside a request need (the expiry sweep's). */
export type OrderMailContext = Pick<OrdersContext, 'db' | 'mailer' | 'log'> & {
  config: Pick<OrdersContext['config'], 'STORE_NAME' | 'PUBLIC_URL'>
}

export const orderSettings = (config: OrdersContext['config']): OrderSettings => ({
  holdMinutes: config.ORDER_HOLD_MINUTES,
  maxUnitsPerProduct: config.ORDER_MAX_UNITS_PER_PRODUCT,
  maxUnpaid: config.ORDER_MAX_UNPAID,
  maxHeldUnitsPerPerson: config.ORDER_MAX_HELD_UNITS_PER_PERSON,
  maxHeldUnitsPerAddress: config.ORDER_MAX_HELD_UNITS_PER_ADDRESS,
})

/** One line per product, in the order first seen; repeated ids add their quantities up. */
export function mergeItems(items: readonly OrderItem[]): OrderItem[] {
  const merged = new Map<number, number>()
  for (const item of items) merged.set(item.productId, (merged.get(item.productId) ?? 0) + item.quantity)
  return [...merged].map(([productId, quantity]) => ({ productId, quantity }))
}

export interface QuotedLine extends PricedLine {
  product: ProductForPricing
  available: boolean
}

/**
 * Where a quote is shipped: the address's place and its shipping rule (null: not delivered there), or,
 * with no address, the shop's cheapest shipping and free-shipping purchase.
 */
export type QuoteDestination =
  | { place: string; rule: ShippingRule | null }
  | { place?: undefined; cheapest: number | null; freeFrom: number | null }

/** The discount code a quote asks for, and who asks (null: a cart not logged in; the person's rules wait for the order). */
export interface QuoteCode {
  typed: string
  personId: number | null
}

export interface QuoteResult {
  lines: QuotedLine[]
  /** The code applied, or why the one asked for does not apply. */
  code: { applied: CodeRow } | { refused: string } | null
  /** Shipping is in them only when the destination's rule priced it. */
  totals: Totals
  destination: QuoteDestination
  /** Ids asked for that do not exist or are not sold any more. */
  unavailableIds: number[]
}

/**
 * `orden/Cotizar`: current prices in `tier` and stock for cart lines. Every known product gets a
 * line (with `available` false when its stock is short) and counts in the totals; unknown or
 * inactive ids are listed apart. Shipping is added when `destination` is an address the shop
 * delivers to.
 */
export async function quoteItems(
  db: Db,
  items: readonly OrderItem[],
  tier: PriceTier,
  destination: QuoteDestination,
  askedCode?: QuoteCode,
): Promise<QuoteResult> {
  const merged = mergeItems(items)
  const found = new Map(
    (
      await getProductsForPricing(
        db,
        merged.map((item) => item.productId),
      )
    ).map((product) => [product.id, product]),
  )
  let lines: QuotedLine[] = merged.flatMap((item) => {
    const product = found.get(item.productId)
    if (!product) return []
    return [{ ...priceLine(product, item.quantity, tier), product, available: product.stock >= item.quantity }]
  })
  let code: QuoteResult['code'] = null
  if (askedCode && lines.length > 0) {
    const evaluation = await evaluateCode(db, askedCode.typed, {
      lines,
      tier,
      personId: askedCode.personId,
      usage: codeUsage(db),
    })
    if (evaluation.ok) {
      lines = applyCode(
        lines,
        (line) => evaluation.participates(line.productId),
        codeRuleOf(evaluation.code),
      ) as QuotedLine[]
      code = { applied: evaluation.code }
    } else {
      code = { refused: evaluation.message }
    }
  }
  const rule = destination.place === undefined ? null : destination.rule
  return {
    lines,
    code,
    totals: totalsOf(lines, rule ? shippingCharge(rule, payableOf(lines)).cost : 0),
    destination,
    unavailableIds: merged.filter((item) => !found.has(item.productId)).map((item) => item.productId),
  }
}

export interface NewOrder {
  personId: number
  addressId: number
  observation: string | null | undefined
  items: readonly OrderItem[]
  tier: PriceTier
  /** The checkout page's key: the same key again answers the order already made. */
  idempotencyKey?: string | undefined
  /** The address the request came from (units held unpaid are capped per address). */
  clientIp?: string | undefined
  /** The discount code typed in the cart or the checkout (issue 35). */
  discountCode?: string | undefined
}

export interface OrderSettings {
  /** Minutes a new order holds its units until a payment of it starts (then `ORDER_EXPIRY_HOURS`, payments). */
  holdMinutes: number
  /** Units of one product an order may take. */
  maxUnitsPerProduct: number
  /** Unpaid orders still holding stock a person may have. */
  maxUnpaid: number
  /** Units one person, and one address, may hold at once in unpaid orders. */
  maxHeldUnitsPerPerson: number
  maxHeldUnitsPerAddress: number
}

const MINUTE_MS = 60 * 1000
/** Reads and tries again when a price changed between the read and the reservation. */
const PRICING_ATTEMPTS = 3

const unavailableError = (productIds: readonly number[]) =>
  new AppError(
    409,
    'producto_no_disponible',
    `${ORDER_MESSAGES.notCreated} Un producto ya no está disponible.`,
    Object.fromEntries(productIds.map((id) => [`producto.${id}`, 'No disponible'])),
  )

const shortError = (problems: readonly StockProblem[]) =>
  new AppError(
    409,
    'sin_stock',
    ORDER_MESSAGES.noStock,
    Object.fromEntries(problems.map((line) => [`producto.${line.product_id}`, `Disponibles: ${line.available ?? 0}`])),
  )

const columnNames = new Map<string, string>()
/** `unitPrice` → `unit_price`, worked out once per field. */
function columnOf(field: string): string {
  let name = columnNames.get(field)
  if (name === undefined) {
    name = toSnakeCase(field)
    columnNames.set(field, name)
  }
  return name
}

/** A row of `orders` or `order_lines` as `place_order` reads it: a JSON object of its columns. */
const asColumns = (row: object) =>
  JSON.stringify(Object.fromEntries(Object.entries(row).map(([field, value]) => [columnOf(field), value ?? null])))

type PlaceOrderResult =
  | { ok: true; order_id: number; repeated?: true }
  | { ok: false; code: CodeRefusal }
  | { ok: false; problems: StockProblem[] }
  | { ok: false; unpaid: number }
  | { ok: false; held: number; scope: 'persona' | 'direccion' }

/** The order's discount code does not apply: nothing is stored. */
const codeError = (message: string) =>
  new AppError(409, 'codigo_no_valido', `${ORDER_MESSAGES.notCreated} ${message}`, { codigoDescuento: message })

const tooManyUnpaid = (unpaid: number) =>
  new AppError(
    409,
    'ordenes_sin_pagar',
    `${ORDER_MESSAGES.notCreated} Tienes ${unpaid} órdenes pendientes de pago: paga o cancela una de ellas desde Mis órdenes.`,
  )

const tooManyHeld = (held: number, scope: 'persona' | 'direccion') =>
  scope === 'persona'
    ? new AppError(
        409,
        'demasiadas_unidades_reservadas',
        `${ORDER_MESSAGES.notCreated} Ya tienes ${held} ${held === 1 ? 'unidad reservada' : 'unidades reservadas'} en órdenes sin pagar: paga o cancela una de ellas desde Mis órdenes.`,
      )
    : new AppError(
        409,
        'demasiadas_unidades_reservadas',
        `${ORDER_MESSAGES.notCreated} Desde esta conexión hay demasiadas unidades reservadas en órdenes sin pagar. Intenta de nuevo en una hora o escríbenos por WhatsApp.`,
      )

/**
 * `orden/CrearOrden`: prices the lines from the products in the shopper's tier (whatever the
 * browser sent), then stores the order with copies of the address and of each product's name,
 * reference, picture and prices, pending payment until `expiresAt`, with its first history row,
 * in one statement (`place_order`, `sql/place_order.sql`) that first takes the units out of stock, all
 * or nothing, under the rows' locks, and only if the prices read are still the products' prices.
 * A price changed in between: read and price again. A line short of stock: orders that expired
 * unpaid are cancelled first (their units count again) and the order is tried once more, then
 * 409 `sin_stock` with nothing written. Once the order is stored the catalogue is told that
 * its stock changed.
 *
 * Against hoarding (issue 15): at most `maxUnitsPerProduct` units of a product (400 naming it), at
 * most `maxUnpaid` unpaid orders holding stock per person (409 `ordenes_sin_pagar`), and the same
 * idempotency key from the same person answers the order already made (`repeated`), all decided
 * by `place_order` under the person's row lock, so parallel requests cannot slip past.
 *
 * One round trip for the write, whose plans the database keeps: the embedded database pays for
 * every statement it parses and plans (bench:orders).
 */
export async function createOrder(
  db: Db,
  input: NewOrder,
  settings: OrderSettings,
  {
    now = new Date(),
    catalog,
    expired,
  }: {
    now?: Date
    catalog?: StockObserver
    /** Gets the ids of other people's orders this call cancelled because they expired (their e-mails are the caller's). */
    expired?: number[]
  } = {},
): Promise<{ orderId: number; storeId: number; totals: Totals; repeated: boolean }> {
  const items = mergeItems(input.items)
  const tooMany = items.find((item) => item.quantity > settings.maxUnitsPerProduct)
  if (tooMany) {
    throw new AppError(400, 'limite_unidades', unitLimitMessage(settings.maxUnitsPerProduct), {
      [`producto.${tooMany.productId}`]: `Máximo ${settings.maxUnitsPerProduct}`,
    })
  }
  const address = await getAddressForPerson(db, input.personId, input.addressId)
  // The address's shipping zone prices the delivery (issue 35); no zone, no order.
  const rule = await shippingRuleFor(db, address.municipalityCode)
  if (!rule) {
    const place = placeName(address.departmentCode, address.municipalityCode)
    throw new AppError(409, 'sin_cobertura', `${ORDER_MESSAGES.notCreated} ${SHIPPING_MESSAGES.uncovered(place)}`, {
      idDireccion: SHIPPING_MESSAGES.uncovered(place),
    })
  }
  const corporate = input.tier === 'corporate'
  const limits = {
    max_unpaid: settings.maxUnpaid,
    unpaid_statuses: PAYABLE_ORDER_STATUSES,
    max_units_person: corporate ? null : settings.maxHeldUnitsPerPerson,
    max_units_address: corporate ? null : settings.maxHeldUnitsPerAddress,
  }
  let expiredChecked = false

  for (let attempt = 1; ; attempt++) {
    const found = new Map(
      (
        await getProductsForPricing(
          db,
          items.map((item) => item.productId),
        )
      ).map((product) => [product.id, product]),
    )
    const missing = items.filter((item) => !found.has(item.productId)).map((item) => item.productId)
    if (missing.length > 0) throw unavailableError(missing)
    const products = items.flatMap((item) => found.get(item.productId) ?? [])
    const storeIds = new Set(products.map((product) => product.storeId))
    const [storeId] = storeIds
    if (storeId === undefined || storeIds.size > 1) {
      throw badRequest('Una orden solo puede tener productos de una tienda.')
    }
    let lines = products.map((product, index) => priceLine(product, items[index]?.quantity ?? 0, input.tier))
    let code: CodeRow | null = null
    if (input.discountCode) {
      const evaluation = await evaluateCode(db, input.discountCode, {
        lines,
        tier: input.tier,
        personId: input.personId,
        usage: codeUsage(db),
        now,
      })
      if (!evaluation.ok) throw codeError(evaluation.message)
      code = evaluation.code
      lines = applyCode(lines, (line) => evaluation.participates(line.productId), codeRuleOf(code))
    }
    const totals = totalsOf(lines, shippingCharge(rule, payableOf(lines)).cost)

    const order: Omit<typeof orders.$inferInsert, 'id'> = {
      personId: input.personId,
      storeId,
      addressId: address.id,
      street: address.street,
      addressReference: address.reference,
      neighborhood: address.neighborhood,
      receiverName: address.receiverName,
      receiverPhone: address.phone,
      municipalityCode: address.municipalityCode,
      municipalityName: address.municipalityName,
      departmentName: address.departmentName,
      observation: input.observation?.trim() || null,
      priceTier: input.tier,
      itemCount: totals.itemCount,
      subtotal: totals.subtotal,
      ivaTotal: totals.ivaTotal,
      shipping: totals.shipping,
      deliveryDaysMin: rule.daysMin,
      deliveryDaysMax: rule.daysMax,
      discountCodeId: code?.id ?? null,
      discountCode: code?.code ?? null,
      codeDiscount: totals.codeDiscount,
      total: totals.total,
      deliveryType: 'Envio',
      paymentType: null,
      paymentTypeName: null,
      // An authorised corporate client does not pay online: the store invoices the order, and it keeps its units until then.
      statusId: corporate ? CORPORATE_INITIAL_STATUS : INITIAL_STATUS,
      idempotencyKey: input.idempotencyKey ?? null,
      expiresAt: corporate ? null : new Date(now.getTime() + settings.holdMinutes * MINUTE_MS),
      clientIp: input.clientIp ?? null,
      createdAt: now,
      updatedAt: now,
    }
    // Also reserve_stock's lines: product_id, quantity, unit_price, discount and iva are among them.
    const orderLineRows: Omit<typeof orderLines.$inferInsert, 'orderId'>[] = products.map((product, position) => {
      const line = lines[position] as PricedLine
      return {
        productId: product.id,
        position,
        reference: product.reference,
        name: product.name,
        image: product.imageUrl,
        unitPrice: line.unitPrice,
        listPrice: line.listPrice,
        discount: line.discount,
        iva: line.iva,
        quantity: line.quantity,
        lineTotal: line.lineTotal,
        codeDiscount: line.codeDiscount,
        lineIva: line.lineIva,
      }
    })
    const [row] = rowsOf<{ result: PlaceOrderResult }>(
      await db.execute(
        sql`select place_order(${asColumns(order)}::jsonb, ${`[${orderLineRows.map(asColumns).join(',')}]`}::jsonb, ${JSON.stringify(
          {
            ...limits,
            code: code && { id: code.id, version: code.version, cancelled_status: ORDER_STATUS.cancelled },
          },
        )}::jsonb) as result`,
      ),
    )
    const result = row?.result
    if (!result) throw new Error('place_order answered nothing')
    if (result.ok) {
      if (result.repeated) return { orderId: result.order_id, storeId, totals, repeated: true }
      catalog?.stockChanged()
      return { orderId: result.order_id, storeId, totals, repeated: false }
    }
    if ('code' in result) {
      // The code changed after it was read: read it and price again; otherwise its refusal, as the quote words it.
      if (result.code === 'changed' && attempt < PRICING_ATTEMPTS) continue
      throw codeError(refusalMessage(result.code, input.discountCode ?? '', code))
    }
    if ('unpaid' in result) throw tooManyUnpaid(result.unpaid)
    if ('held' in result) throw tooManyHeld(result.held, result.scope)

    const unavailable = result.problems.filter((line) => line.problem === 'unavailable')
    if (unavailable.length > 0) throw unavailableError(unavailable.map((line) => line.product_id))
    if (result.problems.some((line) => line.problem === 'repriced') && attempt < PRICING_ATTEMPTS) continue
    const short = result.problems.filter((line) => line.problem === 'short')
    if (short.length > 0) {
      if (!expiredChecked) {
        expiredChecked = true
        const cancelled = await expirePendingOrders(db, now, { catalog })
        expired?.push(...cancelled)
        if (cancelled.length > 0) continue
      }
      throw shortError(short)
    }
    throw new AppError(409, 'precio_cambiado', `${ORDER_MESSAGES.notCreated} Los precios cambiaron; revisa tu carrito.`)
  }
}

/**
 * `orden/CrearOrden`: stores the order (`createOrder`, which tells the catalogue its stock
 * changed) and e-mails the shopper "Recibimos tu orden N.º X" (`orderPlacedMail`: its detail and how to pay it
 * before it expires, or, for an authorised corporate client, that the store sends the invoice; spec 001 §1, §4),
 * once the order is committed. A repeated idempotency key answers the order already made and sends nothing. Orders of
 * others that `createOrder` found expired are e-mailed too. An e-mail that cannot be sent is logged and the order stays.
 */
export async function placeOrder(ctx: OrdersContext, input: NewOrder) {
  const expired: number[] = []
  let created: Awaited<ReturnType<typeof createOrder>>
  try {
    created = await createOrder(ctx.db, input, orderSettings(ctx.config), { catalog: ctx.catalog, expired })
  } finally {
    await sendCancellationMails(ctx, expired, 'expired')
  }
  if (created.repeated) {
    ctx.log.info({ orderId: created.orderId, personId: input.personId }, 'order request repeated')
    return created
  }
  ctx.log.info({ orderId: created.orderId, personId: input.personId }, 'order created')
  await sendSafely(ctx.log, 'order placed e-mail', created.orderId, async () => {
    const [person, view, [store]] = await Promise.all([
      getPerson(ctx.db, input.personId),
      getOrder(ctx.db, created.orderId),
      getStoresByIds(ctx.db, [created.storeId]),
    ])
    if (!store) throw new Error(`store ${created.storeId} not found`)
    await ctx.mailer.send(orderPlacedMail(ctx.config.STORE_NAME, ctx.config.PUBLIC_URL, person, store, view))
  })
  return created
}

/**
 * The expiry sweep's step (`sweep.ts`): cancels the unpaid orders past their reservation (`expirePendingOrders`,
 * each in its own transaction) and, once each is committed, e-mails its shopper "Tu orden N.º X venció". Answers
 * the ids it cancelled.
 */
export async function expireUnpaidOrders(
  ctx: OrderMailContext & { catalog?: StockObserver },
  now: Date = new Date(),
): Promise<number[]> {
  const expired = await expirePendingOrders(ctx.db, now, { catalog: ctx.catalog })
  await sendCancellationMails(ctx, expired, 'expired')
  return expired
}

/**
 * E-mails the shoppers of orders cancelled without their asking (`orderCancelledMail`), after their cancellation
 * committed; each failure is logged and the others are still sent. `from` is the state each order left (an expired
 * order was always unpaid).
 */
async function sendCancellationMails(
  ctx: OrderMailContext,
  orderIds: readonly number[],
  cause: CancellationCause,
  from: number = INITIAL_STATUS,
) {
  for (const orderId of orderIds) {
    await sendSafely(ctx.log, 'cancellation e-mail', orderId, async () => {
      const view = await getOrder(ctx.db, orderId)
      const person = await getPerson(ctx.db, view.order.personId)
      await ctx.mailer.send(
        orderCancelledMail(ctx.config.STORE_NAME, ctx.config.PUBLIC_URL, person, view, { cause, from }),
      )
    })
  }
}

/**
 * `admin/ordenes/{id}/estado`: moves the order to `to` (`transitionOrder`: 404 for an unknown
 * order, 409 `transicion_invalida`), telling the catalogue when stock moved, and e-mails the
 * shopper the new state, or, for a cancellation, "Tu orden N.º X fue cancelada" with its detail and, if it was paid,
 * that the store will give the money back (an e-mail that cannot be sent is logged and the change stays). Answers
 * the order as it is now.
 */
export async function changeOrderStatus(
  ctx: OrdersContext,
  orderId: number,
  to: OrderStatusId,
  {
    note,
    by,
    shipment,
  }: { note: string | null; by: number | undefined; shipment?: { carrier: string; trackingNumber: string } },
): Promise<OrderView> {
  const outcome = await transitionOrder(ctx.db, orderId, to, { note, catalog: ctx.catalog, by, shipment })
  ctx.log.info({ orderId, from: outcome.from, to: outcome.to, by }, 'order status changed')
  // A cancellation is told with what the order had and what happens to the money (`orderCancelledMail`).
  if (outcome.to === ORDER_STATUS.cancelled) {
    await sendCancellationMails(ctx, [orderId], 'store', outcome.from)
    return getOrder(ctx.db, orderId)
  }
  const view = await getOrder(ctx.db, orderId)
  await sendSafely(ctx.log, 'status change e-mail', orderId, async () => {
    const person = await getPerson(ctx.db, outcome.personId)
    const { STORE_NAME: store, PUBLIC_URL: url } = ctx.config
    if (outcome.to === ORDER_STATUS.onTheWay) {
      await ctx.mailer.send(orderShippedMail(store, url, person, view))
    } else if (outcome.to === ORDER_STATUS.delivered) {
      const deliveredAt = view.history.findLast((entry) => entry.statusId === ORDER_STATUS.delivered)?.at ?? new Date()
      await ctx.mailer.send(orderDeliveredMail(store, url, person, view, deliveredAt))
    } else {
      await ctx.mailer.send(statusChangeMail(store, url, person, orderId, outcome.to))
    }
  })
  return view
}

/**
 * `orden/{id}/Cancelar` (issue 35): the session's person cancels their own unpaid order (`cancelOrderByShopper`: 404
 * for someone else's, 409 naming why it cannot be), telling the catalogue its stock came back, and e-mails them
 * "Orden N.º X cancelada" (an e-mail that cannot be sent is logged and the cancellation stays). Answers the order
 * as it is now.
 */
export async function cancelOwnOrder(ctx: OrdersContext, orderId: number, personId: number): Promise<OrderView> {
  const outcome = await cancelOrderByShopper(ctx.db, orderId, personId, { catalog: ctx.catalog })
  ctx.log.info({ orderId, personId, from: outcome.from }, 'order cancelled by its shopper')
  const view = await getOrder(ctx.db, orderId)
  await sendSafely(ctx.log, 'cancellation e-mail', orderId, async () => {
    const person = await getPerson(ctx.db, personId)
    await ctx.mailer.send(
      shopperCancellationMail(ctx.config.STORE_NAME, ctx.config.PUBLIC_URL, person, view, {
        corporate: outcome.from === CORPORATE_INITIAL_STATUS,
      }),
    )
  })
  return view
}

/** Logged, never thrown: the order (or its change) is stored whatever happens to its e-mail. */
async function sendSafely(log: FastifyBaseLogger, what: string, orderId: number, send: () => Promise<void>) {
  try {
    await send()
  } catch (error) {
    log.error({ err: error, orderId }, `${what} not sent`)
  }
}

/** Rows of a raw statement: node-postgres and PGlite both answer `{ rows }`. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

export type { OrderLineRow, OrderRow, OrderView, StatusEntryRow } from './view'

async function loadOrders(db: Db, where: SQL | undefined, withHistory: boolean): Promise<OrderView[]> {
  const rows = await db.select().from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.id))
  if (rows.length === 0) return []
  const ids = rows.map((row) => row.id)
  const [lines, history, stores] = await Promise.all([
    db
      .select()
      .from(orderLines)
      .where(inArray(orderLines.orderId, ids))
      .orderBy(asc(orderLines.orderId), asc(orderLines.position)),
    withHistory
      ? db
          .select()
          .from(orderStatusHistory)
          .where(inArray(orderStatusHistory.orderId, ids))
          .orderBy(asc(orderStatusHistory.at), asc(orderStatusHistory.id))
      : Promise.resolve([]),
    getStoresByIds(
      db,
      rows.map((row) => row.storeId),
    ),
  ])
  const storeNames = new Map(stores.map((store) => [store.id, store.name]))
  return rows.map((order) => ({
    order,
    storeName: storeNames.get(order.storeId) ?? '',
    lines: lines.filter((line) => line.orderId === order.id),
    history: history.filter((entry) => entry.orderId === order.id),
  }))
}

/** One order with its lines and history; 404 when it does not exist. */
export async function getOrder(db: Db, orderId: number): Promise<OrderView> {
  const [view] = await loadOrders(db, eq(orders.id, orderId), true)
  if (!view) throw orderNotFound()
  return view
}

/** The person's orders, newest first (without their history). */
export function listOrdersOf(db: Db, personId: number): Promise<OrderView[]> {
  return loadOrders(db, eq(orders.personId, personId), false)
}
