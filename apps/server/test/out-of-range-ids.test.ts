import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { makeAdmin } from '../src/domains/accounts'
import { buildTestApp, type TestApp } from './app'
import { createStore } from './factories'
import { addAddress } from './orders'
import { registerPerson, type TestSession } from './session'

/**
 * An id larger than the database's `integer` columns hold (2,147,483,647) is bad input: a 400
 * naming the field, never a 500 from the database's "out of range".
 */
let t: TestApp
let admin: TestSession
let address: number
const HUGE = 99_999_999_999

beforeAll(async () => {
  t = await buildTestApp()
  await createStore(t.database.db)
  admin = await registerPerson(t.app)
  await makeAdmin(t.database.db, admin.email)
  address = await addAddress(t.app, admin)
})
afterAll(() => t.close())

describe('an id beyond the integer range → 400 naming the field', () => {
  test.each([
    ['POST', 'orden/Cotizar', { productos: [{ idProducto: HUGE, cantidadComprada: 1 }] }, 'productos.0.idProducto'],
    [
      'POST',
      'orden/CrearOrden',
      { idDireccion: HUGE, productos: [{ idProducto: 1, cantidadComprada: 1 }] },
      'idDireccion',
    ],
    [
      'POST',
      'orden/CrearOrden',
      { idDireccion: 0, productos: [{ idProducto: HUGE, cantidadComprada: 1 }] },
      'productos.0.idProducto',
    ],
    ['GET', `orden/${HUGE}`, undefined, 'id'],
    ['POST', `admin/ordenes/${HUGE}/estado`, { idEstado: 2 }, 'id'],
    ['POST', `persona/AgregarProductoFavorito?IdProducto=${HUGE}`, undefined, 'IdProducto'],
    ['POST', `persona/EliminarProductoFavorito?IdProducto=${HUGE}`, undefined, 'IdProducto'],
    ['POST', `direccionPersona/EliminarDireccionPersona?id=${HUGE}`, undefined, 'id'],
    ['POST', 'Producto/GetBySpecificFilters', { IdTienda: HUGE }, 'IdTienda'],
    ['POST', 'Producto/GetBySpecificFilters', { categorias: [HUGE] }, 'categorias.0'],
    ['POST', 'Producto/GetBySpecificFilters', { subcategorias: [HUGE] }, 'subcategorias.0'],
    ['POST', 'Producto/GetBySpecificFiltersStore', { IdTienda: HUGE }, 'IdTienda'],
    ['GET', `Producto/DetailProduct?id=${HUGE}`, undefined, 'id'],
    ['GET', `Producto/GetProductReview?IdProducto=${HUGE}`, undefined, 'IdProducto'],
  ] as const)('%s %s', async (method, url, payload, field) => {
    const body =
      payload && 'idDireccion' in payload && payload.idDireccion === 0 ? { ...payload, idDireccion: address } : payload
    const res = await t.app.inject({ method, url: `/swagger/api/${url}`, headers: admin.headers, payload: body })
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json()).toMatchObject({
      codigo: 'datos_invalidos',
      campos: { [field]: expect.stringMatching(/demasiado grande/) },
    })
  })
})
