import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { RegisterSchema } from '@piel/contracts'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/app'
import { auditEntries } from '../../../test/audit-log'
import { loginAs, registerPerson, registrationBody, type TestSession } from '../../../test/session'
import { runAdminCli } from '../../admin-cli'
import { buildApp } from '../../app'
import { openDatabase } from '../../db'
import { lockDataDir } from '../../shared/data-dir-lock'
import { registerPerson as storePerson } from './service'
import { persons } from './tables'

const ADMIN = { ADMIN_EMAIL: 'Admin@Piel.Example', ADMIN_PASSWORD: 'Administra2024' }

let t: TestApp
let admin: TestSession
beforeAll(async () => {
  t = await buildTestApp(ADMIN)
  admin = await loginAs(t.app, 'admin@piel.example', ADMIN.ADMIN_PASSWORD)
})
afterAll(() => t.close())

const url = (path: string) => `/swagger/api/${path}`
const personsWithEmail = (email: string) =>
  t.database.db.select().from(persons).where(sql`lower(${persons.email}) = ${email.toLowerCase()}`)

describe('the administrator of ADMIN_EMAIL / ADMIN_PASSWORD', () => {
  test('is created at start-up and logs in as admin', async () => {
    expect(admin.person).toMatchObject({ email: 'admin@piel.example', esAdmin: true, temporal: 'No' })
  })

  test('starting again is idempotent: one person, still admin, password unchanged', async () => {
    const again = await buildApp({ config: t.config, database: t.database })
    await again.close()
    const rows = await personsWithEmail(ADMIN.ADMIN_EMAIL)
    expect(rows).toHaveLength(1)
    expect(rows[0]?.isAdmin).toBe(true)
    expect((await loginAs(t.app, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD)).person.esAdmin).toBe(true)
  })

  test('an existing person with that e-mail is marked admin and keeps their password', async () => {
    const carla = await registerPerson(t.app)
    const config = { ...t.config, ADMIN_EMAIL: carla.email, ADMIN_PASSWORD: 'OtraClave99' }
    const app = await buildApp({ config, database: t.database })
    await app.close()
    const relogged = await loginAs(t.app, carla.email, carla.password)
    expect(relogged.person.esAdmin).toBe(true)
    expect((await personsWithEmail(carla.email))[0]?.isAdmin).toBe(true)
  })
})

describe('POST admin/clientes-corporativos/autorizar and revocar', () => {
  const authorize = (action: 'autorizar' | 'revocar', email: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: url(`admin/clientes-corporativos/${action}`), payload: { email }, headers })

  test('anonymous → 401, a customer → 403, nothing changes', async () => {
    const corp = await registerPerson(t.app, { clienteCorp: true, nit: '900111222-3' })
    expect((await authorize('autorizar', corp.email)).statusCode).toBe(401)
    const res = await authorize('autorizar', corp.email, corp.headers)
    expect(res.statusCode).toBe(403)
    expect(res.json()).toEqual({
      codigo: 'prohibido',
      mensaje: 'Esta acción es solo para administradores de la tienda.',
    })
    expect((await personsWithEmail(corp.email))[0]?.isAuthorizedCorporate).toBe(false)
  })

  test('an admin authorises a corporate client, then revokes it; the session sees it on its next request', async () => {
    const corp = await registerPerson(t.app, { clienteCorp: true, nit: '900111222-3' })
    const res = await authorize('autorizar', corp.email.toUpperCase(), admin.headers)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      exito: true,
      mensaje: 'Cliente corporativo autorizado: verá los precios corporativos.',
      persona: { id: corp.person.id, clienteCorp: true, autorizadoClienteCorp: true },
    })
    const me = await t.app.inject({ method: 'GET', url: url('persona/Sesion'), headers: { cookie: corp.cookie } })
    expect(me.json().persona.autorizadoClienteCorp).toBe(true)

    const revoked = await authorize('revocar', corp.email, admin.headers)
    expect(revoked.json().persona.autorizadoClienteCorp).toBe(false)
    expect((await personsWithEmail(corp.email))[0]?.isAuthorizedCorporate).toBe(false)
  })

  test('an unknown e-mail → 404; a person who did not ask for corporate status → 400', async () => {
    const missing = await authorize('autorizar', 'nadie@ejemplo.com', admin.headers)
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({ codigo: 'no_encontrado', mensaje: 'No existe una persona con ese correo.' })

    const ordinary = await registerPerson(t.app)
    for (const action of ['autorizar', 'revocar'] as const) {
      const res = await authorize(action, ordinary.email, admin.headers)
      expect(res.statusCode).toBe(400)
      expect(res.json().codigo).toBe('no_es_cliente_corporativo')
    }
  })

  test('the admin calls need the CSRF header like any other write', async () => {
    const corp = await registerPerson(t.app, { clienteCorp: true, nit: '900111222-3' })
    const res = await authorize('autorizar', corp.email, { cookie: admin.cookie })
    expect(res.statusCode).toBe(403)
    expect(res.json().codigo).toBe('csrf_invalido')
  })
})

