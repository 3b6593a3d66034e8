import { FavoriteSchema } from '@piel/contracts'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { z } from 'zod'
import { buildTestApp, type TestApp } from '../../../test/app'
import { createProduct, createStore } from '../../../test/factories'
import { registerPerson, type TestSession } from '../../../test/session'
import { setCorporateAuthorization } from '../accounts'

let t: TestApp
type Person = 'ana' | 'beto' | 'corp'
type Who = Person | 'anonymous'
const sessions = {} as Record<Person, TestSession>
const ids: Record<string, number> = {}

const headersOf = (who: Who): Record<string, string> => (who === 'anonymous' ? {} : sessions[who].headers)
const personId = (who: Person) => sessions[who].person.id

async function call(who: Who, method: 'GET' | 'POST', url: string) {
  const res = await t.app.inject({ method, url: `/swagger/api/${url}`, headers: headersOf(who) })
  return { status: res.statusCode, body: res.json() }
}
const add = (who: Who, productId: number | string, idPersona: number | string = personId(who as Person)) =>
  call(who, 'POST', `persona/AgregarProductoFavorito?IdPersona=${idPersona}&IdProducto=${productId}`)
const remove = (who: Who, productId: number | string, idPersona: number | string = personId(who as Person)) =>
  call(who, 'POST', `persona/EliminarProductoFavorito?IdPersona=${idPersona}&IdProducto=${productId}`)
async function list(who: Person) {
  const { status, body } = await call(who, 'GET', `persona/GetFavoriteProducts?IdPersona=${personId(who)}`)
  expect(status).toBe(200)
  return z.array(FavoriteSchema).parse(body)
}
const idsOf = (favorites: { id: number }[]) => favorites.map((favorite) => favorite.id)

beforeAll(async () => {
  t = await buildTestApp()
  const db = t.database.db
  await createStore(db)
  ids.cream = (
    await createProduct(db, {
      name: 'Crema Hidratante CeraVe 454 g',
      detail: 'Hidratante con ceramidas.',
      price: 89_900,
      discount: 10,
      corporatePrice: 79_900,
      corporateDiscount: 5,
      comments: [
        { author: 'Laura M.', date: '2026-08-14', text: 'Muy buena.', rating: 5 },
        { author: 'Andrés P.', date: '2026-09-01', text: 'Buena.', rating: 4 },
      ],
    })
  ).id
  ids.sunscreen = (await createProduct(db, { name: 'Anthelios FPS 50+', price: 119_900, corporatePrice: 104_900 })).id
  ids.serum = (await createProduct(db, { name: 'Sérum Niacinamida', price: 99_900, images: 0 })).id
  ids.retired = (await createProduct(db, { name: 'Producto retirado', active: false })).id
  ids.later = (await createProduct(db, { name: 'Se retira después' })).id
  sessions.ana = await registerPerson(t.app)
  sessions.beto = await registerPerson(t.app)
  sessions.corp = await registerPerson(t.app, { clienteCorp: true, nit: '900123456' })
  await setCorporateAuthorization(db, sessions.corp.email, true)
})
afterAll(() => t.close())

describe('POST persona/AgregarProductoFavorito', () => {
  test('an active product → 200 "Agregado a favoritos", then listed with the Favourite fields, its old price and the average of its comments', async () => {
    expect(await add('ana', ids.cream as number)).toEqual({
      status: 200,
      body: { exito: true, mensaje: 'Agregado a favoritos' },
    })
    expect(await list('ana')).toEqual([
      {
        id: ids.cream,
        descripcion: 'Crema Hidratante CeraVe 454 g',
        valorMoneda: '$ 89.900',
        valorAnterior: 98_890,
        valorAnteriorMoneda: '$ 98.890',
        descuento: 10,
        detalle: 'Hidratante con ceramidas.',
        calificacion: 4.5,
        fotoPrincipal: `/media/prueba-${ids.cream}-0.webp`,
      },
    ])
  })

  test('adding it again → 200 and still one favourite (idempotent)', async () => {
    expect((await add('ana', ids.cream as number)).status).toBe(200)
    expect(idsOf(await list('ana'))).toEqual([ids.cream])
  })

  test('without IdPersona the session decides', async () => {
    const { status } = await call('ana', 'POST', `persona/AgregarProductoFavorito?IdProducto=${ids.sunscreen}`)
    expect(status).toBe(200)
    expect(idsOf(await list('ana'))).toEqual([ids.sunscreen, ids.cream])
  })

  test('a product without comments has no stars, and without a discount no old price', async () => {
    const [sunscreen] = await list('ana')
    expect(sunscreen).toMatchObject({
      id: ids.sunscreen,
      calificacion: 0,
      descuento: 0,
      valorAnterior: null,
      valorAnteriorMoneda: null,
    })
  })

  test.each([
    ['unknown', 999_999],
    ['inactive', 'retired'],
  ])('an %s product → 404 with a Spanish message, nothing stored', async (_kind, product) => {
    const before = await list('ana')
    const productId = typeof product === 'number' ? product : (ids[product] as number)
    expect(await add('ana', productId)).toEqual({
      status: 404,
      body: { mensaje: 'El producto no existe o ya no está disponible.', codigo: 'no_encontrado' },
    })
    expect(await list('ana')).toEqual(before)
  })

  test.each(['abc', '0', '-3', ''])('IdProducto=%j → 400', async (productId) => {
    const { status, body } = await add('ana', productId)
    expect(status).toBe(400)
    expect(body.codigo).toBe('datos_invalidos')
  })

  test('no IdProducto → 400 naming it', async () => {
    const { status, body } = await call('ana', 'POST', `persona/AgregarProductoFavorito?IdPersona=${personId('ana')}`)
    expect(status).toBe(400)
    expect(Object.keys(body.campos)).toContain('IdProducto')
  })
})

