import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/app'
import { auditEntries } from '../../../test/audit-log'
import { createProduct, createStore } from '../../../test/factories'
import { addAddress, placeOrder, productCounters } from '../../../test/orders'
import { loginAs, registerPerson, type TestSession } from '../../../test/session'

/**
 * Issue 35: shipping by destination. Zones by department and municipality with their cost and delivery days,
 * a free-shipping purchase, edited in the back office; the quote and the order are priced by the address's zone.
 */

interface Zone {
  id: number
  departamento: string
  municipio: string | null
  nombreMunicipio: string | null
  costo: number
  diasMin: number | null
  diasMax: number | null
  activa: boolean
}
interface ShippingAdmin {
  zonas: Zone[]
  envioGratisDesde: number | null
}

let t: TestApp
let admin: TestSession
let ana: TestSession
let beto: TestSession
let cream: { id: number }
const addresses: Record<'pasto' | 'ipiales' | 'bogota' | 'popayan', number> = {
  pasto: 0,
  ipiales: 0,
  bogota: 0,
  popayan: 0,
}
const db = () => t.database.db

const adminCall = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown, session = admin) =>
  t.app.inject({ method, url: `/swagger/api/admin/${path}`, headers: session.headers, payload: payload as object })
const get = (path: string, session?: TestSession) =>
  t.app.inject({ method: 'GET', url: `/swagger/api/${path}`, headers: session?.headers ?? {} })
const quote = (payload: Record<string, unknown>, session?: TestSession) =>
  t.app.inject({ method: 'POST', url: '/swagger/api/orden/Cotizar', headers: session?.headers ?? {}, payload })
const zoneFor = (zones: Zone[], municipio: string | null, departamento?: string) =>
  zones.find(
    (zone) => zone.municipio === municipio && (departamento === undefined || zone.departamento === departamento),
  )

beforeAll(async () => {
  t = await buildTestApp({ ADMIN_EMAIL: 'admin@piel.example', ADMIN_PASSWORD: 'Administra2024' })
  await createStore(db())
  admin = await loginAs(t.app, 'admin@piel.example', 'Administra2024')
  ana = await registerPerson(t.app, { nombres: 'Ana' })
  beto = await registerPerson(t.app, { nombres: 'Beto' })
  cream = await createProduct(db(), { price: 60_000, stock: 50 })
  addresses.pasto = await addAddress(t.app, ana, { departamento: '52', ciudad: '52001' })
  addresses.ipiales = await addAddress(t.app, ana, { departamento: '52', ciudad: '52356' })
  addresses.bogota = await addAddress(t.app, ana, { departamento: '11', ciudad: '11001' })
  addresses.popayan = await addAddress(t.app, ana, { departamento: '19', ciudad: '19001' })
})
afterAll(() => t?.close())

describe('the first start makes the zones from the configuration', () => {
  test("the spec's three departments, whole, at $ 5.000 with no estimate; the address form offers them, Nariño first", async () => {
    const coverage = await get('envios/Cobertura')
    expect(coverage.statusCode, coverage.body).toBe(200)
    expect(coverage.json()).toEqual({
      departamentos: [
        { codigo: '52', nombre: 'Nariño', todos: true, municipios: [] },
        { codigo: '19', nombre: 'Cauca', todos: true, municipios: [] },
        { codigo: '86', nombre: 'Putumayo', todos: true, municipios: [] },
      ],
      todoElPais: false,
      costoMinimo: 5000,
      costoMaximo: 5000,
      diasMin: null,
      diasMax: null,
      envioGratisDesde: null,
    })
    const departments = (await get('ciudades/DepartamentosDireccion')).json() as { id: string; porDefecto: boolean }[]
    expect(departments.map((d) => [d.id, d.porDefecto])).toEqual([
      ['52', true],
      ['19', false],
      ['86', false],
    ])
  })
})

