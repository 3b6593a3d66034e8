import { ACCOUNT_MESSAGES, ADDRESS_MESSAGES } from '@piel/contracts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/app'
import { registerPerson, type TestSession } from '../../../test/session'
import { getAddressForPerson } from './index'

let t: TestApp
type Person = 'ana' | 'beto' | 'carla' | 'dora'
type Who = Person | 'anonymous'
const sessions = {} as Record<Person, TestSession>
const personIds = {} as Record<Person, number>

/** Real sessions: the cookies plus the X-CSRF-Token header state-changing calls need. */
const headersOf = (who: Who): Record<string, string> => (who === 'anonymous' ? {} : sessions[who].headers)

async function call(who: Who, method: 'GET' | 'POST', url: string, payload?: object) {
  const res = await t.app.inject({ method, url: `/swagger/api/${url}`, headers: headersOf(who), payload })
  return { status: res.statusCode, body: res.json() }
}

const address = (overrides: Record<string, unknown> = {}) => ({
  id: 0,
  Nomenclatura: 'Calle 18 # 27-45',
  Referencia: 'Edificio azul, apto 302',
  NombreRecibe: 'Ana Pérez',
  Telefono: '321 123 4567',
  esPrincipal: 'No',
  dateRegister: new Date().toISOString(),
  latitud: 1.2136,
  longitud: -77.2811,
  barrio: 'Centro',
  tipoIdRecibe: 'CC',
  numDocRecibe: '1085123456',
  departamento: '52',
  ciudad: '52001',
  ...overrides,
})

const add = (who: Who, overrides: Record<string, unknown> = {}) =>
  call(who, 'POST', 'DireccionPersona/AgregarDireccionPersona', address(overrides))
const list = async (who: Exclude<Who, 'anonymous'>) => {
  const { status, body } = await call(who, 'GET', `DireccionPersona/DireccionesAsociadas?id=${personIds[who]}`)
  expect(status).toBe(200)
  return body as { idDireccionPersona: number; nomenclatura: string; esPrincipal: 'Si' | 'No' }[]
}
const remove = (who: Who, addressId: number) =>
  call(who, 'POST', `direccionPersona/EliminarDireccionPersona?id=${addressId}`)
const mainIds = (rows: { idDireccionPersona: number; esPrincipal: string }[]) =>
  rows.filter((row) => row.esPrincipal === 'Si').map((row) => row.idDireccionPersona)

beforeAll(async () => {
  t = await buildTestApp()
  for (const who of ['ana', 'beto', 'carla', 'dora'] as const) {
    sessions[who] = await registerPerson(t.app)
    personIds[who] = sessions[who].person.id
  }
})
afterAll(() => t.close())

