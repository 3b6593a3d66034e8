import { createHash } from 'node:crypto'
import { ACCOUNT_MESSAGES } from '@piel/contracts'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp, WOMPI_SANDBOX_KEYS } from '../../../test/app'
import { loginAs, registerPerson, registrationBody, TEST_PASSWORD, type TestSession } from '../../../test/session'
import { buildApp } from '../../app'
import { CSRF_INVALID } from './session'
import { loginThrottles, persons, sessions } from './tables'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

const url = (path: string) => `/swagger/api/${path}`
let addressCounter = 0
/** A client address of its own, so that tests never share the per-address login limit. */
const newAddress = () => `10.0.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`

const post = (path: string, payload: object, headers: Record<string, string> = {}, remoteAddress?: string) =>
  t.app.inject({ method: 'POST', url: url(path), payload, headers, ...(remoteAddress ? { remoteAddress } : {}) })
const get = (path: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: url(path), headers })
const login = (email: string, password: string, remoteAddress?: string) =>
  post('login', { email, password }, {}, remoteAddress)

const storedPerson = async (id: number) => {
  const [row] = await t.database.db.select().from(persons).where(eq(persons.id, id))
  if (!row) throw new Error('person not found')
  return row
}
const sessionRowsOf = (personId: number) => t.database.db.select().from(sessions).where(eq(sessions.personId, personId))
const tokenOf = (session: TestSession) => /piel_sesion=([^;]+)/.exec(session.cookie)?.[1] ?? ''

