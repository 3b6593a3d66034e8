import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { copyFile, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { BACKUP_NAME_PATTERN, type Backup, BackupListSchema, BackupSchema } from '@piel/contracts'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { TestApp } from '../../../test/app'
import { createPostgresTestDatabase, TEST_DB } from '../../../test/database'
import { createProduct } from '../../../test/factories'
import { addAddress, placeOrder } from '../../../test/orders'
import { loginAs, registerPerson, TEST_PASSWORD, type TestSession } from '../../../test/session'
import { multipart, randomCode, testPhoto } from '../../../test/uploads'
import { cardToken, startPaymentShop } from '../../../test/wompi'
import { type Database, openDatabase } from '../../db'
import { DataDirBusyError, lockDataDir } from '../../shared/data-dir-lock'
import { BackupError, verifyBackup } from './archive'
import { restoreBackup } from './restore'

/**
 * Issue 33: backups and a restore that is proven. A shop with customers, orders, payments and a
 * face photo is backed up from the back office, the file restored into another place, and every
 * table (and photo) compared; the restored shop answers its shopper.
 */
let t: TestApp
let gateway: Awaited<ReturnType<typeof startPaymentShop>>['gateway']
let dataDir: string
let admin: TestSession
let shopper: TestSession
let orderId: number
const places: string[] = []
const dropLater: (() => Promise<void>)[] = []
const ADMIN = { email: 'admin@piel.example', password: 'Administra2024' }
const PUBLIC_URL = 'http://tienda.piel.test'

const api = (method: 'GET' | 'POST', url: string, who: TestSession | null = admin) =>
  t.app.inject({ method, url: `/swagger/api/${url}`, headers: who ? who.headers : {} })

async function freshPlace(prefix: string) {
  const dir = await mkdtemp(join(tmpdir(), prefix))
  places.push(dir)
  return dir
}

beforeAll(async () => {
  dataDir = await freshPlace('piel-backups-')
  ;({ t, gateway } = await startPaymentShop({
    DATA_DIR: dataDir,
    PUBLIC_URL,
    BACKUP_KEEP: '3',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  }))
  admin = await loginAs(t.app, ADMIN.email, ADMIN.password)
  // A shop with a customer, an order paid by card, and a face photo.
  const productId = (await createProduct(t.database.db, { price: 52_000, stock: 20 })).id
  shopper = await registerPerson(t.app)
  const addressId = await addAddress(t.app, shopper)
  const placed = await placeOrder(t.app, shopper, addressId, [[productId, 2]])
  expect(placed.statusCode, placed.body).toBe(200)
  orderId = placed.json().idOrden
  const paid = await t.app.inject({
    method: 'POST',
    url: '/swagger/api/pago/PagarConTarjeta',
    headers: shopper.headers,
    payload: {
      idOrden: orderId,
      tokenTarjeta: await cardToken(gateway, '4242424242424242'),
      numeroCuotas: 1,
      aceptaTerminos: true,
    },
  })
  expect(paid.json(), paid.body).toMatchObject({ codSalida: 'APPROVED' })
  const form = multipart([
    { name: 'file', filename: 'rostro.jpg', contentType: 'image/jpeg', data: await testPhoto() },
    { name: 'code', value: randomCode() },
    { name: 'consentimiento', value: 'true' },
  ])
  const uploaded = await t.app.inject({
    method: 'POST',
    url: '/upload-with-email',
    headers: { ...form.headers, ...shopper.headers },
    payload: form.payload,
  })
  expect(uploaded.statusCode, uploaded.body).toBe(200)
})

afterAll(async () => {
  await t?.close()
  for (const drop of dropLater) await drop()
  for (const dir of places) await rm(dir, { recursive: true, force: true })
})

async function rowsOf<T>(database: Database, query: string): Promise<T[]> {
  return ((await database.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows
}

/** Every row of every table of the shop's schemas as text, in a stable order, and every sequence's value. */
async function contentsOf(database: Database): Promise<Record<string, string[]>> {
  const shopSchemas = `schemaname in ('public', 'drizzle')`
  const tables = await rowsOf<{ name: string }>(
    database,
    `select format('%I.%I', schemaname, tablename) as name from pg_tables where ${shopSchemas} order by 1`,
  )
  const contents: Record<string, string[]> = {}
  for (const { name } of tables) {
    const rows = await rowsOf<{ row: string }>(database, `select t::text as row from ${name} t order by 1`)
    contents[name] = rows.map((r) => r.row)
  }
  const sequences = await rowsOf<{ name: string }>(
    database,
    `select format('%I.%I', schemaname, sequencename) as name from pg_sequences where ${shopSchemas} order by 1`,
  )
  for (const { name } of sequences) {
    const value = await rowsOf<{ v: string }>(database, `select last_value::text || is_called::text as v from ${name}`)
    contents[`sequence ${name}`] = value.map((r) => r.v)
  }
  return contents
}

const fileHash = async (path: string) =>
  createHash('sha256')
    .update(await readFile(path))
    .digest('hex')

async function photosOf(dir: string): Promise<Record<string, string>> {
  const names = existsSync(dir) ? (await readdir(dir)).sort() : []
  return Object.fromEntries(await Promise.all(names.map(async (n) => [n, await fileHash(join(dir, n))] as const)))
}

/** A place to restore into: an empty DATA_DIR, and with PostgreSQL an empty database too. */
async function emptyTarget(): Promise<{ DATA_DIR: string; DATABASE_URL?: string }> {
  const DATA_DIR = await freshPlace('piel-restore-')
  if (TEST_DB === 'pglite') return { DATA_DIR }
  const created = await createPostgresTestDatabase()
  dropLater.push(created.drop)
  return { DATA_DIR, DATABASE_URL: created.url }
}

const openRestored = (target: { DATA_DIR: string; DATABASE_URL?: string }) =>
  target.DATABASE_URL
    ? openDatabase({ kind: 'postgres', url: target.DATABASE_URL })
    : openDatabase({ kind: 'pglite', dataDir: join(target.DATA_DIR, 'pglite') })

let made: Backup
/** The shop as it was when the backup was made (the audit entry of making it comes after). */
let atBackup: Record<string, string[]>
const backupPath = () => join(dataDir, 'respaldos', made.nombre)

describe('a backup from the back office, restored elsewhere', () => {
  test('"Crear respaldo ahora" makes a checked backup that the list and the download show', async () => {
    atBackup = await contentsOf(t.database)
    const res = await api('POST', 'admin/respaldos')
    expect(res.statusCode, res.body).toBe(201)
    made = BackupSchema.parse(res.json())
    expect(made.nombre).toMatch(BACKUP_NAME_PATTERN)
    expect(made.origen).toBe('manual')
    expect(made.baseDeDatos).toBe(TEST_DB)
    // With the embedded database the photo is a file in the backup; with PostgreSQL it is in the database.
    expect(made.fotos).toBe(TEST_DB === 'pglite' ? 1 : 0)

    const list = BackupListSchema.parse((await api('GET', 'admin/respaldos')).json())
    expect(list.respaldos.map((b) => b.nombre)).toEqual([made.nombre])
    expect(list).toMatchObject({ cadaHoras: null, proximo: null, conservar: 3, enCurso: false })

    const download = await api('GET', `admin/respaldos/${made.nombre}`)
    expect(download.statusCode).toBe(200)
    expect(download.headers['content-type']).toBe('application/gzip')
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${made.nombre}"`)
    expect(download.rawPayload.equals(await readFile(backupPath()))).toBe(true)
    // Operators see it: a counter and the moment of the last one.
    const metrics = (await t.app.inject({ method: 'GET', url: '/metrics' })).body
    expect(metrics).toMatch(/^piel_backups_total\{result="ok"\} 1$/m)
    expect(metrics).toContain(`piel_backup_last_success_timestamp_seconds ${Date.parse(made.creado) / 1000}`)
    const manifest = await verifyBackup(backupPath())
    expect(manifest.files.map((f) => f.path)[0]).toBe('base-de-datos.sql')
  })

  test('restored into an empty place, every table, sequence and photo is the same, and the shopper finds the order', async () => {
    const before = atBackup
    expect(before['public.orders']).toHaveLength(1)
    expect(before['public.payments']?.length).toBeGreaterThan(0)
    expect(before['public.persons']?.length).toBeGreaterThanOrEqual(2)
    expect(before['public.photos']).toHaveLength(1)

    const target = await emptyTarget()
    const { manifest, setAside } = await restoreBackup({ file: backupPath(), config: target })
    expect(setAside).toBeNull()
    expect(manifest.createdAt).toBe(made.creado)

    const restored = await openRestored(target)
    try {
      expect(await contentsOf(restored)).toEqual(before)
      if (TEST_DB === 'pglite') {
        expect(await photosOf(join(target.DATA_DIR, 'fotos'))).toEqual(await photosOf(join(dataDir, 'fotos')))
      }
      // The restored shop: the shopper signs in with the same password and sees the paid order.
      const { buildTestApp } = await import('../../../test/app')
      const shop = await buildTestApp({ DATA_DIR: target.DATA_DIR }, {}, { database: restored })
      try {
        const again = await loginAs(shop.app, shopper.email, TEST_PASSWORD)
        const mine = await shop.app.inject({
          method: 'GET',
          url: '/swagger/api/orden/MisOrdenes',
          headers: again.headers,
        })
        expect(mine.statusCode).toBe(200)
        expect(mine.json()).toMatchObject([
          { id: orderId, total: 2 * 52_000 + 5_000, productos: [{ cantidadComprada: 2 }] },
        ])
      } finally {
        await shop.app.close()
      }
    } finally {
      await restored.close()
    }
  })

  test('a restore refuses a place that is not empty, and with --reemplazar sets the old data aside', async () => {
    const target = await emptyTarget()
    await restoreBackup({ file: backupPath(), config: target })
    const refused = restoreBackup({ file: backupPath(), config: target })
    await expect(refused).rejects.toThrow(BackupError)
    await expect(refused).rejects.toThrow(/no se restaura encima/)

    const { setAside } = await restoreBackup({ file: backupPath(), config: target, replace: true })
    const restored = await openRestored(target)
    try {
      expect(await contentsOf(restored)).toEqual(atBackup)
    } finally {
      await restored.close()
    }
    if (TEST_DB === 'pglite') {
      expect(setAside).toMatch(/antes-de-restaurar-/)
      expect((await readdir(setAside as string)).sort()).toEqual(['fotos', 'pglite'])
      // Not under a running server: while it holds DATA_DIR the restore is refused and changes nothing.
      const server = await lockDataDir(target.DATA_DIR, 'el servidor')
      try {
        const busy = restoreBackup({ file: backupPath(), config: target, replace: true })
        await expect(busy).rejects.toThrow(DataDirBusyError)
        await expect(busy).rejects.toThrow(/la abrió el servidor/)
        expect((await readdir(target.DATA_DIR)).filter((name) => name.startsWith('antes-de-restaurar-'))).toHaveLength(
          1,
        )
      } finally {
        await server.release()
      }
    } else {
      expect(setAside).toBeNull()
    }
  })

  test('a damaged backup is refused and the place it was to go stays empty', async () => {
    const damaged = join(await freshPlace('piel-damaged-'), made.nombre)
    await copyFile(backupPath(), damaged)
    const bytes = await readFile(damaged)
    const middle = Math.floor(bytes.length / 2)
    bytes[middle] = (bytes[middle] ?? 0) ^ 0xff
    await writeFile(damaged, bytes)
    await expect(verifyBackup(damaged)).rejects.toThrow(BackupError)

    const target = await emptyTarget()
    await expect(restoreBackup({ file: damaged, config: target })).rejects.toThrow(BackupError)
    expect(await readdir(target.DATA_DIR)).toEqual([])
    if (target.DATABASE_URL) {
      const database = await openRestored(target)
      try {
        expect(await database.tableCount()).toBe(0)
      } finally {
        await database.close()
      }
    }
  })
})

describe('the back office keeps backups in check', () => {
  test('two at once: one is made, the other answers 409 in Spanish', async () => {
    const [a, b] = await Promise.all([api('POST', 'admin/respaldos'), api('POST', 'admin/respaldos')])
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409])
    const refused = a.statusCode === 409 ? a : b
    expect(refused.json()).toEqual({
      codigo: 'respaldo_en_curso',
      mensaje: 'Ya se está haciendo un respaldo; espere a que termine.',
    })
  })

  test('only the BACKUP_KEEP newest are kept, newest first', async () => {
    for (let i = 0; i < 3; i++) expect((await api('POST', 'admin/respaldos')).statusCode).toBe(201)
    const { respaldos } = BackupListSchema.parse((await api('GET', 'admin/respaldos')).json())
    expect(respaldos).toHaveLength(3)
    expect(respaldos.map((b) => b.nombre)).not.toContain(made.nombre)
    const dates = respaldos.map((b) => b.creado)
    expect(dates).toEqual([...dates].sort().reverse())
    const files = (await readdir(join(dataDir, 'respaldos'))).filter((n) => BACKUP_NAME_PATTERN.test(n))
    expect(files.sort()).toEqual(respaldos.map((b) => b.nombre).sort())
  })

  test('only administrators list, make or download backups', async () => {
    for (const who of [shopper, null]) {
      const status = who ? 403 : 401
      expect((await api('GET', 'admin/respaldos', who)).statusCode).toBe(status)
      expect((await api('POST', 'admin/respaldos', who)).statusCode).toBe(status)
      expect((await api('GET', `admin/respaldos/${made.nombre}`, who)).statusCode).toBe(status)
    }
  })

  test('a name that is not a backup: 400 when malformed, 404 when unknown; nothing outside the folder is served', async () => {
    const malformed = await api('GET', 'admin/respaldos/..%2F..%2Fpglite%2FPG_VERSION')
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json().mensaje).toMatch(/nombre debe ser el de un respaldo/)
    const unknown = await api('GET', 'admin/respaldos/piel-respaldo-20200101-000000Z.tar.gz')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().mensaje).toBe('No hay un respaldo con ese nombre.')
  })

  test('each backup made or downloaded from the back office is in the audit log', async () => {
    const audit = await rowsOf<{ action: string; entity_id: string }>(
      t.database,
      `select action, entity_id from audit_log where entity = 'respaldo' order by id`,
    )
    expect(audit[0]).toEqual({ action: 'crear', entity_id: made.nombre })
    expect(audit.some((row) => row.action === 'descargar' && row.entity_id === made.nombre)).toBe(true)
  })
})