describe('POST DireccionPersona/AgregarDireccionPersona', () => {
  test('a valid address → 200 with its id, listed with the place names and the normalised mobile', async () => {
    const { status, body } = await add('dora')
    expect(status).toBe(200)
    expect(body).toEqual({ exito: true, mensaje: 'Dirección agregada exitosamente', id: expect.any(Number) })
    expect(await list('dora')).toEqual([
      {
        idDireccionPersona: body.id,
        referencia: 'Edificio azul, apto 302',
        nomenclatura: 'Calle 18 # 27-45',
        nombreRecibe: 'Ana Pérez',
        barrio: 'Centro',
        esPrincipal: 'Si',
        latitud: 1.2136,
        longitud: -77.2811,
        telefono: '3211234567',
        tipoIdentificacion: 'CC',
        numeroDocumento: '1085123456',
        countyId: '52001',
        stateId: '52',
        ciudadNombre: 'Pasto',
        departamentoNombre: 'Nariño',
      },
    ])
  })

  test('only the required fields (Referencia and the rest left out) → stored with nulls', async () => {
    const { status, body } = await call('dora', 'POST', 'DireccionPersona/AgregarDireccionPersona', {
      Nomenclatura: 'Carrera 7 # 12-30',
      NombreRecibe: 'Dora Prueba',
      Telefono: '+57 310 555 0101',
      departamento: '86',
      ciudad: '86001',
    })
    expect(status).toBe(200)
    const stored = (await list('dora')).find((row) => row.idDireccionPersona === body.id)
    expect(stored).toMatchObject({
      referencia: null,
      barrio: null,
      latitud: null,
      tipoIdentificacion: null,
      telefono: '3105550101',
      esPrincipal: 'No',
      ciudadNombre: 'Mocoa',
      departamentoNombre: 'Putumayo',
    })
  })

  test('missing Nomenclatura, NombreRecibe and Telefono → 400, each "Campo requerido", nothing stored', async () => {
    const before = await list('dora')
    const { Nomenclatura: _n, NombreRecibe: _r, Telefono: _t, ...rest } = address()
    const { status, body } = await call('dora', 'POST', 'DireccionPersona/AgregarDireccionPersona', rest)
    expect(status).toBe(400)
    expect(body.codigo).toBe('datos_invalidos')
    expect(body.campos).toEqual({
      Nomenclatura: ACCOUNT_MESSAGES.fieldRequired,
      NombreRecibe: ACCOUNT_MESSAGES.fieldRequired,
      Telefono: ACCOUNT_MESSAGES.fieldRequired,
    })
    expect(await list('dora')).toEqual(before)
  })

  test('blank Nomenclatura, NombreRecibe and Telefono → 400 "Campo requerido" for each', async () => {
    const { status, body } = await add('dora', { Nomenclatura: '   ', NombreRecibe: '', Telefono: ' ' })
    expect(status).toBe(400)
    expect(body.campos).toEqual({
      Nomenclatura: 'Campo requerido',
      NombreRecibe: 'Campo requerido',
      Telefono: 'Campo requerido',
    })
  })

  test.each(['12345', '6017654321', '32112345678', 'tres dos uno'])(
    'Telefono %j → 400 invalid mobile',
    async (phone) => {
      const { status, body } = await add('dora', { Telefono: phone })
      expect(status).toBe(400)
      expect(body.campos).toEqual({ Telefono: ACCOUNT_MESSAGES.invalidMobile })
    },
  )

  test('a municipality of another department (Popayán in Nariño) → 400 naming ciudad, nothing stored', async () => {
    const before = await list('dora')
    const { status, body } = await add('dora', { departamento: '52', ciudad: '19001' })
    expect(status).toBe(400)
    expect(body).toEqual({
      mensaje: 'El municipio no pertenece al departamento Nariño.',
      codigo: 'datos_invalidos',
      campos: { ciudad: 'El municipio no pertenece al departamento Nariño.' },
    })
    expect(await list('dora')).toEqual(before)
  })

  test('a receiver’s cédula with letters («12ab», issue 35) → 400 naming numDocRecibe, nothing stored', async () => {
    const before = await list('dora')
    const { status, body } = await add('dora', { tipoIdRecibe: 'CC', numDocRecibe: '12ab' })
    expect(status).toBe(400)
    expect(body.codigo).toBe('datos_invalidos')
    expect(body.campos).toEqual({ numDocRecibe: 'La cédula solo lleva números (sin puntos ni letras)' })
    expect(await list('dora')).toEqual(before)
  })

  test.each([
    [{ ciudad: '52999' }, 'ciudad'],
    [{ departamento: '98', ciudad: '98001' }, 'departamento'],
    [{ ciudad: '5200' }, 'ciudad'],
    [{ departamento: 'NA' }, 'departamento'],
    [{ ciudad: undefined }, 'ciudad'],
    [{ tipoIdRecibe: 'XX' }, 'tipoIdRecibe'],
  ])('%j → 400 naming %s', async (overrides, field) => {
    const { status, body } = await add('dora', overrides)
    expect(status).toBe(400)
    expect(Object.keys(body.campos)).toContain(field)
  })
})