describe('POST persona/AgregarPersona', () => {
  test('a valid registration → 201, the person with the sign-up defaults, and an open session', async () => {
    const body = registrationBody({ email: 'Laura.Gomez@Ejemplo.com', telefono: '+57 310 555 1234' })
    const res = await post('persona/AgregarPersona', body, {}, '192.0.2.44')

    expect(res.statusCode).toBe(201)
    const person = res.json()
    expect(person).toMatchObject({
      email: 'laura.gomez@ejemplo.com',
      nombres: 'Ana María',
      apellidos: 'Rosero Paz',
      fechaNacimiento: '1992-04-18',
      idGenero: 0,
      tipoIdentificacion: 'CC',
      telefono: '3105551234',
      nivel: 'BASICO',
      perfil: 1,
      nombrePerfil: 'Usuario',
      aceptoTyC: true,
      autorizoTDP: true,
      temporal: 'No',
      clienteCorp: false,
      autorizadoClienteCorp: false,
      esAdmin: false,
      totalPuntos: 0,
      uid: null,
    })
    const stored = await storedPerson(person.id)
    expect(stored.passwordHash).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/)
    expect(stored.originIp).toBe('192.0.2.44')
    expect(stored.phone).toBe('+573105551234')

    const cookies = Object.fromEntries(res.cookies.map((cookie) => [cookie.name, cookie]))
    expect(cookies.piel_sesion).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 30 * 24 * 3600 })
    expect(cookies.piel_sesion?.secure).toBeFalsy()
    expect(cookies.piel_csrf).toMatchObject({ sameSite: 'Lax', path: '/', maxAge: 30 * 24 * 3600 })
    expect(cookies.piel_csrf?.httpOnly).toBeFalsy()
    const token = cookies.piel_sesion?.value ?? ''
    expect(Buffer.from(token, 'base64url')).toHaveLength(32)

    // Only the token's SHA-256 is stored, with the CSRF token of the second cookie.
    const [row] = await sessionRowsOf(person.id)
    expect(row?.tokenHash).toBe(createHash('sha256').update(token).digest('hex'))
    expect(row?.csrfToken).toBe(cookies.piel_csrf?.value)
    expect(row?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600_000)

    const session = await get('persona/Sesion', { cookie: `piel_sesion=${token}` })
    expect(session.statusCode).toBe(200)
    expect(session.json().persona).toEqual(person)
  })

  test('unknown fields are ignored: corporate status is asked for, never self-authorised', async () => {
    const res = await post(
      'persona/AgregarPersona',
      registrationBody({
        clienteCorp: true,
        nit: '900123456-7',
        autorizadoClienteCorp: true,
        esAdmin: true,
        nivel: 'ORO',
        totalPuntos: 9000,
        temporal: 'Si',
      }),
    )
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({
      clienteCorp: true,
      nit: '900123456-7',
      autorizadoClienteCorp: false,
      esAdmin: false,
      nivel: 'BASICO',
      totalPuntos: 0,
      temporal: 'No',
    })
    const stored = await storedPerson(res.json().id)
    expect(stored).toMatchObject({ isCorporateClient: true, isAuthorizedCorporate: false, isAdmin: false })
  })

  const R = ACCOUNT_MESSAGES
  test.each([
    ['nombres', { nombres: undefined }, R.required],
    ['nombres', { nombres: '   ' }, R.required],
    ['apellidos', { apellidos: undefined }, R.required],
    ['fechaNacimiento', { fechaNacimiento: undefined }, R.required],
    ['fechaNacimiento', { fechaNacimiento: '2999-01-01' }, R.birthDateFuture],
    ['idGenero', { idGenero: undefined }, R.required],
    ['tipoIdentificacion', { tipoIdentificacion: undefined }, R.required],
    ['numeroDocumento', { numeroDocumento: undefined }, R.required],
    ['telefono', { telefono: undefined }, R.required],
    ['email', { email: undefined }, R.required],
    ['email', { email: 'ana.ejemplo.com' }, R.invalidEmail],
    ['clave', { clave: undefined }, R.required],
    ['clave', { clave: 'Ab1', confirmaClave: 'Ab1' }, R.passwordMin],
    ['clave', { clave: 'clave1234', confirmaClave: 'clave1234' }, R.passwordRule],
    ['clave', { clave: 'ClaveSinNumero', confirmaClave: 'ClaveSinNumero' }, R.passwordRule],
    ['clave', { clave: 'Clave 1234', confirmaClave: 'Clave 1234' }, R.passwordRule],
    ['confirmaClave', { confirmaClave: undefined }, R.required],
    ['confirmaClave', { confirmaClave: 'Otra12345' }, R.passwordsDiffer],
    ['nit', { clienteCorp: true, nit: undefined }, R.required],
  ])('%s invalid (%j) → 400 with the message "%s" and nothing stored', async (field, change, message) => {
    const body = registrationBody(change)
    const res = await post('persona/AgregarPersona', body)
    expect(res.statusCode).toBe(400)
    expect(res.json().codigo).toBe('datos_invalidos')
    expect(res.json().campos[field]).toBe(message)
    expect(res.cookies).toEqual([])
    if (typeof body.email === 'string' && body.email.includes('@')) {
      const rows = await t.database.db.select().from(persons).where(eq(persons.email, body.email))
      expect(rows).toEqual([])
    }
  })

  test('a cédula with letters («12ab», issue 35) → 400 naming numeroDocumento, nothing stored', async () => {
    const body = registrationBody({ tipoIdentificacion: 'CC', numeroDocumento: '12ab' })
    const res = await post('persona/AgregarPersona', body)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      codigo: 'datos_invalidos',
      campos: { numeroDocumento: 'La cédula solo lleva números (sin puntos ni letras)' },
    })
    expect(res.json().mensaje).toContain('numeroDocumento')
    expect(res.cookies).toEqual([])
    expect(
      await t.database.db
        .select()
        .from(persons)
        .where(eq(persons.email, String(body.email))),
    ).toEqual([])
  })

  test('every field’s error comes in one answer, the confirmation’s and the document’s included', async () => {
    const res = await post(
      'persona/AgregarPersona',
      registrationBody({ nombres: '', numeroDocumento: '1.085.123.456', confirmaClave: 'Otra12345' }),
    )
    expect(res.statusCode).toBe(400)
    expect(res.json().campos).toEqual({
      nombres: ACCOUNT_MESSAGES.required,
      numeroDocumento: 'La cédula solo lleva números (sin puntos ni letras)',
      confirmaClave: ACCOUNT_MESSAGES.passwordsDiffer,
    })
  })

  test('an e-mail already registered, in other letter case → 409 correo_registrado', async () => {
    const ana = await registerPerson(t.app)
    const res = await post('persona/AgregarPersona', registrationBody({ email: ana.email.toUpperCase() }))
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({ codigo: 'correo_registrado', mensaje: 'Ya existe una cuenta con este correo.' })
    expect(res.cookies).toEqual([])
  })

  test('two registrations of one e-mail at the same time → one 201 and one 409, never a 500', async () => {
    const body = registrationBody()
    const answers = await Promise.all([
      post('persona/AgregarPersona', body),
      post('persona/AgregarPersona', { ...body, email: String(body.email).toUpperCase() }),
      post('persona/AgregarPersona', body),
    ])
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409, 409])
    const rows = await t.database.db
      .select()
      .from(persons)
      .where(sql`lower(${persons.email}) = ${String(body.email)}`)
    expect(rows).toHaveLength(1)
  })

  test('neither registration nor login answers carry a password or a hash', async () => {
    const ana = await registerPerson(t.app)
    const answers = [
      await post('persona/AgregarPersona', registrationBody()),
      await login(ana.email, ana.password),
      await post('persona/ObtenerPersonaEmail', { email: ana.email, password: ana.password }),
      await get('persona/Sesion', { cookie: ana.cookie }),
    ]
    for (const res of answers) {
      expect(res.statusCode).toBeLessThan(300)
      const keys: string[] = []
      JSON.parse(res.body, (key, value) => {
        keys.push(key.toLowerCase())
        return value
      })
      for (const forbidden of ['clave', 'password', 'passwordhash', 'hash', 'confirmaclave', 'temporarypassword']) {
        expect(keys).not.toContain(forbidden)
      }
      expect(res.body).not.toContain('scrypt$')
    }
  })
})

