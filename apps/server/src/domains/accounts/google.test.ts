import { ACCOUNT_MESSAGES } from '@piel/contracts'
import { eq, sql } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { openTestDatabase } from '../../../test/database'
import { signInAtProvider, startTestOidcProvider, type TestOidcProvider } from '../../../test/oidc-provider'
import { outboxMessages } from '../../../test/outbox'
import { buildApp } from '../../app'
import { ConfigError, loadConfig } from '../../config'
import type { Database } from '../../db'
import { getOrCreateSecret } from '../../shared/secrets'
import { createPendingSeal, GOOGLE_ERRORS, safeReturnPath } from './google'
import { GOOGLE_PENDING_COOKIE } from './google-routes'
import { SESSION_COOKIE } from './session'
import { persons } from './tables'

/**
 * "Accede con Google" end to end against a real OpenID Connect provider (oidc-provider on
 * 127.0.0.1): the app redirects to it, the test plays the browser at the provider, and the
 * provider's redirect comes back to the app's callback with the app's pending cookie.
 */
const PUBLIC_URL = 'http://localhost:3000'
const REDIRECT_URI = `${PUBLIC_URL}/swagger/api/login/google/callback`
const CLIENT = { clientId: 'piel-pruebas', clientSecret: 'secreto-del-cliente-de-pruebas', redirectUri: REDIRECT_URI }

let provider: TestOidcProvider
let database: Database
let app: Awaited<ReturnType<typeof buildApp>>

beforeAll(async () => {
  provider = await startTestOidcProvider(CLIENT)
  database = await openTestDatabase()
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    SEED_DEMO_DATA: 'false',
    PUBLIC_URL,
    GOOGLE_CLIENT_ID: CLIENT.clientId,
    GOOGLE_CLIENT_SECRET: CLIENT.clientSecret,
    GOOGLE_ISSUER: provider.issuer,
  })
  app = await buildApp({ config, database, google: { allowHttpIssuer: true } })
  await app.ready()
})

afterAll(async () => {
  await app?.close()
  await database?.close()
  await provider?.close()
})

let counter = 0
function addIdentity(overrides: { email?: string; email_verified?: boolean } = {}) {
  counter += 1
  const identity = {
    sub: `10876543210${counter}`,
    email: `persona${counter}.${Date.now()}@gmail.com`,
    email_verified: true,
    given_name: 'Valentina',
    family_name: 'Ortiz Bravo',
    ...overrides,
  }
  provider.identities.set(identity.sub, identity)
  return identity
}

const cookieOf = (response: LightMyRequestResponse, name: string) =>
  response.cookies.find((cookie) => cookie.name === name)

async function start(volver = '/favorites') {
  const response = await app.inject({
    method: 'GET',
    url: `/swagger/api/login/google/iniciar?volver=${encodeURIComponent(volver)}`,
  })
  expect(response.statusCode).toBe(302)
  const pending = cookieOf(response, GOOGLE_PENDING_COOKIE)
  expect(pending).toBeDefined()
  return { authorizationUrl: new URL(String(response.headers.location)), pending: pending?.value ?? '', response }
}

async function callback(url: URL, pending: string | undefined) {
  return app.inject({
    method: 'GET',
    url: `${url.pathname}${url.search}`,
    cookies: pending === undefined ? {} : { [GOOGLE_PENDING_COOKIE]: pending },
  })
}

/** The whole flow as a browser does it: iniciar → provider login and consent → callback. */
async function signInWithGoogle(sub: string, volver = '/favorites') {
  const { authorizationUrl, pending } = await start(volver)
  const back = await signInAtProvider(authorizationUrl.href, sub, REDIRECT_URI)
  return callback(back, pending)
}

const loginError = (response: LightMyRequestResponse) => {
  expect(response.statusCode).toBe(302)
  const location = new URL(String(response.headers.location), PUBLIC_URL)
  expect(location.pathname).toBe('/login')
  return location.searchParams.get('error')
}

async function sessionPerson(response: LightMyRequestResponse) {
  const session = cookieOf(response, SESSION_COOKIE)
  expect(session?.httpOnly).toBe(true)
  const res = await app.inject({
    method: 'GET',
    url: '/swagger/api/persona/Sesion',
    cookies: { [SESSION_COOKIE]: session?.value ?? '' },
  })
  expect(res.statusCode).toBe(200)
  return res.json().persona
}

