import { eq } from 'drizzle-orm'
import type { App } from '../src/app'
import type { Db } from '../src/db'
import { products } from '../src/domains/catalog/tables'
import { expirePendingOrders } from '../src/domains/orders'
import { orders } from '../src/domains/orders/tables'
import type { TestSession } from './session'

type Injectable = Pick<App, 'inject'>

/** Saves a delivery address for the session's person (through the API) and returns its id. */
export async function addAddress(
  app: Injectable,
  session: TestSession,
  overrides: Record<string, unknown> = {},
): Promise<number> {
  const res = await app.inject({
    method: 'POST',
    url: '/swagger/api/DireccionPersona/AgregarDireccionPersona',
    headers: session.headers,
    payload: {
      Nomenclatura: 'Calle 18 # 27-45',
      Referencia: 'Edificio azul, apto 302',
      NombreRecibe: 'Ana Pérez',
      Telefono: '3211234567',
      barrio: 'Centro',
      departamento: '52',
      ciudad: '52001',
      ...overrides,
    },
  })
  if (res.statusCode !== 200) throw new Error(`address not saved: ${res.statusCode} ${res.body}`)
  return (res.json() as { id: number }).id
}

/** `POST orden/CrearOrden` for the session with `[productId, quantity]` pairs. */
export function placeOrder(
  app: Injectable,
  session: TestSession | null,
  addressId: number,
  lines: [number, number][],
  extra: Record<string, unknown> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/swagger/api/orden/CrearOrden',
    headers: session?.headers ?? {},
    payload: {
      idDireccion: addressId,
      productos: lines.map(([idProducto, cantidadComprada]) => ({ idProducto, cantidadComprada })),
      ...extra,
    },
  })
}

/** A product's stock and units sold, read straight from the catalogue's table (for assertions). */
export async function productCounters(db: Db, productId: number) {
  const [row] = await db
    .select({ stock: products.stock, unitsSold: products.unitsSold })
    .from(products)
    .where(eq(products.id, productId))
  return row
}

/** Changes a product behind the catalogue's back (a price rise, a new name) for snapshot tests. */
export async function updateProduct(db: Db, productId: number, values: Partial<typeof products.$inferInsert>) {
  await db.update(products).set(values).where(eq(products.id, productId))
}

/** Moves an order's reservation deadline (a reservation that ends while a payment is pending). */
export async function setOrderExpiry(db: Db, orderId: number, expiresAt: Date) {
  await db.update(orders).set({ expiresAt }).where(eq(orders.id, orderId))
}

/** Runs the expiry sweep once, as at `now`: unpaid orders whose reservation ended are cancelled, their units back. */
export const expireOrders = (db: Db, now: Date = new Date()) => expirePendingOrders(db, now)

/** What the back office types when it sends an order ("En camino"): the carrier and its tracking number (issue 35). */
export const SHIPMENT = { transportadora: 'Servientrega', numeroGuia: '2100456789' } as const