describe('POST login and persona/ObtenerPersonaEmail', () => {
  test('the right e-mail (any letter case) and password → the person and a new session', async () => {
    const ana = await registerPerson(t.app)
    for (const path of ['login', 'persona/ObtenerPersonaEmail']) {
      const res = await post(path, { email: ` ${ana.email.toUpperCase()} `, password: ana.password })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual(ana.person)
      const cookie = res.cookies.find((c) => c.name === 'piel_sesion')
      expect(cookie?.httpOnly).toBe(true)
      const me = await get('persona/Sesion', { cookie: `piel_sesion=${cookie?.value}` })
      expect(me.json().persona.id).toBe(ana.person.id)
    }
    expect(await sessionRowsOf(ana.person.id)).toHaveLength(3)
  })

  test('an unknown e-mail and a wrong password get the same 401, with no session', async () => {
    const ana = await registerPerson(t.app)
    const address = newAddress()
    const wrong = await login(ana.email, 'Incorrecta1', address)
    const unknown = await login('nadie.aqui@ejemplo.com', ana.password, address)
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual({ codigo: 'credenciales_invalidas', mensaje: 'Correo o contraseña incorrectos.' })
      expect(res.cookies).toEqual([])
    }
    expect(wrong.body).toBe(unknown.body)
  })

  test.each([
    ['email', { password: 'Clave2024' }, ACCOUNT_MESSAGES.loginUser],
    ['email', { email: '  ', password: 'Clave2024' }, ACCOUNT_MESSAGES.loginUser],
    ['password', { email: 'ana@ejemplo.com' }, ACCOUNT_MESSAGES.loginPassword],
    ['password', { email: 'ana@ejemplo.com', password: '' }, ACCOUNT_MESSAGES.loginPassword],
  ])('%s missing (%j) → 400 "%s"', async (field, payload, message) => {
    const res = await post('login', payload)
    expect(res.statusCode).toBe(400)
    expect(res.json().campos[field]).toBe(message)
  })

  const pairRow = (email: string, address: string) => eq(loginThrottles.key, `cuenta-ip:${email}|${address}`)

  test('5 wrong passwords from one address block that address for that account only; the owner elsewhere gets in', async () => {
    const ana = await registerPerson(t.app)
    const attacker = newAddress()
    for (let i = 0; i < 5; i++) expect((await login(ana.email, `Incorrecta${i}`, attacker)).statusCode).toBe(401)

    for (const password of ['Incorrecta9', ana.password]) {
      const blocked = await login(ana.email.toUpperCase(), password, attacker)
      expect(blocked.statusCode).toBe(429)
      expect(blocked.json()).toEqual({
        codigo: 'demasiados_intentos',
        mensaje: 'Demasiados intentos fallidos. Intenta de nuevo en 15 minutos.',
      })
      expect(blocked.cookies).toEqual([])
    }
    // The owner, from the address she always uses, is not locked out of her own account.
    const owner = await login(ana.email, ana.password, newAddress())
    expect(owner.statusCode).toBe(200)
    expect(owner.cookies.some((cookie) => cookie.name === 'piel_sesion')).toBe(true)
    // Another account from the attacker's address is not affected either.
    const bruno = await registerPerson(t.app)
    expect((await login(bruno.email, bruno.password, attacker)).statusCode).toBe(200)

    // Move the clock: the block and the window lie in the past.
    await t.database.db
      .update(loginThrottles)
      .set({ blockedUntil: new Date(Date.now() - 1000), windowStartedAt: new Date(Date.now() - 16 * 60_000) })
      .where(pairRow(ana.email, attacker))
    expect((await login(ana.email, ana.password, attacker)).statusCode).toBe(200)
    // The successful login cleared the counter of that account at that address.
    expect(await t.database.db.select().from(loginThrottles).where(pairRow(ana.email, attacker))).toEqual([])
  })

  test('the wait is told in minutes that remain', async () => {
    const ana = await registerPerson(t.app)
    const address = newAddress()
    await t.database.db.insert(loginThrottles).values({
      key: `cuenta-ip:${ana.email}|${address}`,
      failures: 5,
      windowStartedAt: new Date(),
      blockedUntil: new Date(Date.now() + 61_000),
    })
    const res = await login(ana.email, ana.password, address)
    expect(res.json().mensaje).toBe('Demasiados intentos fallidos. Intenta de nuevo en 2 minutos.')
  })

  test('a successful login clears the counter: 4 failures, success, 4 failures → still 401', async () => {
    const ana = await registerPerson(t.app)
    const address = newAddress()
    for (let i = 0; i < 4; i++) expect((await login(ana.email, 'Incorrecta1', address)).statusCode).toBe(401)
    expect((await login(ana.email, ana.password, address)).statusCode).toBe(200)
    for (let i = 0; i < 4; i++) expect((await login(ana.email, 'Incorrecta1', address)).statusCode).toBe(401)
    expect((await login(ana.email, ana.password, address)).statusCode).toBe(200)
  })

  test('failures from many addresses slow the account down (1 s after five, then 2 s) but never lock it', async () => {
    const ana = await registerPerson(t.app)
    for (let i = 0; i < 5; i++) expect((await login(ana.email, `Incorrecta${i}`, newAddress())).statusCode).toBe(401)
    let started = performance.now()
    expect((await login(ana.email, 'Incorrecta9', newAddress())).statusCode).toBe(401)
    expect(performance.now() - started).toBeGreaterThanOrEqual(990)
    started = performance.now()
    const owner = await login(ana.email, ana.password, newAddress())
    expect(owner.statusCode).toBe(200)
    expect(performance.now() - started).toBeGreaterThanOrEqual(1990)
    // Her login ends the slow-down.
    const [account] = await t.database.db
      .select()
      .from(loginThrottles)
      .where(eq(loginThrottles.key, `cuenta:${ana.email}`))
    expect(account).toBeUndefined()
  })

  test('shoppers behind one carrier address: 30 failures over many accounts block nobody; past 100 the address is slowed, not closed', async () => {
    const ana = await registerPerson(t.app)
    const carrier = newAddress()
    for (let i = 0; i < 30; i++) {
      expect((await login(`desconocida${i}@ejemplo.com`, 'Incorrecta1', carrier)).statusCode).toBe(401)
    }
    expect((await login(ana.email, ana.password, carrier)).statusCode).toBe(200)
    // 98 failures so far in the window (the success gave its own count back): two more reach the limit.
    await t.database.db
      .update(loginThrottles)
      .set({ failures: 98 })
      .where(eq(loginThrottles.key, `ip:${carrier}`))
    for (let i = 0; i < 2; i++)
      expect((await login(`otra${i}@ejemplo.com`, 'Incorrecta1', carrier)).statusCode).toBe(401)
    // Past the limit each attempt from the address waits its turn (2 s apart), but the right password gets in.
    const started = performance.now()
    expect((await login(ana.email, ana.password, carrier)).statusCode).toBe(200)
    expect(performance.now() - started).toBeGreaterThanOrEqual(1990)
    expect((await login(ana.email, ana.password, newAddress())).statusCode).toBe(200)
  })

  test('a burst of parallel wrong passwords from one address checks no more than the limit', async () => {
    const ana = await registerPerson(t.app)
    const address = newAddress()
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => login(ana.email, `Incorrecta${i}`, address)))
    const statuses = answers.map((res) => res.statusCode)
    expect(statuses.filter((status) => status === 401)).toHaveLength(5)
    expect(statuses.filter((status) => status === 429)).toHaveLength(7)
  })

  test('the limits hold across server processes sharing the database', async () => {
    const ana = await registerPerson(t.app)
    const other = await buildApp({ config: t.config, database: t.database })
    try {
      const address = newAddress()
      for (let i = 0; i < 3; i++) expect((await login(ana.email, 'Incorrecta1', address)).statusCode).toBe(401)
      for (let i = 0; i < 2; i++) {
        const res = await other.inject({
          method: 'POST',
          url: url('login'),
          payload: { email: ana.email, password: 'Incorrecta1' },
          remoteAddress: address,
        })
        expect(res.statusCode).toBe(401)
      }
      expect((await login(ana.email, ana.password, address)).statusCode).toBe(429)
      // A session opened by one process is honoured by the other.
      const bruno = await registerPerson(t.app)
      const me = await other.inject({ method: 'GET', url: url('persona/Sesion'), headers: { cookie: bruno.cookie } })
      expect(me.json().persona.id).toBe(bruno.person.id)
    } finally {
      await other.close()
    }
  })
})