describe('the back office edits the zones', () => {
  test('only an administrator sees or changes them', async () => {
    expect((await adminCall('GET', 'envios', undefined, ana)).statusCode).toBe(403)
    const payload = { departamento: '52', municipio: '52001', costo: 1, diasMin: 1, diasMax: 1 }
    expect((await adminCall('POST', 'envios/zonas', payload, ana)).statusCode).toBe(403)
    const anonymous = await t.app.inject({ method: 'GET', url: '/swagger/api/admin/envios' })
    expect(anonymous.statusCode).toBe(401)
  })

  test('a municipality of its own, a department changed, and a free-shipping purchase; each change recorded', async () => {
    const created = await adminCall('POST', 'envios/zonas', {
      departamento: '52',
      municipio: '52001',
      costo: 4000,
      diasMin: 1,
      diasMax: 2,
    })
    expect(created.statusCode, created.body).toBe(200)
    const pasto = zoneFor((created.json() as ShippingAdmin).zonas, '52001') as Zone
    expect(pasto).toMatchObject({ nombreMunicipio: 'Pasto', costo: 4000, diasMin: 1, diasMax: 2, activa: true })

    const narino = zoneFor((created.json() as ShippingAdmin).zonas, null, '52') as Zone
    const changed = await adminCall('PUT', `envios/zonas/${narino.id}`, {
      departamento: '52',
      municipio: null,
      costo: 8000,
      diasMin: 2,
      diasMax: 4,
    })
    expect(changed.statusCode, changed.body).toBe(200)
    expect(zoneFor((changed.json() as ShippingAdmin).zonas, null, '52')).toMatchObject({ costo: 8000, diasMax: 4 })

    const free = await adminCall('PUT', 'envios/ajustes', { envioGratisDesde: 150_000 })
    expect(free.statusCode, free.body).toBe(200)
    expect((free.json() as ShippingAdmin).envioGratisDesde).toBe(150_000)

    const audit = await auditEntries(db(), { entity: 'zona_envio', entityId: narino.id })
    const costOf = (value: unknown) => (value as { costo?: number } | null)?.costo
    expect(audit.map((entry) => [entry.action, costOf(entry.before), costOf(entry.after)])).toEqual([
      ['editar', 5000, 8000],
    ])
    expect(await auditEntries(db(), { entity: 'envio_gratis' })).toHaveLength(1)
  })

  test('bad zones are refused in Spanish, naming the field; nothing is stored', async () => {
    const bad = [
      [
        { departamento: '52', municipio: '19001', costo: 1000, diasMin: 1, diasMax: 2 },
        'El municipio no es de ese departamento.',
      ],
      [
        { departamento: '52', municipio: '52999', costo: 1000, diasMin: 1, diasMax: 2 },
        'El municipio no pertenece al departamento Nariño.',
      ],
      [{ departamento: '00', costo: 1000, diasMin: null, diasMax: null }, 'El departamento no existe.'],
      [
        { departamento: '52', municipio: '52356', costo: 1000, diasMin: 4, diasMax: 2 },
        'diasMax no puede ser menor que diasMin.',
      ],
      [
        { departamento: '52', municipio: '52356', costo: 1000, diasMin: 2, diasMax: null },
        'Escribe los dos días de entrega o ninguno.',
      ],
      [
        { departamento: '52', municipio: '52356', costo: -5, diasMin: null, diasMax: null },
        'costo no puede ser negativo',
      ],
      [
        { departamento: '52', municipio: '52356', costo: 'gratis', diasMin: null, diasMax: null },
        'costo debe ser un número entero de pesos',
      ],
    ] as const
    const before = ((await adminCall('GET', 'envios')).json() as ShippingAdmin).zonas.length
    for (const [payload, message] of bad) {
      const res = await adminCall('POST', 'envios/zonas', payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.body).toContain(message)
    }
    const repeated = await adminCall('POST', 'envios/zonas', {
      departamento: '52',
      municipio: '52001',
      costo: 1,
      diasMin: null,
      diasMax: null,
    })
    expect(repeated.statusCode).toBe(409)
    expect(repeated.json().mensaje).toBe('Ya hay una zona para ese lugar.')
    expect(((await adminCall('GET', 'envios')).json() as ShippingAdmin).zonas).toHaveLength(before)
    expect((await adminCall('PUT', 'envios/ajustes', { envioGratisDesde: 0 })).statusCode).toBe(400)
    expect(
      (await adminCall('PUT', 'envios/zonas/999999', { departamento: '52', costo: 1, diasMin: null, diasMax: null }))
        .statusCode,
    ).toBe(404)
  })
})