const welcomesTo = (email: string) =>
  outboxMessages(database.db, { to: email.toLowerCase(), subjectLike: 'Te damos la bienvenida a %' })

const personsWithEmail = (email: string) =>
  database.db.select().from(persons).where(sql`lower(${persons.email}) = ${email.toLowerCase()}`)

describe('GET login/google/iniciar', () => {
  test('redirects to the provider with code flow, openid email profile, PKCE S256, state and nonce', async () => {
    const { authorizationUrl, response } = await start('/favorites')
    expect(authorizationUrl.origin).toBe(provider.issuer)
    const params = authorizationUrl.searchParams
    expect(params.get('response_type')).toBe('code')
    expect(params.get('client_id')).toBe(CLIENT.clientId)
    expect(params.get('redirect_uri')).toBe(REDIRECT_URI)
    expect(params.get('scope')).toBe('openid email profile')
    expect(params.get('code_challenge_method')).toBe('S256')
    expect(params.get('code_challenge')).toMatch(/^[\w-]{43}$/)
    expect(params.get('state')).toMatch(/^[\w-]{20,}$/)
    expect(params.get('nonce')).toMatch(/^[\w-]{20,}$/)
    // The verifier, state and return path travel sealed, never readable in the URL or the cookie.
    const pending = cookieOf(response, GOOGLE_PENDING_COOKIE)
    expect(pending).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/swagger/api/login/google', maxAge: 600 })
    expect(pending?.value).not.toContain(String(params.get('state')))
    expect(pending?.value).not.toContain('favorites')
  })

  test.each([
    ['/favorites', '/favorites'],
    ['/detailProducts/12?x=1#c', '/detailProducts/12?x=1#c'],
    ['', '/home'],
    ['//evil.example/robar', '/home'],
    ['/\\evil.example', '/home'],
    ['https://evil.example/', '/home'],
    ['javascript:alert(1)', '/home'],
    ['/login', '/home'],
    ['/logout', '/home'],
    [undefined, '/home'],
  ])('volver %s is kept as %s (same-site paths only)', (volver, expected) => {
    expect(safeReturnPath(volver)).toBe(expected)
  })
})