describe('sessions: CSRF, Origin, expiry and logout', () => {
  const profileChange = { telefono: '3209876543', fechaNacimiento: '1990-01-01', idGenero: 1 }

  test('a write with a session cookie and no X-CSRF-Token, or a wrong one → 403 csrf_invalido; the right one → OK', async () => {
    const ana = await registerPerson(t.app)
    const missing = await post('persona/UpdatePerson', profileChange, { cookie: ana.cookie })
    const wrong = await post('persona/UpdatePerson', profileChange, {
      cookie: ana.cookie,
      'x-csrf-token': 'x'.repeat(43),
    })
    const otherSession = await registerPerson(t.app)
    const someoneElses = await post('persona/UpdatePerson', profileChange, {
      cookie: ana.cookie,
      'x-csrf-token': otherSession.csrf,
    })
    for (const res of [missing, wrong, someoneElses]) {
      expect(res.statusCode).toBe(403)
      expect(res.json()).toEqual({ codigo: 'csrf_invalido', mensaje: CSRF_INVALID })
    }
    expect(CSRF_INVALID).toBe('La sesión no es válida para esta acción. Recarga la página e intenta de nuevo.')
    expect((await storedPerson(ana.person.id)).phone).toBe('+573001234567')

    const ok = await post('persona/UpdatePerson', profileChange, ana.headers)
    expect(ok.statusCode).toBe(200)
    expect((await storedPerson(ana.person.id)).phone).toBe('+573209876543')
  })

  test('every state-changing method is checked, reads are not', async () => {
    const ana = await registerPerson(t.app)
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url: url('Producto/GetBySpecificFilters'),
        headers: { cookie: ana.cookie },
      })
      expect(res.statusCode).toBe(403)
    }
    expect((await get(`persona/${ana.person.id}`, { cookie: ana.cookie })).statusCode).toBe(200)
  })

  test('a bearer apiTkn without a session cookie needs no CSRF header; with a session cookie it does', async () => {
    const issued = await post('AuthToken', { Key: t.config.API_CLIENT_KEY, ApiKey: t.config.API_CLIENT_SECRET })
    const bearer = { authorization: `Bearer ${issued.json().apiTkn}` }
    const ana = await registerPerson(t.app)
    const alone = await post('login/RecoveryPassword', { email: 'nadie@ejemplo.com' }, bearer)
    expect(alone.statusCode).toBe(200)
    const withCookie = await post(
      'login/RecoveryPassword',
      { email: 'nadie@ejemplo.com' },
      { ...bearer, cookie: ana.cookie },
    )
    expect(withCookie.statusCode).toBe(403)
  })

  test('a write whose Origin is another site → 403 origen_invalido, with or without a session', async () => {
    const ana = await registerPerson(t.app)
    const foreign = { origin: 'https://tienda-falsa.example' }
    const anonymous = await post('login', { email: ana.email, password: ana.password }, foreign)
    expect(anonymous.statusCode).toBe(403)
    expect(anonymous.json().codigo).toBe('origen_invalido')
    expect(anonymous.cookies).toEqual([])
    const withSession = await post('persona/UpdatePerson', profileChange, { ...ana.headers, ...foreign })
    expect(withSession.statusCode).toBe(403)
    expect(withSession.json().codigo).toBe('origen_invalido')
    expect((await post('logout', {}, { ...ana.headers, origin: 'null' })).statusCode).toBe(403)

    // The shop's own origin (PUBLIC_URL) is fine; the host the request names is not trusted (issue 29, finding 9:
    // DNS rebinding), nor under another scheme or port (issue 15, finding 6). More in shared/origin.test.ts.
    expect(
      (await post('persona/UpdatePerson', profileChange, { ...ana.headers, origin: t.config.PUBLIC_URL })).statusCode,
    ).toBe(200)
    for (const origin of [
      'http://192.168.1.20:3000',
      'https://192.168.1.20:3000',
      'http://192.168.1.20:4000',
      'http://192.168.1.20',
    ]) {
      const other = await post('persona/UpdatePerson', profileChange, {
        ...ana.headers,
        origin,
        host: '192.168.1.20:3000',
      })
      expect(other.statusCode, origin).toBe(403)
    }
    // Reads are not refused.
    expect((await get('persona/Sesion', { cookie: ana.cookie, ...foreign })).statusCode).toBe(200)
  })

  test('an expired or unknown session is anonymous (401 on person calls, no CSRF demand)', async () => {
    const ana = await registerPerson(t.app)
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.personId, ana.person.id))
    const me = await get('persona/Sesion', { cookie: ana.cookie })
    expect(me.statusCode).toBe(401)
    expect(me.json().codigo).toBe('no_autenticado')
    expect((await get('persona/Sesion', { cookie: 'piel_sesion=inventado' })).statusCode).toBe(401)
    // Logging in again from that browser works without the old CSRF token.
    const again = await post('login', { email: ana.email, password: ana.password }, { cookie: ana.cookie })
    expect(again.statusCode).toBe(200)
  })

  test('POST logout ends the session on the server and clears both cookies', async () => {
    const ana = await registerPerson(t.app)
    const res = await post('logout', {}, ana.headers)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ exito: true, mensaje: 'Sesión cerrada' })
    const cleared = Object.fromEntries(res.cookies.map((cookie) => [cookie.name, cookie]))
    expect(cleared.piel_sesion).toMatchObject({ value: '', maxAge: 0, path: '/' })
    expect(cleared.piel_csrf).toMatchObject({ value: '', maxAge: 0, path: '/' })
    expect(await sessionRowsOf(ana.person.id)).toEqual([])

    // The old cookie, replayed, is just an anonymous visitor now.
    expect((await get('persona/Sesion', { cookie: ana.cookie })).statusCode).toBe(401)
    expect((await post('persona/UpdatePerson', profileChange, ana.headers)).statusCode).toBe(401)
    // Logging out without a session is harmless.
    expect((await post('logout', {})).statusCode).toBe(200)
  })

  test('logging in again from the same browser replaces its previous session', async () => {
    const ana = await registerPerson(t.app)
    const again = await post('login', { email: ana.email, password: ana.password }, ana.headers)
    expect(again.statusCode).toBe(200)
    expect(await sessionRowsOf(ana.person.id)).toHaveLength(1)
    expect((await get('persona/Sesion', { cookie: ana.cookie })).statusCode).toBe(401)
  })

  test('with an https PUBLIC_URL the cookies are Secure', async () => {
    const secure = await buildTestApp({
      PUBLIC_URL: 'https://piel.example',
      API_CLIENT_SECRET: 'una-clave-propia-de-produccion',
      ...WOMPI_SANDBOX_KEYS,
    })
    try {
      const ana = await secure.app.inject({
        method: 'POST',
        url: url('persona/AgregarPersona'),
        headers: { host: 'piel.example' },
        payload: registrationBody(),
      })
      expect(ana.cookies.map((cookie) => [cookie.name, cookie.secure])).toEqual([
        ['piel_sesion', true],
        ['piel_csrf', true],
        ['piel_dispositivo', true],
      ])
    } finally {
      await secure.close()
    }
  })
})

