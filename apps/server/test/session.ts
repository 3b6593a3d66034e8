import type { Person, RegisterInput } from '@piel/contracts'
import type { App } from '../src/app'

/**
 * Real sessions for tests, through the front door (`POST persona/AgregarPersona`, `POST login`):
 *
 *   const ana = await registerPerson(t.app)
 *   await t.app.inject({ method: 'POST', url: '/swagger/api/...', headers: ana.headers, payload })
 *
 * `headers` carries both cookies and the `X-CSRF-Token` header that every state-changing request
 * with a session needs; `cookie` alone is what a GET needs.
 */
export interface TestSession {
  person: Person
  /** `piel_sesion=…; piel_csrf=…`, as a browser sends them. */
  cookie: string
  csrf: string
  headers: { cookie: string; 'x-csrf-token': string }
  email: string
  password: string
}

export const TEST_PASSWORD = 'Clave2024'
let counter = 0

/** A valid registration body (spec 000 §2 Register); every call gets a new e-mail. */
export function registrationBody(overrides: Partial<RegisterInput> & Record<string, unknown> = {}) {
  counter += 1
  const password = typeof overrides.clave === 'string' ? overrides.clave : TEST_PASSWORD
  return {
    nombres: 'Ana María',
    apellidos: 'Rosero Paz',
    fechaNacimiento: '1992-04-18',
    idGenero: 0,
    tipoIdentificacion: 'CC',
    // A cédula: 10 digits at most (issue 35).
    numeroDocumento: `1${process.pid % 100_000}${counter % 10_000}`.slice(0, 10),
    telefono: '3001234567',
    email: `persona${counter}.${process.pid}@ejemplo.com`,
    clave: password,
    confirmaClave: password,
    clienteCorp: false,
    ...overrides,
  }
}

type Injectable = Pick<App, 'inject'>
type InjectResponse = Awaited<ReturnType<App['inject']>>

/** The session of a login or registration answer (its `Set-Cookie` headers). */
export function sessionFrom(res: InjectResponse, email: string, password: string): TestSession {
  if (res.statusCode >= 300) throw new Error(`no session: ${res.statusCode} ${res.body}`)
  const jar = Object.fromEntries(res.cookies.map((cookie) => [cookie.name, cookie.value]))
  const token = jar.piel_sesion
  const csrf = jar.piel_csrf
  if (!token || !csrf) throw new Error('the answer did not set the session cookies')
  const cookie = `piel_sesion=${token}; piel_csrf=${csrf}`
  return {
    person: res.json() as Person,
    cookie,
    csrf,
    headers: { cookie, 'x-csrf-token': csrf },
    email,
    password,
  }
}

/** Registers a new person (valid defaults, `overrides` on top) and returns the open session. */
export async function registerPerson(
  app: Injectable,
  overrides: Partial<RegisterInput> & Record<string, unknown> = {},
): Promise<TestSession> {
  const body = registrationBody(overrides)
  const res = await app.inject({ method: 'POST', url: '/swagger/api/persona/AgregarPersona', payload: body })
  return sessionFrom(res, String(body.email).toLowerCase(), String(body.clave))
}

/** Logs in with e-mail and password and returns the new session (throws when the login fails). */
export async function loginAs(app: Injectable, email: string, password: string): Promise<TestSession> {
  const res = await app.inject({ method: 'POST', url: '/swagger/api/login', payload: { email, password } })
  return sessionFrom(res, email, password)
}
