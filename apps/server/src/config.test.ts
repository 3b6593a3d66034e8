import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { WOMPI_SANDBOX_KEYS } from '../test/app'
import { ConfigError, loadConfig } from './config'

describe('loadConfig', () => {
  test('an empty environment gives the documented defaults (embedded database, store 10018, port 3000)', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: '0.0.0.0',
      DATA_DIR: './data',
      STORE_ID: 10018,
      SEED_DEMO_DATA: true,
      PHOTO_RETENTION_DAYS: 30,
      PHOTO_RETENTION_SWEEP: true,
    })
    expect(config.DATABASE_URL).toBeUndefined()
    expect(config.REDIS_URL).toBeUndefined()
  })

  test.each([
    ['PORT', 'tres mil'],
    ['PORT', '70000'],
    ['STORE_ID', '-4'],
    ['DATABASE_URL', 'mysql://localhost/piel'],
    ['PUBLIC_URL', 'localhost:3000'],
    ['LOG_LEVEL', 'verbose'],
    ['SEED_DEMO_DATA', 'quizas'],
    ['API_CLIENT_SECRET', 'corta'],
    ['PHOTO_RETENTION_DAYS', '0'],
    ['PHOTO_RETENTION_DAYS', 'un mes'],
    ['PHOTO_RETENTION_SWEEP', 'quizas'],
    ['REDIS_URL', 'localhost:6379'],
    ['ANALYSIS_WORKERS', '0'],
    ['ANALYSIS_WORKERS', 'dos'],
    ['ANALYSIS_QUEUE_LIMIT', '-1'],
    ['ANALYSIS_QUEUE', 'kafka'],
    ['SENTRY_DSN', 'https://sentry.example.com/42'],
    ['SENTRY_DSN', 'https://clave@sentry.example.com/proyecto'],
    ['SENTRY_DSN', 'http://clave@glitchtip.example.com/3'],
    ['SENTRY_ENVIRONMENT', 'pro duccion'],
  ])('a bad %s (%s) stops start-up with a message naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError)
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Configuración inválida:\\n  ${name}:`))
  })

  test("Sentry or GlitchTip: a project's DSN (http only on this machine), production by default; a bad one is not echoed", () => {
    expect(loadConfig({}).SENTRY_DSN).toBeUndefined()
    expect(loadConfig({}).SENTRY_ENVIRONMENT).toBe('production')
    for (const dsn of ['https://0a1b2c@o1.ingest.sentry.io/123', 'http://0a1b2c@127.0.0.1:8000/glitchtip/7']) {
      expect(loadConfig({ SENTRY_DSN: dsn, SENTRY_ENVIRONMENT: 'staging' })).toMatchObject({
        SENTRY_DSN: dsn,
        SENTRY_ENVIRONMENT: 'staging',
      })
    }
    expect(() => loadConfig({ SENTRY_DSN: 'https://llave-secreta@sentry.example.com/' })).toThrow(
      /^Configuración inválida:\n {2}SENTRY_DSN: debe ser el DSN del proyecto[^\n]*$/,
    )
    expect(() => loadConfig({ SENTRY_DSN: 'https://llavesecreta@sentry.example.com/' })).toThrow(ConfigError)
    expect(() => loadConfig({ SENTRY_DSN: 'https://llavesecreta@sentry.example.com/' })).not.toThrow(/llavesecreta/)
  })

  test('analyses: one worker thread fewer than the cores (at least one), 24 waiting, in this process', () => {
    const config = loadConfig({})
    expect(config.ANALYSIS_WORKERS).toBe(Math.max(1, availableParallelism() - 1))
    expect(config).toMatchObject({ ANALYSIS_QUEUE_LIMIT: 24, ANALYSIS_QUEUE: 'local' })
    expect(loadConfig({ ANALYSIS_WORKERS: '3', ANALYSIS_QUEUE_LIMIT: '0' })).toMatchObject({
      ANALYSIS_WORKERS: 3,
      ANALYSIS_QUEUE_LIMIT: 0,
    })
  })

  test('backups: daily into DATA_DIR/respaldos, 14 kept; an interval in m, h or d, 0 turns them off', () => {
    expect(loadConfig({})).toMatchObject({ BACKUP_EVERY: 24 * 3_600_000, BACKUP_KEEP: 14 })
    expect(loadConfig({}).BACKUP_DIR).toBeUndefined()
    expect(loadConfig({ BACKUP_EVERY: '12h' }).BACKUP_EVERY).toBe(12 * 3_600_000)
    expect(loadConfig({ BACKUP_EVERY: '7d' }).BACKUP_EVERY).toBe(7 * 24 * 3_600_000)
    expect(loadConfig({ BACKUP_EVERY: '30m' }).BACKUP_EVERY).toBe(30 * 60_000)
    expect(loadConfig({ BACKUP_EVERY: '0' }).BACKUP_EVERY).toBeNull()
    expect(() => loadConfig({ BACKUP_EVERY: 'diario' })).toThrow(/BACKUP_EVERY: debe ser un intervalo como 24h/)
    expect(() => loadConfig({ BACKUP_EVERY: '2m' })).toThrow(/BACKUP_EVERY: debe ser de al menos 5 minutos/)
    expect(() => loadConfig({ BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP: debe ser al menos 1/)
  })

  test('the Redis job queue of the analyses needs REDIS_URL, and says so', () => {
    expect(() => loadConfig({ ANALYSIS_QUEUE: 'redis' })).toThrow(/REDIS_URL: falta; ANALYSIS_QUEUE=redis/)
    expect(loadConfig({ ANALYSIS_QUEUE: 'redis', REDIS_URL: 'redis://127.0.0.1:6379' }).ANALYSIS_QUEUE).toBe('redis')
  })

  test('every bad variable is named at once', () => {
    const error = (() => {
      try {
        loadConfig({ PORT: 'x', STORE_ID: 'y' })
      } catch (caught) {
        return caught as Error
      }
    })()
    expect(error?.message).toContain('PORT:')
    expect(error?.message).toContain('STORE_ID:')
  })

  test('a public https site refuses the development API client secret', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'https://piel.com.co' })).toThrow(/API_CLIENT_SECRET/)
    expect(
      loadConfig({
        PUBLIC_URL: 'https://piel.com.co',
        API_CLIENT_SECRET: 'una-clave-larga-y-propia-123',
        ...WOMPI_SANDBOX_KEYS,
      }).PUBLIC_URL,
    ).toBe('https://piel.com.co')
  })

  test('empty variables count as unset', () => {
    const config = loadConfig({ DATABASE_URL: '', PORT: '' })
    expect(config.PORT).toBe(3000)
    expect(config.DATABASE_URL).toBeUndefined()
  })
})

describe('loadConfig: mail and the administrator', () => {
  test('mail stays in the outbox by default, sent as the store name at no-responder@piel.local', () => {
    const config = loadConfig({ STORE_NAME: 'Dermo Nariño' })
    expect(config.SMTP_URL).toBeUndefined()
    expect(config.MAIL_FROM).toBe('"Dermo Nariño" <no-responder@piel.local>')
    expect(loadConfig({ MAIL_FROM: 'Tienda <hola@tienda.co>' }).MAIL_FROM).toBe('Tienda <hola@tienda.co>')
  })

  test.each(['smtp://127.0.0.1:2525', 'smtps://usuario:clave@smtp.ejemplo.com:465'])(
    'SMTP_URL %s is accepted',
    (url) => {
      expect(loadConfig({ SMTP_URL: url }).SMTP_URL).toBe(url)
    },
  )

  test.each(['http://smtp.ejemplo.com', 'smtp.ejemplo.com:25', 'smtp://'])('SMTP_URL %s stops start-up', (url) => {
    expect(() => loadConfig({ SMTP_URL: url })).toThrow(/^Configuración inválida:\n {2}SMTP_URL:/)
  })

  test('ADMIN_EMAIL and ADMIN_PASSWORD go together, with a valid e-mail and a password that meets the rules', () => {
    expect(loadConfig({ ADMIN_EMAIL: 'Jefa@Piel.co', ADMIN_PASSWORD: 'Segura2024' })).toMatchObject({
      ADMIN_EMAIL: 'jefa@piel.co',
      ADMIN_PASSWORD: 'Segura2024',
    })
    expect(() => loadConfig({ ADMIN_EMAIL: 'jefa@piel.co' })).toThrow(/ADMIN_PASSWORD: /)
    expect(() => loadConfig({ ADMIN_PASSWORD: 'Segura2024' })).toThrow(/ADMIN_EMAIL: /)
    expect(() => loadConfig({ ADMIN_EMAIL: 'jefa', ADMIN_PASSWORD: 'Segura2024' })).toThrow(
      /ADMIN_EMAIL: Correo inválido/,
    )
    expect(() => loadConfig({ ADMIN_EMAIL: 'jefa@piel.co', ADMIN_PASSWORD: 'corta' })).toThrow(/ADMIN_PASSWORD: /)
    expect(() => loadConfig({ ADMIN_EMAIL: 'jefa@piel.co', ADMIN_PASSWORD: 'sinmayusculas1' })).toThrow(
      /ADMIN_PASSWORD: Debe contener mínimo un número y una letra mayúscula/,
    )
  })
})

describe('loadConfig: orders', () => {
  test('SHIPPING_BUSINESS_DAYS: a number or a range of business days, or unset; anything else is refused in Spanish', () => {
    expect(loadConfig({}).SHIPPING_BUSINESS_DAYS).toBeUndefined()
    expect(loadConfig({ SHIPPING_BUSINESS_DAYS: '3' }).SHIPPING_BUSINESS_DAYS).toEqual({ min: 3, max: 3 })
    expect(loadConfig({ SHIPPING_BUSINESS_DAYS: ' 2-5 ' }).SHIPPING_BUSINESS_DAYS).toEqual({ min: 2, max: 5 })
    expect(() => loadConfig({ SHIPPING_BUSINESS_DAYS: 'dos' })).toThrow(/SHIPPING_BUSINESS_DAYS.*días hábiles/)
    expect(() => loadConfig({ SHIPPING_BUSINESS_DAYS: '5-2' })).toThrow(/SHIPPING_BUSINESS_DAYS/)
    expect(() => loadConfig({ SHIPPING_BUSINESS_DAYS: '0' })).toThrow(/SHIPPING_BUSINESS_DAYS/)
  })

  test('defaults: shipping 5000 COP, unpaid orders expire after 24 hours, swept in the background', () => {
    expect(loadConfig({})).toMatchObject({ SHIPPING_COST_COP: 5000, ORDER_EXPIRY_HOURS: 24, ORDER_EXPIRY_SWEEP: true })
    expect(
      loadConfig({ SHIPPING_COST_COP: '0', ORDER_EXPIRY_HOURS: '0.5', ORDER_EXPIRY_SWEEP: 'false' }),
    ).toMatchObject({ SHIPPING_COST_COP: 0, ORDER_EXPIRY_HOURS: 0.5, ORDER_EXPIRY_SWEEP: false })
  })

  test.each([
    ['SHIPPING_COST_COP', '-1'],
    ['SHIPPING_COST_COP', '4999.5'],
    ['SHIPPING_COST_COP', 'cinco mil'],
    ['ORDER_EXPIRY_HOURS', '0'],
    ['ORDER_EXPIRY_HOURS', 'un día'],
    ['ORDER_EXPIRY_SWEEP', 'quizas'],
  ])('a bad %s (%s) stops start-up with a message naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Configuración inválida:\\n  ${name}:`))
  })
})