describe('profile: GET persona/{id} and POST persona/UpdatePerson', () => {
  test('the owner reads their data', async () => {
    const ana = await registerPerson(t.app)
    const res = await get(`persona/${ana.person.id}`, { cookie: ana.cookie })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual(ana.person)
  })

  test('phone, birth date and gender change; names, e-mail and flags sent along are ignored', async () => {
    const ana = await registerPerson(t.app)
    const res = await post(
      'persona/UpdatePerson',
      {
        id: ana.person.id,
        telefono: '315 222 3344',
        fechaNacimiento: '1988-12-03T05:00:00.000Z',
        idGenero: 1,
        nombres: 'Otro',
        email: 'otro@ejemplo.com',
        autorizadoClienteCorp: true,
        tipoIdentificacion: ana.person.tipoIdentificacion,
        numeroDocumento: ana.person.numeroDocumento,
      },
      ana.headers,
    )
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      exito: true,
      mensaje: 'Datos actualizados',
      persona: { ...ana.person, telefono: '3152223344', fechaNacimiento: '1988-12-03', idGenero: 1 },
    })
  })

  test('a different document → 400 "El documento no se puede cambiar." and nothing changes', async () => {
    const ana = await registerPerson(t.app)
    const res = await post(
      'persona/UpdatePerson',
      { telefono: '3150000000', fechaNacimiento: '1990-01-01', idGenero: 1, numeroDocumento: '99999999' },
      ana.headers,
    )
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ codigo: 'documento_no_editable', mensaje: 'El documento no se puede cambiar.' })
    expect((await storedPerson(ana.person.id)).phone).toBe('+573001234567')
  })

  test('profile completion: an empty document is set once, then it is fixed', async () => {
    const ana = await registerPerson(t.app)
    await t.database.db
      .update(persons)
      .set({ documentType: null, documentNumber: null })
      .where(eq(persons.id, ana.person.id))
    const base = { telefono: '3150000000', fechaNacimiento: '1990-01-01', idGenero: 0 }

    const half = await post('persona/UpdatePerson', { ...base, tipoIdentificacion: 'CE' }, ana.headers)
    expect(half.statusCode).toBe(400)
    expect(half.json().campos).toEqual({ numeroDocumento: 'requerido' })

    const letters = await post(
      'persona/UpdatePerson',
      { ...base, tipoIdentificacion: 'CE', numeroDocumento: 'E-12345' },
      ana.headers,
    )
    expect(letters.statusCode).toBe(400)
    expect(letters.json().campos).toEqual({
      numeroDocumento: 'La cédula de extranjería solo lleva números (sin puntos ni letras)',
    })
    expect((await storedPerson(ana.person.id)).documentNumber).toBeNull()

    const done = await post(
      'persona/UpdatePerson',
      { ...base, tipoIdentificacion: 'CE', numeroDocumento: '412345' },
      ana.headers,
    )
    expect(done.statusCode).toBe(200)
    expect(done.json().persona).toMatchObject({ tipoIdentificacion: 'CE', numeroDocumento: '412345' })

    const change = await post(
      'persona/UpdatePerson',
      { ...base, tipoIdentificacion: 'CC', numeroDocumento: '412345' },
      ana.headers,
    )
    expect(change.statusCode).toBe(400)
    expect(change.json().mensaje).toBe('El documento no se puede cambiar.')
  })

  test.each([
    ['telefono', { telefono: '' }, ACCOUNT_MESSAGES.required],
    ['telefono', { telefono: '12345' }, ACCOUNT_MESSAGES.invalidMobile],
    ['fechaNacimiento', { fechaNacimiento: '2999-01-01' }, ACCOUNT_MESSAGES.birthDateFuture],
    ['idGenero', { idGenero: 7 }, ACCOUNT_MESSAGES.required],
    ['numeroDocumento', { numeroDocumento: ' ' }, ACCOUNT_MESSAGES.requiredLower],
  ])('%s invalid (%j) → 400 "%s"', async (field, change, message) => {
    const ana = await registerPerson(t.app)
    const res = await post(
      'persona/UpdatePerson',
      { telefono: '3150000000', fechaNacimiento: '1990-01-01', idGenero: 0, ...change },
      ana.headers,
    )
    expect(res.statusCode).toBe(400)
    expect(res.json().campos[field]).toBe(message)
  })
})