describe('the quote is priced by the address', () => {
  test('without an address, shipping is to be calculated: the total leaves it out and says the cheapest', async () => {
    const res = await quote({ productos: [{ idProducto: cream.id, cantidadComprada: 1 }] })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ subTotal: 60_000, totalEnvio: 0, total: 60_000 })
    expect(res.json().envio).toEqual({
      estado: 'por_calcular',
      lugar: null,
      costo: null,
      gratis: false,
      diasMin: null,
      diasMax: null,
      envioGratisDesde: 150_000,
      faltaParaGratis: 90_000,
      desde: 4000,
    })
  })

  test("Pasto's own zone, Ipiales by Nariño's, Popayán by Cauca's, Bogotá not delivered to", async () => {
    const of = async (addressId: number) => {
      const res = await quote(
        { productos: [{ idProducto: cream.id, cantidadComprada: 1 }], idDireccion: addressId },
        ana,
      )
      expect(res.statusCode, res.body).toBe(200)
      return res.json() as { totalEnvio: number; total: number; envio: Record<string, unknown> }
    }
    expect(await of(addresses.pasto)).toMatchObject({
      totalEnvio: 4000,
      total: 64_000,
      envio: { estado: 'calculado', lugar: 'Pasto (Nariño)', costo: 4000, diasMin: 1, diasMax: 2 },
    })
    expect(await of(addresses.ipiales)).toMatchObject({
      totalEnvio: 8000,
      envio: { estado: 'calculado', lugar: 'Ipiales (Nariño)', costo: 8000, diasMin: 2, diasMax: 4 },
    })
    expect(await of(addresses.popayan)).toMatchObject({ totalEnvio: 5000, envio: { costo: 5000, diasMin: null } })
    expect(await of(addresses.bogota)).toMatchObject({
      totalEnvio: 0,
      total: 60_000,
      envio: { estado: 'sin_cobertura', lugar: 'Bogotá, D.C. (Bogotá, D.C.)', costo: null },
    })
  })

  test('from the free-shipping purchase on, shipping is free', async () => {
    const res = await quote(
      { productos: [{ idProducto: cream.id, cantidadComprada: 3 }], idDireccion: addresses.ipiales },
      ana,
    )
    expect(res.json()).toMatchObject({ subTotal: 180_000, totalEnvio: 0, total: 180_000 })
    expect(res.json().envio).toMatchObject({ costo: 0, gratis: true, faltaParaGratis: null })
  })

  test("someone else's address is not theirs to quote; without a session an address cannot be asked for", async () => {
    const items = { productos: [{ idProducto: cream.id, cantidadComprada: 1 }], idDireccion: addresses.pasto }
    expect((await quote(items, beto)).statusCode).toBe(404)
    expect((await quote(items)).statusCode).toBe(401)
  })
})

describe('the order keeps its shipping', () => {
  test("an order to Ipiales pays Nariño's shipping and keeps its delivery days", async () => {
    const res = await placeOrder(t.app, ana, addresses.ipiales, [[cream.id, 1]])
    expect(res.statusCode, res.body).toBe(200)
    const order = await get(`orden/${res.json().idOrden}`, ana)
    expect(order.statusCode, order.body).toBe(200)
    expect(order.json()).toMatchObject({ totalEnvio: 8000, total: 68_000, diasEntregaMin: 2, diasEntregaMax: 4 })
  })

  test('an order to a place the shop does not deliver to is refused and takes no stock', async () => {
    const before = await productCounters(db(), cream.id)
    const res = await placeOrder(t.app, ana, addresses.bogota, [[cream.id, 1]])
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ codigo: 'sin_cobertura' })
    expect(res.json().mensaje).toContain('Aún no hacemos envíos a Bogotá, D.C. (Bogotá, D.C.).')
    expect(await productCounters(db(), cream.id)).toEqual(before)
  })

  test('a paused zone counts as absent: Pasto falls back to Nariño, and a paused department is not delivered to', async () => {
    const zones = ((await adminCall('GET', 'envios')).json() as ShippingAdmin).zonas
    const pasto = zoneFor(zones, '52001') as Zone
    const pause = { departamento: '52', municipio: '52001', costo: 4000, diasMin: 1, diasMax: 2, activa: false }
    expect((await adminCall('PUT', `envios/zonas/${pasto.id}`, pause)).statusCode).toBe(200)
    const res = await quote(
      { productos: [{ idProducto: cream.id, cantidadComprada: 1 }], idDireccion: addresses.pasto },
      ana,
    )
    expect(res.json().envio).toMatchObject({ costo: 8000, diasMax: 4 })

    const cauca = zoneFor(zones, null, '19') as Zone
    expect((await adminCall('DELETE', `envios/zonas/${cauca.id}`)).statusCode).toBe(200)
    const popayan = await placeOrder(t.app, ana, addresses.popayan, [[cream.id, 1]])
    expect(popayan.statusCode).toBe(409)
    const departments = (await get('ciudades/DepartamentosDireccion')).json() as { id: string }[]
    expect(departments.map((d) => d.id)).toEqual(['52', '86'])
  })

  test('a department delivered to in one municipality only offers that municipality', async () => {
    const res = await adminCall('POST', 'envios/zonas', {
      departamento: '05',
      municipio: '05001',
      costo: 15_000,
      diasMin: 3,
      diasMax: 5,
    })
    expect(res.statusCode, res.body).toBe(200)
    const cities = (await get('ciudades/GetCiudadesxDep?dept=05&conEnvio=true')).json() as {
      id: string
      nombre: string
    }[]
    expect(cities).toEqual([{ id: '05001', nombre: 'Medellín', idDepartamento: '05' }])
    expect(((await get('ciudades/GetCiudadesxDep?dept=05')).json() as unknown[]).length).toBeGreaterThan(100)
    const coverage = (await get('envios/Cobertura')).json()
    expect(coverage.departamentos).toContainEqual({
      codigo: '05',
      nombre: 'Antioquia',
      todos: false,
      municipios: ['05001'],
    })
  })
})