describe('loadConfig: HTTPS', () => {
  let dir: string
  let cert: string
  let key: string
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'piel-config-tls-'))
    cert = join(dir, 'servidor.crt')
    key = join(dir, 'servidor.key')
    await writeFile(cert, 'certificado')
    await writeFile(key, 'clave')
  })
  afterAll(() => rm(dir, { recursive: true, force: true }))

  test('Wompi: no keys by default (the test double), all four or none, one environment, a valid URL', () => {
    const none = loadConfig({})
    expect(none.WOMPI_PUBLIC_KEY).toBeUndefined()
    expect(none.WOMPI_CHECKOUT_URL).toBe('https://checkout.wompi.co/widget.js')
    expect(none.PAYMENT_RECONCILE_SWEEP).toBe(true)
    const keys = {
      WOMPI_PUBLIC_KEY: 'pub_test_X0zDA9xoKdePzhd8a0x9HAez7HgGO2fH',
      WOMPI_PRIVATE_KEY: 'prv_test_434092Xa65F54dd6a181D1f87DFa03CzS',
      WOMPI_INTEGRITY_SECRET: 'test_integrity_ep4b3kSYJg2bWHwL7ulhPCDvaiyGDW7V',
      WOMPI_EVENTS_SECRET: 'test_events_Y49rL5FGw4vTeiUaZaJ957hlpezdPQ0r',
    }
    expect(loadConfig(keys)).toMatchObject(keys)
    expect(() => loadConfig({ WOMPI_PUBLIC_KEY: keys.WOMPI_PUBLIC_KEY })).toThrow(
      /WOMPI_PRIVATE_KEY: falta; las cuatro llaves de Wompi van juntas/,
    )
    expect(() => loadConfig({ ...keys, WOMPI_PUBLIC_KEY: 'pub_prod_Kw4aC0rZVgLZQn209NbEKPuXLzBD28Zx' })).toThrow(
      /mezclan pruebas \(test\) y producción/,
    )
    expect(() => loadConfig({ ...keys, WOMPI_PRIVATE_KEY: keys.WOMPI_PUBLIC_KEY })).toThrow(/WOMPI_PRIVATE_KEY/)
    expect(() => loadConfig({ WOMPI_API_URL: 'sandbox.wompi.co' })).toThrow(/WOMPI_API_URL/)
  })

  test('a public https site must name its Wompi: without keys the payments would go to the local test double', () => {
    const site = { PUBLIC_URL: 'https://piel.com.co', API_CLIENT_SECRET: 'una-clave-larga-y-propia-123' }
    expect(() => loadConfig(site)).toThrow(/WOMPI_PUBLIC_KEY: falta: un sitio público/)
    expect(loadConfig({ ...site, ...WOMPI_SANDBOX_KEYS }).WOMPI_PUBLIC_KEY).toMatch(/^pub_test_/)
    expect(
      loadConfig({ HTTPS_SELF_SIGNED: 'true', PUBLIC_URL: 'https://192.168.1.20:3000' }).WOMPI_PUBLIC_KEY,
    ).toBeUndefined()
  })

  test('PUBLIC_URL follows PORT when unset', () => {
    expect(loadConfig({ PORT: '3210' }).PUBLIC_URL).toBe('http://localhost:3210')
  })

  test('plain HTTP by default, PUBLIC_URL http://localhost:3000', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({ HTTPS_SELF_SIGNED: false, PUBLIC_URL: 'http://localhost:3000' })
    expect(config.HTTPS_CERT).toBeUndefined()
    expect(config.HTTPS_KEY).toBeUndefined()
  })

  test('HTTPS_SELF_SIGNED=true: PUBLIC_URL defaults to https://localhost:{PORT}; the development API key is allowed', () => {
    expect(loadConfig({ HTTPS_SELF_SIGNED: 'true' }).PUBLIC_URL).toBe('https://localhost:3000')
    expect(loadConfig({ HTTPS_SELF_SIGNED: 'true', PORT: '3443' }).PUBLIC_URL).toBe('https://localhost:3443')
    expect(loadConfig({ HTTPS_SELF_SIGNED: 'true', PUBLIC_URL: 'https://192.168.1.20:3000' }).PUBLIC_URL).toBe(
      'https://192.168.1.20:3000',
    )
  })

  test('HTTPS_CERT and HTTPS_KEY of existing files are taken; the site then needs its own API key', () => {
    expect(() => loadConfig({ HTTPS_CERT: cert, HTTPS_KEY: key })).toThrow(/API_CLIENT_SECRET/)
    const config = loadConfig({
      HTTPS_CERT: cert,
      HTTPS_KEY: key,
      API_CLIENT_SECRET: 'una-clave-larga-y-propia-123',
      ...WOMPI_SANDBOX_KEYS,
    })
    expect(config).toMatchObject({ HTTPS_CERT: cert, HTTPS_KEY: key, PUBLIC_URL: 'https://localhost:3000' })
  })

  test.each<[string, () => Record<string, string>, RegExp]>([
    ['HTTPS_CERT without HTTPS_KEY', () => ({ HTTPS_CERT: cert }), /HTTPS_KEY: HTTPS_CERT y HTTPS_KEY van juntas/],
    ['HTTPS_KEY without HTTPS_CERT', () => ({ HTTPS_KEY: key }), /HTTPS_CERT: HTTPS_CERT y HTTPS_KEY van juntas/],
    [
      'a certificate file that does not exist',
      () => ({ HTTPS_CERT: join(dir, 'no.crt'), HTTPS_KEY: key }),
      /HTTPS_CERT: el archivo .*no\.crt no existe/,
    ],
    ['HTTPS_SELF_SIGNED that is not a yes or no', () => ({ HTTPS_SELF_SIGNED: 'quizas' }), /HTTPS_SELF_SIGNED:/],
    [
      'a self-signed certificate and certificate files at once',
      () => ({ HTTPS_SELF_SIGNED: 'true', HTTPS_CERT: cert, HTTPS_KEY: key }),
      /HTTPS_SELF_SIGNED: no se combina/,
    ],
    [
      'TLS with an http:// PUBLIC_URL',
      () => ({ HTTPS_SELF_SIGNED: 'true', PUBLIC_URL: 'http://192.168.1.20:3000' }),
      /PUBLIC_URL: debe empezar por https:\/\//,
    ],
  ])('%s stops start-up with a message naming the variable', (_name, env, message) => {
    expect(() => loadConfig(env())).toThrow(ConfigError)
    expect(() => loadConfig(env())).toThrow(message)
  })
})