describe('POST persona/UpdatePassword', () => {
  test('the right current password → 1; the new one logs in, the old one not; other sessions end, this one stays', async () => {
    const ana = await registerPerson(t.app)
    const phone = await loginAs(t.app, ana.email, ana.password)
    const res = await post(
      'persona/UpdatePassword',
      {
        idPerson: ana.person.id,
        currentPassword: ana.password,
        newPassword: 'NuevaClave7',
        confirmPassword: 'NuevaClave7',
      },
      ana.headers,
    )
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe('1')
    expect(res.json()).toBe(1)

    expect((await get('persona/Sesion', { cookie: ana.cookie })).statusCode).toBe(200)
    expect((await get('persona/Sesion', { cookie: phone.cookie })).statusCode).toBe(401)
    const rows = await sessionRowsOf(ana.person.id)
    expect(rows.map((row) => row.tokenHash)).toEqual([createHash('sha256').update(tokenOf(ana)).digest('hex')])

    expect((await login(ana.email, ana.password, newAddress())).statusCode).toBe(401)
    expect((await login(ana.email, 'NuevaClave7', newAddress())).statusCode).toBe(200)
  })

  test('a wrong current password → 400 clave_actual_incorrecta and the password stays', async () => {
    const ana = await registerPerson(t.app)
    const res = await post(
      'persona/UpdatePassword',
      { currentPassword: 'NoEsLaMia1', newPassword: 'NuevaClave7' },
      ana.headers,
      newAddress(),
    )
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ codigo: 'clave_actual_incorrecta', mensaje: 'La contraseña actual no es correcta.' })
    expect((await login(ana.email, TEST_PASSWORD, newAddress())).statusCode).toBe(200)
  })

  test('guessing the current password is limited like a login', async () => {
    const ana = await registerPerson(t.app)
    const address = newAddress()
    const attempt = (currentPassword: string) =>
      post('persona/UpdatePassword', { currentPassword, newPassword: 'NuevaClave7' }, ana.headers, address)
    for (let i = 0; i < 5; i++) expect((await attempt(`NoEsLaMia${i}`)).statusCode).toBe(400)
    expect((await attempt(ana.password)).statusCode).toBe(429)
  })

  const M = ACCOUNT_MESSAGES
  test.each([
    ['currentPassword', { currentPassword: undefined }, M.required],
    ['newPassword', { newPassword: undefined }, M.required],
    ['newPassword', { newPassword: 'Ab12', confirmPassword: 'Ab12' }, M.newPasswordMin],
    ['newPassword', { newPassword: 'sinmayuscula1', confirmPassword: 'sinmayuscula1' }, M.newPasswordRule],
    ['newPassword', { newPassword: 'SinNumeroAqui', confirmPassword: 'SinNumeroAqui' }, M.newPasswordRule],
    ['newPassword', { newPassword: 'Con-Guion12', confirmPassword: 'Con-Guion12' }, M.newPasswordRule],
    ['confirmPassword', { confirmPassword: 'OtraClave12' }, M.passwordsDiffer],
  ])('%s invalid (%j) → 400 "%s"', async (field, change, message) => {
    const ana = await registerPerson(t.app)
    const res = await post(
      'persona/UpdatePassword',
      { currentPassword: ana.password, newPassword: 'NuevaClave7', confirmPassword: 'NuevaClave7', ...change },
      ana.headers,
    )
    expect(res.statusCode).toBe(400)
    expect(res.json().campos[field]).toBe(message)
    expect((await login(ana.email, ana.password, newAddress())).statusCode).toBe(200)
  })
})