describe('Google sign-in against a real OpenID Connect provider', () => {
  test('a new person is created as Explorador and logged in; the session works on persona/Sesion', async () => {
    const identity = addIdentity()
    const done = await signInWithGoogle(identity.sub, '/detailProducts/7')
    expect(done.statusCode).toBe(302)
    expect(done.headers.location).toBe('/detailProducts/7')
    expect(cookieOf(done, GOOGLE_PENDING_COOKIE)?.value).toBe('')

    const persona = await sessionPerson(done)
    expect(persona).toMatchObject({
      uid: `google:${identity.sub}`,
      email: identity.email,
      nombres: 'Valentina',
      apellidos: 'Ortiz Bravo',
      nivel: 'Explorador',
      nombrePerfil: 'Explorador',
      perfil: 1,
      aceptoTyC: true,
      autorizoTDP: true,
      temporal: 'No',
    })
    const [row] = await personsWithEmail(identity.email)
    expect(row?.passwordHash).toBeNull()
    // A new account is welcomed, as a password sign-up is.
    const [welcome, ...more] = await welcomesTo(identity.email)
    expect(more).toEqual([])
    expect(welcome?.textBody).toContain('Hola, Valentina:')
    expect(welcome?.textBody).toContain(`${PUBLIC_URL}/chatbot`)
  })

  test('the same person signing in again is found, not duplicated', async () => {
    const identity = addIdentity()
    const first = await sessionPerson(await signInWithGoogle(identity.sub))
    const second = await sessionPerson(await signInWithGoogle(identity.sub, '/cart'))
    expect(second.id).toBe(first.id)
    expect(await personsWithEmail(identity.email)).toHaveLength(1)
    expect(await welcomesTo(identity.email)).toHaveLength(1)
  })

  test('an existing e-mail account is linked when Google says the e-mail is verified', async () => {
    const email = `registrada${Date.now()}@gmail.com`
    const registered = await app.inject({
      method: 'POST',
      url: '/swagger/api/persona/AgregarPersona',
      payload: {
        nombres: 'Camila',
        apellidos: 'Rosero',
        fechaNacimiento: '1994-03-12',
        idGenero: 0,
        tipoIdentificacion: 'CC',
        numeroDocumento: '1085301234',
        telefono: '3157214580',
        email,
        clave: 'Clave2024',
        confirmaClave: 'Clave2024',
      },
    })
    expect(registered.statusCode).toBe(201)
    const identity = addIdentity({ email: email.toUpperCase() })

    const persona = await sessionPerson(await signInWithGoogle(identity.sub))
    expect(persona).toMatchObject({
      id: registered.json().id,
      uid: `google:${identity.sub}`,
      nombres: 'Camila',
      nivel: 'BASICO',
    })
    expect(await personsWithEmail(email)).toHaveLength(1)
    // Welcomed once, when the account was made; linking it to Google is no new account.
    expect(await welcomesTo(email)).toHaveLength(1)
    // The password still works: linking adds a way in, it takes none away.
    const login = await app.inject({
      method: 'POST',
      url: '/swagger/api/login',
      payload: { email, password: 'Clave2024' },
    })
    expect(login.statusCode).toBe(200)
  })

  test('an unverified e-mail neither links an existing account nor creates one', async () => {
    const [existing] = await database.db
      .insert(persons)
      .values({ email: `sinverificar${Date.now()}@example.com`, firstNames: 'Ana', lastNames: 'Paz' })
      .returning()
    const linking = addIdentity({ email: existing?.email ?? '', email_verified: false })
    const refused = await signInWithGoogle(linking.sub)
    expect(loginError(refused)).toBe(GOOGLE_ERRORS.emailNotVerified)
    expect(cookieOf(refused, SESSION_COOKIE)).toBeUndefined()
    const [unchanged] = await database.db
      .select()
      .from(persons)
      .where(eq(persons.id, existing?.id ?? 0))
    expect(unchanged?.uid).toBeNull()

    const creating = addIdentity({ email_verified: false })
    expect(loginError(await signInWithGoogle(creating.sub))).toBe(GOOGLE_ERRORS.emailNotVerified)
    expect(await personsWithEmail(creating.email)).toHaveLength(0)
  })

  test('an e-mail already linked to another Google account is not taken over', async () => {
    const owner = addIdentity()
    await sessionPerson(await signInWithGoogle(owner.sub))
    const other = addIdentity({ email: owner.email })
    expect(loginError(await signInWithGoogle(other.sub))).toBe(GOOGLE_ERRORS.otherGoogleAccount)
  })
})