describe('main address', () => {
  test('the first address is main even when sent as "No"; a later "No" is not; a later "Si" is the only main', async () => {
    const first = (await add('ana', { Nomenclatura: 'Primera', esPrincipal: 'No' })).body.id
    const second = (await add('ana', { Nomenclatura: 'Segunda', esPrincipal: 'No' })).body.id
    expect(mainIds(await list('ana'))).toEqual([first])
    const third = (await add('ana', { Nomenclatura: 'Tercera', esPrincipal: 'Si' })).body.id
    const rows = await list('ana')
    expect(mainIds(rows)).toEqual([third])
    // Main first, then the newest.
    expect(rows.map((row) => row.idDireccionPersona)).toEqual([third, second, first])
  })

  test('deleting an address that is not main keeps the main one', async () => {
    const [main, newest] = await list('ana')
    if (!main || !newest) throw new Error('expected addresses of ana')
    expect(await remove('ana', newest.idDireccionPersona)).toEqual({
      status: 200,
      body: { exito: true, mensaje: 'Dirección eliminada' },
    })
    const rows = await list('ana')
    expect(rows.map((row) => row.idDireccionPersona)).not.toContain(newest.idDireccionPersona)
    expect(mainIds(rows)).toEqual([main.idDireccionPersona])
  })

  test('deleting the main address makes the newest remaining one main', async () => {
    const older = (await add('beto', { Nomenclatura: 'Vieja' })).body.id
    const newer = (await add('beto', { Nomenclatura: 'Nueva' })).body.id
    const main = (await add('beto', { Nomenclatura: 'Principal', esPrincipal: 'Si' })).body.id
    expect((await remove('beto', main)).status).toBe(200)
    const rows = await list('beto')
    expect(mainIds(rows)).toEqual([newer])
    expect(rows.map((row) => row.idDireccionPersona)).toEqual([newer, older])
    for (const row of rows) expect((await remove('beto', row.idDireccionPersona)).status).toBe(200)
    expect(await list('beto')).toEqual([])
  })

  test('several "Si" addresses sent at once → exactly one main', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, index) => add('carla', { Nomenclatura: `Simultánea ${index}`, esPrincipal: 'Si' })),
    )
    expect(results.map((result) => result.status)).toEqual(Array(6).fill(200))
    expect(mainIds(await list('carla'))).toHaveLength(1)
    for (const row of await list('carla')) await remove('carla', row.idDireccionPersona)
  })
})

describe('limit of 20 addresses', () => {
  test('the 21st address → 400 "Solo puedes guardar 20 direcciones." and 20 stay', async () => {
    for (let index = 0; index < 20; index++) {
      expect((await add('carla', { Nomenclatura: `Calle ${index}` })).status).toBe(200)
    }
    const { status, body } = await add('carla', { Nomenclatura: 'Una más', esPrincipal: 'Si' })
    expect(status).toBe(400)
    expect(body.mensaje).toBe('Solo puedes guardar 20 direcciones.')
    expect(body.mensaje).toBe(ADDRESS_MESSAGES.limit)
    const rows = await list('carla')
    expect(rows).toHaveLength(20)
    expect(rows.map((row) => row.nomenclatura)).not.toContain('Una más')
    expect(mainIds(rows)).toHaveLength(1)
  })

  test('with 18 stored, five sent at once → two stored, three refused', async () => {
    const rows = await list('carla')
    for (const row of rows.slice(0, 2)) await remove('carla', row.idDireccionPersona)
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, index) => add('carla', { Nomenclatura: `R${index}` })),
    )
    expect(results.filter((result) => result.status === 200)).toHaveLength(2)
    expect(results.filter((result) => result.status === 400)).toHaveLength(3)
    expect(await list('carla')).toHaveLength(20)
  })
})

describe('EliminarDireccionPersona', () => {
  test('an id that does not exist → 404 with a Spanish message', async () => {
    expect(await remove('ana', 999_999)).toEqual({
      status: 404,
      body: { mensaje: 'La dirección no existe.', codigo: 'no_encontrado' },
    })
  })

  test.each(['abc', '0', ''])('id=%j → 400', async (id) => {
    const { status } = await call('ana', 'POST', `direccionPersona/EliminarDireccionPersona?id=${id}`)
    expect(status).toBe(400)
  })
})