describe('security matrix: only the owner reads or changes a person', () => {
  let ana: TestSession
  let bruno: TestSession
  beforeAll(async () => {
    ana = await registerPerson(t.app)
    bruno = await registerPerson(t.app)
    // As if both had signed in with Google once (uid is the provider's subject).
    for (const [session, uid] of [
      [ana, 'google:ana-123'],
      [bruno, 'google:bruno-456'],
    ] as const) {
      await t.database.db.update(persons).set({ uid }).where(eq(persons.id, session.person.id))
    }
  })

  type Caller = 'ana' | 'bruno' | 'anonymous'
  const callers = (): Record<Caller, TestSession | null> => ({ ana, bruno, anonymous: null })
  const uidOf = { ana: 'google:ana-123', bruno: 'google:bruno-456' }

  const calls: Record<string, (caller: TestSession | null, target: 'ana' | 'bruno') => Promise<number>> = {
    'GET persona/{id}': async (caller, target) =>
      (
        await get(
          `persona/${target === 'ana' ? ana.person.id : bruno.person.id}`,
          caller ? { cookie: caller.cookie } : {},
        )
      ).statusCode,
    'GET persona/ObtenerPersonaUid': async (caller, target) =>
      (
        await get(
          `persona/ObtenerPersonaUid?uid=${encodeURIComponent(uidOf[target])}`,
          caller ? { cookie: caller.cookie } : {},
        )
      ).statusCode,
    'POST persona/UpdatePerson': async (caller, target) =>
      (
        await post(
          'persona/UpdatePerson',
          {
            id: target === 'ana' ? ana.person.id : bruno.person.id,
            telefono: '3001112233',
            fechaNacimiento: '1991-02-03',
            idGenero: 1,
          },
          caller?.headers ?? {},
        )
      ).statusCode,
    'POST persona/UpdatePassword': async (caller, target) =>
      (
        await post(
          'persona/UpdatePassword',
          {
            idPerson: target === 'ana' ? ana.person.id : bruno.person.id,
            currentPassword: TEST_PASSWORD,
            newPassword: TEST_PASSWORD,
          },
          caller?.headers ?? {},
          newAddress(),
        )
      ).statusCode,
  }

  const cases = Object.keys(calls).flatMap((call) =>
    (['ana', 'bruno', 'anonymous'] as const).flatMap((caller) =>
      (['ana', 'bruno'] as const).map((target) => ({
        call,
        caller,
        target,
        expected: caller === 'anonymous' ? 401 : caller === target ? 200 : 403,
      })),
    ),
  )

  test.each(cases)('$call: $caller on $target → $expected', async ({ call, caller, target, expected }) => {
    const run = calls[call]
    if (!run) throw new Error(call)
    expect(await run(callers()[caller], target)).toBe(expected)
  })

  test('a refused call changed nothing', async () => {
    const before = await storedPerson(bruno.person.id)
    await post(
      'persona/UpdatePerson',
      { id: bruno.person.id, telefono: '3119998877', fechaNacimiento: '1970-01-01', idGenero: 0 },
      ana.headers,
    )
    expect(await storedPerson(bruno.person.id)).toEqual(before)
    // An unknown uid is refused like another person's, so uids cannot be probed.
    expect((await get('persona/ObtenerPersonaUid?uid=google:nadie', { cookie: ana.cookie })).statusCode).toBe(403)
  })
})