describe('GET persona/GetFavoriteProducts', () => {
  test('newest first; a product without picture shows the placeholder', async () => {
    await add('beto', ids.sunscreen as number)
    await add('beto', ids.serum as number)
    const favorites = await list('beto')
    expect(idsOf(favorites)).toEqual([ids.serum, ids.sunscreen])
    expect(favorites[0]?.fotoPrincipal).toBe('/producto-sin-imagen.svg')
  })

  test('an authorised corporate client sees the corporate price and discount', async () => {
    await add('corp', ids.cream as number)
    expect(await list('corp')).toEqual([
      expect.objectContaining({
        id: ids.cream,
        valorMoneda: '$ 79.900',
        valorAnterior: 83_895,
        valorAnteriorMoneda: '$ 83.895',
        descuento: 5,
      }),
    ])
  })

  test('a product the shop retires leaves the list (and the favourite is kept for when it returns)', async () => {
    await add('corp', ids.later as number)
    expect(idsOf(await list('corp'))).toEqual([ids.later, ids.cream])
    // Plain SQL: the catalogue's tables are not this domain's to import.
    await t.database.db.execute(sql`update products set active = false where id = ${ids.later}`)
    expect(idsOf(await list('corp'))).toEqual([ids.cream])
  })

  test('IdPersona=abc → 400', async () => {
    expect((await call('ana', 'GET', 'persona/GetFavoriteProducts?IdPersona=abc')).status).toBe(400)
  })
})

describe('POST persona/EliminarProductoFavorito', () => {
  test('a favourite → 200 "Eliminado" and gone; again → still 200 (idempotent)', async () => {
    const before = idsOf(await list('beto'))
    expect(await remove('beto', ids.serum as number)).toEqual({
      status: 200,
      body: { exito: true, mensaje: 'Eliminado' },
    })
    expect(idsOf(await list('beto'))).toEqual(before.filter((id) => id !== ids.serum))
    expect(await remove('beto', ids.serum as number)).toEqual({
      status: 200,
      body: { exito: true, mensaje: 'Eliminado' },
    })
  })

  test('a product that was never a favourite, or does not exist → 200', async () => {
    expect((await remove('beto', ids.cream as number)).status).toBe(200)
    expect((await remove('beto', 999_999)).status).toBe(200)
  })
})

describe('security: only the owner reads and changes their favourites', () => {
  test('ana, beto and an anonymous client call every endpoint with both ids; only the owner succeeds', async () => {
    const anaBefore = await list('ana')
    const betoBefore = await list('beto')
    expect(anaBefore.length).toBeGreaterThan(0)
    expect(betoBefore.length).toBeGreaterThan(0)
    const snapshot = async () => [await list('ana'), await list('beto')]

    for (const [who, other] of [
      ['ana', 'beto'],
      ['beto', 'ana'],
    ] as const) {
      const otherId = personId(other)
      expect((await add(who, ids.serum as number, otherId)).status).toBe(403)
      expect((await remove(who, idsOf(await list(other))[0] as number, otherId)).status).toBe(403)
      expect((await call(who, 'GET', `persona/GetFavoriteProducts?IdPersona=${otherId}`)).status).toBe(403)
      expect((await call(who, 'GET', `persona/GetFavoriteProducts?IdPersona=${otherId}`)).body).toEqual({
        mensaje: 'No tiene permiso para ver o cambiar datos de otra persona.',
        codigo: 'prohibido',
      })
    }
    expect(await snapshot()).toEqual([anaBefore, betoBefore])

    for (const owner of ['ana', 'beto'] as const) {
      const id = personId(owner)
      expect((await add('anonymous', ids.serum as number, id)).status).toBe(401)
      expect((await remove('anonymous', idsOf(await list(owner))[0] as number, id)).status).toBe(401)
      const listed = await call('anonymous', 'GET', `persona/GetFavoriteProducts?IdPersona=${id}`)
      expect(listed).toEqual({
        status: 401,
        body: { mensaje: 'Debes iniciar sesión para realizar esta acción.', codigo: 'no_autenticado' },
      })
    }
    // Anonymous without ids, and with nonsense: still 401, never a hint about the input.
    expect((await call('anonymous', 'GET', 'persona/GetFavoriteProducts')).status).toBe(401)
    expect((await call('anonymous', 'POST', 'persona/AgregarProductoFavorito?IdProducto=abc')).status).toBe(401)
    expect(await snapshot()).toEqual([anaBefore, betoBefore])

    // A session without its CSRF header cannot change anything.
    const res = await t.app.inject({
      method: 'POST',
      url: `/swagger/api/persona/EliminarProductoFavorito?IdPersona=${personId('ana')}&IdProducto=${anaBefore[0]?.id}`,
      headers: { cookie: sessions.ana.cookie },
    })
    expect(res.statusCode).toBe(403)
    expect(res.json().codigo).toBe('csrf_invalido')
    expect(await snapshot()).toEqual([anaBefore, betoBefore])

    // The owners themselves: allowed.
    expect((await add('beto', ids.cream as number)).status).toBe(200)
    expect((await remove('ana', anaBefore[0]?.id as number)).status).toBe(200)
    expect(idsOf(await list('beto'))).toEqual([ids.cream, ...idsOf(betoBefore)])
    expect(idsOf(await list('ana'))).toEqual(idsOf(anaBefore).slice(1))
  })
})
