import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { openTestDatabase } from '../../test/database'
import { createStore } from '../../test/factories'
import { registerPerson } from '../../test/session'
import { multipart, randomCode, testPhoto } from '../../test/uploads'
import { buildApp } from '../app'
import { loadConfig } from '../config'
import type { Database } from '../db'
import { safeError, safeUrl } from './log'

/**
 * Issue 15, finding 5: a run of the shop at `info` level — registration, logins right and wrong,
 * a photo sent and read with its chat code, a password recovery — and the log grepped for what must
 * never be in it.
 */
const lines: string[] = []
let database: Database
let app: Awaited<ReturnType<typeof buildApp>>
let dataDir: string

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'piel-log-'))
  database = await openTestDatabase()
  app = await buildApp({
    config: loadConfig({ SEED_DEMO_DATA: 'false', DATA_DIR: dataDir, PHOTO_RETENTION_SWEEP: 'false' }),
    database,
    logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
  })
  await app.ready()
  await createStore(database.db)
}, 120_000)

afterAll(async () => {
  await app?.close()
  await database?.close()
  await rm(dataDir, { recursive: true, force: true })
})

describe('the log', () => {
  test('never holds passwords, hashes, session cookies, documents, phones nor the chat codes of photos', async () => {
    const ana = await registerPerson(app, { telefono: '3157771234', numeroDocumento: '1085123456' })
    await app.inject({ method: 'POST', url: '/swagger/api/login', payload: { email: ana.email, password: 'Mala1234' } })
    await app.inject({
      method: 'POST',
      url: '/swagger/api/login',
      payload: { email: ana.email, password: ana.password },
    })
    await app.inject({ method: 'POST', url: '/swagger/api/login/RecoveryPassword', payload: { email: ana.email } })

    const code = randomCode()
    const form = multipart([
      { name: 'file', filename: 'rostro.jpg', contentType: 'image/jpeg', data: await testPhoto() },
      { name: 'consentimiento', value: 'true' },
    ])
    const upload = await app.inject({
      method: 'POST',
      url: `/upload-with-email?code=${code}`,
      headers: form.headers,
      payload: form.payload,
    })
    expect(upload.statusCode).toBe(200)
    const photoPath = new URL(upload.json().image_url).pathname
    expect((await app.inject({ method: 'GET', url: `${photoPath}?code=${code}` })).statusCode).toBe(200)

    const log = lines.join('\n')
    expect(log).toContain('"url":"/upload-with-email?code=[oculto]"')
    const result = (await database.db.execute(sql`select password_hash from persons where email = ${ana.email}`)) as
      | { rows: { password_hash: string }[] }
      | { password_hash: string }[]
    const [hash] = 'rows' in result ? result.rows : result
    expect(hash?.password_hash).toMatch(/^scrypt\$/)
    for (const secret of [
      ana.password,
      'Mala1234',
      ana.cookie.split(';')[0]?.split('=')[1] ?? 'sin-cookie',
      ana.csrf,
      '3157771234',
      '1085123456',
      code,
      hash?.password_hash ?? 'sin-hash',
      'scrypt$',
    ]) {
      expect(log, secret).not.toContain(secret)
    }
  })
})

describe('the log of request URLs (issue 29, finding 9)', () => {
  test('the signed upload link’s firma and vence, a uid and any e-mail in the query are censored', async () => {
    const firma = 'f1rmaSecretaDelEnlace0123456789abcdef'
    const vence = '1893456000'
    const uid = 'google:109876543210987654321'
    const from = lines.length
    await app.inject({
      method: 'POST',
      url: `/upload-with-email?code=ana%40x.co&firma=${firma}&vence=${vence}`,
      payload: {},
    })
    await app.inject({ method: 'GET', url: `/swagger/api/persona/Sesion?uid=${encodeURIComponent(uid)}&otro=1` })
    await app.inject({ method: 'GET', url: '/swagger/api/Producto/GetByKeyWord?keyWord=a@b.co&email=a@b.co' })
    const log = lines.slice(from).join('\n')
    expect(log).toContain('"url":"/upload-with-email?code=[oculto]&firma=[oculto]&vence=[oculto]"')
    expect(log).toContain('"url":"/swagger/api/persona/Sesion?uid=[oculto]&otro=1"')
    expect(log).toContain('"url":"/swagger/api/Producto/GetByKeyWord?keyWord=[oculto]&email=[oculto]"')
    for (const secret of [firma, vence, 'google', '109876543210987654321', 'a@b.co', 'ana%40x.co']) {
      expect(log, secret).not.toContain(secret)
    }
  })
})

describe('safeUrl and safeError', () => {
  test('the secret parameters of a URL lose their values, the rest stays', () => {
    expect(safeUrl('/fotos/abc?code=ana%40x.co&x=1')).toBe('/fotos/abc?code=[oculto]&x=1')
    expect(safeUrl('/swagger/api/Chatbot/MisAnalisis?userId=ana@x.co')).toBe(
      '/swagger/api/Chatbot/MisAnalisis?userId=[oculto]',
    )
    expect(safeUrl('/swagger/api/orden/5')).toBe('/swagger/api/orden/5')
    expect(safeUrl('/upload?code=ana%40x.co&firma=abc&vence=123&uid=google%3A1&email=a@b.co&w=320')).toBe(
      '/upload?code=[oculto]&firma=[oculto]&vence=[oculto]&uid=[oculto]&email=[oculto]&w=320',
    )
    expect(safeUrl('/x?Firma=abc&de=ana@x.co&para=ana%40x.co#fin')).toBe(
      '/x?Firma=[oculto]&de=[oculto]&para=[oculto]#fin',
    )
  })

  test('a failed statement keeps its SQL and cause, never the values it was given', () => {
    const failed = Object.assign(
      new Error('Failed query: insert into persons ...\nparams: scrypt$16384$8$1$salt$hash,3157771234'),
      {
        name: 'DrizzleQueryError',
        query: 'insert into "persons" ("email", "password_hash") values ($1, $2)',
        params: ['ana@x.co', 'scrypt$16384$8$1$salt$hash'],
        cause: new Error('invalid byte sequence for encoding "UTF8": 0x00'),
      },
    )
    const safe = safeError(failed)
    expect(safe.message).toContain('insert into "persons"')
    expect(safe.message).toContain('invalid byte sequence')
    expect(JSON.stringify(safe)).not.toMatch(/scrypt|3157771234|ana@x\.co/)
  })
})