describe('GET admin/clientes-corporativos', () => {
  const list = (query: string, headers: Record<string, string> = admin.headers) =>
    t.app.inject({ method: 'GET', url: url(`admin/clientes-corporativos${query}`), headers })
  const authorize = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: url('admin/clientes-corporativos/autorizar'),
      payload: { email },
      headers: admin.headers,
    })

  test('the requests wait the oldest first; once authorised a client moves to the authorised list; shoppers are not listed', async () => {
    const tag = `lista${Date.now()}`
    const first = await registerPerson(t.app, {
      clienteCorp: true,
      nit: `900${Date.now() % 1000000}-1`,
      nombres: `Primera ${tag}`,
    })
    const second = await registerPerson(t.app, { clienteCorp: true, nit: '900222333-4', nombres: `Segunda ${tag}` })
    await registerPerson(t.app, { nombres: `Comprador ${tag}` })

    const pending = (await list(`?buscar=${tag}`)).json()
    expect(pending).toMatchObject({ total: 2, pagina: 1, tamanio: 20, hayMas: false })
    expect(pending.clientes.map((c: { email: string }) => c.email)).toEqual([first.email, second.email])
    expect(pending.clientes[0]).toMatchObject({ id: first.person.id, autorizado: false, nit: expect.any(String) })
    expect(pending.clientes[0]).not.toHaveProperty('passwordHash')

    expect((await authorize(second.email)).statusCode).toBe(200)
    expect((await list(`?buscar=${tag}`)).json().clientes.map((c: { email: string }) => c.email)).toEqual([first.email])
    const authorized = (await list(`?estado=autorizados&buscar=${tag}`)).json()
    expect(authorized.clientes).toMatchObject([{ email: second.email, autorizado: true }])
    expect((await list(`?estado=todos&buscar=${tag}`)).json().total).toBe(2)
  })

  test('search by e-mail, name or NIT (a % or _ typed is a character, not a wildcard); pages of tamanio', async () => {
    const tag = `pag${Date.now()}`
    for (let i = 0; i < 3; i++)
      await registerPerson(t.app, { clienteCorp: true, nit: `8001${i}`, nombres: `${tag} ${i}` })
    const page2 = (await list(`?estado=todos&buscar=${tag}&tamanio=2&pagina=2`)).json()
    expect(page2).toMatchObject({ total: 3, pagina: 2, tamanio: 2, hayMas: false })
    expect(page2.clientes).toHaveLength(1)
    expect((await list(`?estado=todos&buscar=${tag}&tamanio=2`)).json().hayMas).toBe(true)
    expect((await list('?estado=todos&buscar=%25')).json().total).toBe(0)
    expect((await list('?estado=todos&buscar=_')).json().total).toBe(0)
  })

  test('a bad estado or page is a Spanish 400 naming the field; anonymous → 401, a shopper → 403', async () => {
    const bad = await list('?estado=todas')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().campos).toHaveProperty('estado')
    expect((await list('?pagina=0')).statusCode).toBe(400)
    expect((await list('', {})).statusCode).toBe(401)
    const shopper = await registerPerson(t.app)
    expect((await list('', shopper.headers)).json()).toMatchObject({ codigo: 'prohibido' })
  })

  test('each authorisation and revocation is in the audit log with who, before and after; a repeat records nothing', async () => {
    const corp = await registerPerson(t.app, { clienteCorp: true, nit: '900333444-5' })
    await authorize(corp.email)
    await authorize(corp.email)
    await t.app.inject({
      method: 'POST',
      url: url('admin/clientes-corporativos/revocar'),
      payload: { email: corp.email },
      headers: admin.headers,
    })
    const entries = await auditEntries(t.database.db, { entity: 'persona', entityId: corp.person.id })
    expect(entries).toMatchObject([
      {
        personId: admin.person.id,
        action: 'autorizar_cliente_corporativo',
        before: { autorizadoClienteCorp: false },
        after: { autorizadoClienteCorp: true },
      },
      { personId: admin.person.id, action: 'revocar_cliente_corporativo', after: { autorizadoClienteCorp: false } },
    ])
  })
})

/**
 * Every call of the back office, as the OpenAPI document lists them, refused to an anonymous caller (401) and to a
 * shopper (403) before it reads its input: a call added later cannot be left open.
 */
