import { describe, expect, test } from 'vitest'
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
  ])('a bad %s (%s) stops start-up with a message naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError)
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Configuración inválida:\\n  ${name}:`))
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
      loadConfig({ PUBLIC_URL: 'https://piel.com.co', API_CLIENT_SECRET: 'una-clave-larga-y-propia-123' }).PUBLIC_URL,
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