describe('getAddressForPerson (for the orders domain)', () => {
  test('an address of the person → it, with the place names', async () => {
    const id = (await add('dora', { departamento: '19', ciudad: '19001' })).body.id
    const found = await getAddressForPerson(t.database.db, personIds.dora, id)
    expect(found).toMatchObject({
      id,
      personId: personIds.dora,
      departmentCode: '19',
      municipalityCode: '19001',
      departmentName: 'Cauca',
      municipalityName: 'Popayán',
      phone: '3211234567',
    })
  })

  test('an address of another person or none → 404', async () => {
    const id = (await add('dora')).body.id
    await expect(getAddressForPerson(t.database.db, personIds.ana, id)).rejects.toMatchObject({ status: 404 })
    await expect(getAddressForPerson(t.database.db, personIds.dora, 999_999)).rejects.toMatchObject({ status: 404 })
  })
})

describe('security: only the owner reads and changes their addresses', () => {
  test('ana, beto and an anonymous client call every endpoint with both ids; only the owner succeeds', async () => {
    const anaAddress = (await add('ana', { Nomenclatura: 'De Ana' })).body.id
    const betoAddress = (await add('beto', { Nomenclatura: 'De Beto' })).body.id
    const anaBefore = await list('ana')
    const betoBefore = await list('beto')
    const snapshot = async () => [await list('ana'), await list('beto')]

    for (const [who, own, other] of [
      ['ana', 'ana', 'beto'],
      ['beto', 'beto', 'ana'],
    ] as const) {
      // Someone else's person id, in every field that carries one.
      expect((await add(who, { idPersona: personIds[other] })).status).toBe(403)
      expect((await add(who, { userId: String(personIds[other]) })).status).toBe(403)
      expect((await add(who, { idPersona: personIds[own], userId: String(personIds[other]) })).status).toBe(403)
      expect((await call(who, 'GET', `DireccionPersona/DireccionesAsociadas?id=${personIds[other]}`)).status).toBe(403)
      // Someone else's address id: not found, and still there.
      const otherAddress = other === 'ana' ? anaAddress : betoAddress
      expect((await remove(who, otherAddress)).status).toBe(404)
    }
    expect(await snapshot()).toEqual([anaBefore, betoBefore])

    for (const id of [personIds.ana, personIds.beto]) {
      expect(
        (await call('anonymous', 'POST', 'DireccionPersona/AgregarDireccionPersona', address({ idPersona: id })))
          .status,
      ).toBe(401)
      expect((await call('anonymous', 'GET', `DireccionPersona/DireccionesAsociadas?id=${id}`)).status).toBe(401)
    }
    expect((await call('anonymous', 'POST', 'DireccionPersona/AgregarDireccionPersona', {})).status).toBe(401)
    expect((await call('anonymous', 'GET', 'DireccionPersona/DireccionesAsociadas')).body).toEqual({
      mensaje: 'Debes iniciar sesión para realizar esta acción.',
      codigo: 'no_autenticado',
    })
    for (const id of [anaAddress, betoAddress]) expect((await remove('anonymous', id)).status).toBe(401)
    expect(await snapshot()).toEqual([anaBefore, betoBefore])

    // A session without its CSRF header cannot change anything.
    const cookieOnly = { cookie: sessions.ana.cookie }
    for (const url of [
      'DireccionPersona/AgregarDireccionPersona',
      `direccionPersona/EliminarDireccionPersona?id=${anaAddress}`,
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/swagger/api/${url}`,
        headers: cookieOnly,
        payload: address(),
      })
      expect(res.statusCode).toBe(403)
      expect(res.json().codigo).toBe('csrf_invalido')
    }
    expect(await snapshot()).toEqual([anaBefore, betoBefore])

    // The owners, with their own ids (or none): allowed.
    const added = await add('ana', { idPersona: personIds.ana, userId: String(personIds.ana) })
    expect(added.status).toBe(200)
    expect((await call('ana', 'GET', 'DireccionPersona/DireccionesAsociadas')).body).toHaveLength(anaBefore.length + 1)
    expect((await remove('ana', added.body.id)).status).toBe(200)
    expect((await remove('beto', betoAddress)).status).toBe(200)
    expect((await remove('ana', anaAddress)).status).toBe(200)
    expect((await list('beto')).map((row) => row.idDireccionPersona)).not.toContain(betoAddress)
  })
})