describe('every admin/ call', () => {
  test('answers 401 to an anonymous caller and 403 prohibido to a shopper', async () => {
    const shopper = await registerPerson(t.app)
    const document = t.app.swagger() as { paths: Record<string, Record<string, unknown>> }
    const calls = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/swagger/api/admin/'))
      .flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => ({
          method: method.toUpperCase(),
          path: path.replace(/\{[^}]+\}/g, '1'),
        })),
      )
    expect(calls.length).toBeGreaterThanOrEqual(4)
    for (const { method, path } of calls) {
      const inject = (headers: Record<string, string>) =>
        t.app.inject({ method: method as 'GET', url: path, headers, ...(method === 'GET' ? {} : { payload: {} }) })
      expect((await inject({})).statusCode, `${method} ${path}`).toBe(401)
      const refused = await inject(shopper.headers)
      expect(refused.statusCode, `${method} ${path}`).toBe(403)
      expect(refused.json(), `${method} ${path}`).toMatchObject({ codigo: 'prohibido' })
    }
  })
})

describe('npm run admin (admin-cli.ts) on an embedded database', () => {
  let dataDir = ''
  const lines: { info: string[]; error: string[] } = { info: [], error: [] }
  const out = { info: (line: string) => lines.info.push(line), error: (line: string) => lines.error.push(line) }
  const run = (...args: string[]) => {
    lines.info = []
    lines.error = []
    return runAdminCli(args, { DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, out)
  }
  const withDatabase = async <T>(work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>) => {
    const database = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') })
    try {
      await database.migrate()
      return await work(database.db)
    } finally {
      await database.close()
    }
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'piel-admin-cli-'))
    await withDatabase(async (db) => {
      const body = (overrides: Parameters<typeof registrationBody>[0]) =>
        RegisterSchema.parse(registrationBody(overrides))
      // No client address: the registration limit does not apply.
      const limits = { perHour: 1, perDay: 1 }
      await storePerson(db, body({ email: 'empresa@ejemplo.com', clienteCorp: true, nit: '900' }), null, limits)
      await storePerson(db, body({ email: 'persona@ejemplo.com' }), null, limits)
    })
  })
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true })
  })

  const flags = (email: string) =>
    withDatabase(async (db) => {
      const [row] = await db.select().from(persons).where(eq(persons.email, email))
      return { corporate: row?.isAuthorizedCorporate, admin: row?.isAdmin }
    })

  test('authorize-corporate, revoke-corporate and make-admin change the person and say so in Spanish', async () => {
    expect(await run('authorize-corporate', 'EMPRESA@ejemplo.com')).toBe(0)
    expect(lines.info).toHaveLength(1)
    expect(lines.info[0]).toMatch(
      /^Cliente corporativo autorizado: Ana María Rosero Paz <empresa@ejemplo\.com> \(id \d+\)\.$/,
    )
    expect(await flags('empresa@ejemplo.com')).toEqual({ corporate: true, admin: false })

    expect(await run('revoke-corporate', 'empresa@ejemplo.com')).toBe(0)
    expect(lines.info[0]).toMatch(/^Autorización corporativa retirada: /)
    expect(await flags('empresa@ejemplo.com')).toEqual({ corporate: false, admin: false })

    expect(await run('make-admin', 'persona@ejemplo.com')).toBe(0)
    expect(lines.info[0]).toMatch(/^Ahora es administrador de la tienda: /)
    expect(await flags('persona@ejemplo.com')).toEqual({ corporate: false, admin: true })
  })

  test('refusals exit 1 with the reason: unknown person, not a corporate client', async () => {
    expect(await run('authorize-corporate', 'nadie@ejemplo.com')).toBe(1)
    expect(lines.error).toEqual(['No existe una persona con ese correo. (nadie@ejemplo.com)'])
    expect(await run('authorize-corporate', 'persona@ejemplo.com')).toBe(1)
    expect(lines.error[0]).toMatch(/no se registró como cliente corporativo/)
  })

  test('wrong usage exits 2 with the usage text', async () => {
    expect(await run()).toBe(2)
    expect(lines.error[0]).toMatch(/^Uso: npm run admin -- <orden> <correo>/)
    expect(await run('borrar-todo', 'a@b.co')).toBe(2)
    expect(lines.error[0]).toMatch(/^Orden desconocida: borrar-todo/)
    expect(await run('make-admin')).toBe(2)
    expect(await run('make-admin', 'no-es-correo')).toBe(2)
    expect(lines.error).toEqual(['Correo inválido: no-es-correo'])
  })

  test('a bad environment exits 1 naming the variable', async () => {
    lines.error = []
    expect(await runAdminCli(['make-admin', 'a@b.co'], { DATA_DIR: dataDir, PORT: 'x' }, out)).toBe(1)
    expect(lines.error[0]).toMatch(/^Configuración inválida:\n {2}PORT:/)
  })

  test('an embedded database in use by a running server is left alone', async () => {
    const held = await lockDataDir(dataDir, 'el servidor')
    try {
      expect(await run('make-admin', 'persona@ejemplo.com')).toBe(1)
      expect(lines.error[0]).toMatch(/^La base embebida de este DATA_DIR está en uso: la abrió el servidor/)
    } finally {
      await held.release()
    }
    // Once the server has let it go, the same order goes through.
    expect(await run('make-admin', 'persona@ejemplo.com')).toBe(0)
  })
})
