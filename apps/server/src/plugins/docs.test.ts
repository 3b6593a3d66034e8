import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp, WOMPI_SANDBOX_KEYS } from '../../test/app'
import { TEST_DB } from '../../test/database'

const root = join(import.meta.dirname, '../../../..')
const REDOCLY = join(root, 'node_modules/@redocly/cli/bin/cli.js')

type Operation = {
  operationId?: string
  security?: Record<string, string[]>[]
  responses: Record<string, { description: string; content?: unknown }>
}
type Document = { paths: Record<string, Record<string, Operation>> }

const operationsOf = (document: Document) =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  )

/** The document does not depend on the database: it is checked once, on PGlite. */
describe.skipIf(TEST_DB === 'postgres')('the OpenAPI document at /swagger/json', () => {
  let t: TestApp
  let document: Document
  beforeAll(async () => {
    // As a deployment serves it: PUBLIC_URL, the document's server, is the shop's public address.
    t = await buildTestApp({
      PUBLIC_URL: 'https://tienda.piel.com.co',
      API_CLIENT_SECRET: 'clave-propia-de-produccion',
      ...WOMPI_SANDBOX_KEYS,
    })
    document = (
      await t.app.inject({ method: 'GET', url: '/swagger/json', headers: { host: 'tienda.piel.com.co' } })
    ).json()
  })
  afterAll(() => t.close())

  test("lints clean under Redocly's recommended rules (redocly.yaml): no error and no warning", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'piel-openapi-'))
    try {
      const file = join(dir, 'openapi.json')
      await writeFile(file, JSON.stringify(document, null, 2))
      const args = [REDOCLY, 'lint', file, '--config', join(root, 'redocly.yaml'), '--format=json']
      // Redocly exits with 1 when it finds errors; its JSON report is on stdout either way.
      const { stdout } = await promisify(execFile)(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 }).catch(
        (error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }),
      )
      const report = JSON.parse(stdout) as {
        totals: { errors: number; warnings: number }
        problems: { ruleId: string; message: string; location: { pointer: string }[] }[]
      }
      const problems = report.problems.map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`)
      expect(problems).toEqual([])
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 })
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  }, 60_000)

  test('operationIds come from method and path, camelCase, with the specification names', () => {
    const ids = Object.fromEntries(
      operationsOf(document).map((o) => [`${o.method} ${o.path}`, o.operation.operationId]),
    )
    expect(ids).toMatchObject({
      'post /swagger/api/orden/CrearOrden': 'postOrdenCrearOrden',
      'get /swagger/api/persona/{id}': 'getPersonaById',
      'post /swagger/api/admin/clientes-corporativos/autorizar': 'postAdminClientesCorporativosAutorizar',
      'delete /mis-fotos': 'deleteMisFotos',
    })
  })

  test('security follows the guard: the session (with CSRF on writes), else anonymous, session or bearer token', () => {
    const security = (method: string, path: string) => document.paths[path]?.[method]?.security
    expect(security('post', '/swagger/api/orden/CrearOrden')).toEqual([{ sesion: [], csrf: [] }])
    expect(security('get', '/swagger/api/orden/MisOrdenes')).toEqual([{ sesion: [] }])
    expect(security('post', '/swagger/api/admin/ordenes/{id}/estado')).toEqual([{ sesion: [], csrf: [] }])
    expect(security('get', '/swagger/api/Tienda/ObtenerTiendasActivas')).toEqual([{}, { sesion: [] }, { apiTkn: [] }])
    expect(security('post', '/upload-with-email')).toEqual([{}, { sesion: [], csrf: [] }])
  })

  test('every operation documented as needing the session answers 401 to an anonymous caller', async () => {
    const guarded = operationsOf(document).filter(({ operation }) => !operation.security?.some((r) => !r.sesion))
    expect(guarded.length).toBeGreaterThan(20)
    for (const { method, path } of guarded) {
      const url = path.replace(/\{\w+\}/g, '1')
      const res = await t.app.inject({
        method: method.toUpperCase() as 'GET',
        url,
        headers: { host: 'tienda.piel.com.co' },
      })
      expect({ operation: `${method} ${path}`, status: res.statusCode }).toEqual({
        operation: `${method} ${path}`,
        status: 401,
      })
      expect(res.json().codigo).toBe('no_autenticado')
    }
  })

  test('every operation documents a 2XX answer, except the three that never give one', () => {
    const without2xx = operationsOf(document)
      .filter(({ operation }) => !Object.keys(operation.responses).some((status) => /^2/.test(status)))
      .map(({ method, path, operation }) => `${method} ${path} ${Object.keys(operation.responses)}`)
    expect(without2xx).toEqual([
      'get /swagger/api/login/google/iniciar 302,401',
      'get /swagger/api/login/google/callback 302,401',
      'post /swagger/api/persona/AgregarPersonaRedes 400,401',
    ])
  })
})