describe('failures come back to /login with a Spanish message, never a 500', () => {
  test('a tampered state → "Intenta nuevamente" and no session', async () => {
    const identity = addIdentity()
    const { authorizationUrl, pending } = await start()
    const back = await signInAtProvider(authorizationUrl.href, identity.sub, REDIRECT_URI)
    back.searchParams.set('state', `${back.searchParams.get('state')}x`)
    const response = await callback(back, pending)
    expect(loginError(response)).toBe(ACCOUNT_MESSAGES.tryAgain)
    expect(cookieOf(response, SESSION_COOKIE)).toBeUndefined()
    expect(await personsWithEmail(identity.email)).toHaveLength(0)
  })

  test('a callback without the pending cookie, or with an altered one → "Intenta nuevamente"', async () => {
    const identity = addIdentity()
    const { authorizationUrl, pending } = await start()
    const back = await signInAtProvider(authorizationUrl.href, identity.sub, REDIRECT_URI)
    expect(loginError(await callback(back, undefined))).toBe(ACCOUNT_MESSAGES.tryAgain)
    // The character replaced is the second to last: it decides what replaces it (it read the last one, and left the
    // cookie unchanged whenever its second to last already was an «A», one run in 64).
    const altered = `${pending.slice(0, -2)}${pending.at(-2) === 'A' ? 'B' : 'A'}${pending.slice(-1)}`
    expect(altered).not.toBe(pending)
    expect(loginError(await callback(back, altered))).toBe(ACCOUNT_MESSAGES.tryAgain)
  })

  test('a code redeemed with the wrong PKCE verifier is refused by the provider', async () => {
    const identity = addIdentity()
    const { authorizationUrl } = await start()
    const back = await signInAtProvider(authorizationUrl.href, identity.sub, REDIRECT_URI)
    // A pending cookie with the right state and nonce but another verifier (sealed with the real key).
    const seal = createPendingSeal(await getOrCreateSecret(database.db, 'api-token'))
    const forged = seal.seal({
      state: String(authorizationUrl.searchParams.get('state')),
      nonce: String(authorizationUrl.searchParams.get('nonce')),
      codeVerifier: 'x'.repeat(64),
      returnTo: '/home',
      expiresAt: Date.now() + 60_000,
    })
    const response = await callback(back, forged)
    expect(loginError(response)).toBe(GOOGLE_ERRORS.unverified)
    expect(await personsWithEmail(identity.email)).toHaveLength(0)
  })

  test('the shopper cancelling at Google → "Error con Google: cancelaste…"', async () => {
    const { authorizationUrl, pending } = await start()
    const back = new URL(REDIRECT_URI)
    back.searchParams.set('error', 'access_denied')
    back.searchParams.set('state', String(authorizationUrl.searchParams.get('state')))
    expect(loginError(await callback(back, pending))).toBe(GOOGLE_ERRORS.cancelled)
  })

  test('persona/AgregarPersonaRedes does not accept identities from the browser', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/swagger/api/persona/AgregarPersonaRedes',
      payload: { uid: 'google:1', email: 'victima@gmail.com', nombres: 'X' },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ codigo: 'registro_social_por_redireccion' })
    expect(response.json().mensaje).toContain('/swagger/api/login/google/iniciar')
    expect(await personsWithEmail('victima@gmail.com')).toHaveLength(0)
  })

  test('an unreachable provider → "Error con Google: no pudimos comunicarnos…"', async () => {
    const unreachable = await buildApp({
      config: loadConfig({
        LOG_LEVEL: 'silent',
        SEED_DEMO_DATA: 'false',
        GOOGLE_CLIENT_ID: 'a',
        GOOGLE_CLIENT_SECRET: 'b',
        // Port 1 on this machine: nothing listens there.
        GOOGLE_ISSUER: 'http://127.0.0.1:1',
      }),
      database,
      google: { allowHttpIssuer: true },
    })
    try {
      const response = await unreachable.inject({ method: 'GET', url: '/swagger/api/login/google/iniciar' })
      expect(loginError(response)).toBe(GOOGLE_ERRORS.unreachable)
    } finally {
      await unreachable.close()
    }
  })
})

describe('without GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET', () => {
  test('the buttons are unavailable and iniciar explains why', async () => {
    const plain = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO_DATA: 'false' }), database })
    try {
      const available = await plain.inject({ method: 'GET', url: '/swagger/api/login/google/disponible' })
      expect(available.statusCode).toBe(200)
      expect(available.json()).toEqual({ disponible: false })
      const started = await plain.inject({ method: 'GET', url: '/swagger/api/login/google/iniciar' })
      expect(loginError(started)).toBe(GOOGLE_ERRORS.unavailable)
    } finally {
      await plain.close()
    }
    const configured = await app.inject({ method: 'GET', url: '/swagger/api/login/google/disponible' })
    expect(configured.json()).toEqual({ disponible: true })
  })

  test('only one of the pair stops start-up naming the missing variable', () => {
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'a' })).toThrow(ConfigError)
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'a' })).toThrow(/^Configuración inválida:\n {2}GOOGLE_CLIENT_SECRET: /)
    expect(() => loadConfig({ GOOGLE_CLIENT_SECRET: 'b' })).toThrow(/^Configuración inválida:\n {2}GOOGLE_CLIENT_ID: /)
    expect(() => loadConfig({ GOOGLE_ISSUER: 'http://accounts.example.com' })).toThrow(/GOOGLE_ISSUER: /)
    expect(loadConfig({}).GOOGLE_ISSUER).toBe('https://accounts.google.com')
  })
})
