import { existsSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { resolve } from 'node:path'
import {
  DEFAULT_SHIPPING_COP,
  EmailSchema,
  MAX_LINE_QUANTITY,
  MAX_UNITS_PER_PRODUCT,
  PasswordSchema,
  PHOTO_RETENTION_DAYS_DEFAULT,
} from '@piel/contracts'
import { z } from 'zod'

/**
 * The only reader of `process.env` (STYLE.md house rule 6). Parsed once at start-up; a bad value
 * stops the process with a message naming the variable.
 */
const DEV_API_CLIENT_KEY = 'piel-web'
const DEV_API_CLIENT_SECRET = 'piel-dev-api-key-cambiar-en-produccion'

/** Milliseconds in one unit of an interval setting (`30m`, `24h`, `7d`). */
const UNIT_MS: Record<string, number> = { m: 60_000, h: 60 * 60_000, d: 24 * 60 * 60_000 }

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'si', 'no'])
  .transform((value) => ['true', '1', 'yes', 'si'].includes(value))

/** `52,19,86` → `['52', '19', '86']`: two-digit codes, at least one, no repeats. */
const departmentCodes = z
  .string()
  .transform((value) => value.split(',').map((code) => code.trim()))
  .pipe(
    z
      .array(z.string().regex(/^\d{2}$/, 'cada código de departamento debe tener 2 dígitos, por ejemplo 52,19,86'))
      .min(1)
      .refine((codes) => new Set(codes).size === codes.length, 'hay códigos de departamento repetidos'),
  )

/** Google sign-in: https, or http for a provider on this machine (the tests' own provider). */
function isHttpsOrLoopback(value: string): boolean {
  const url = new URL(value)
  return url.protocol === 'https:' || ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)
}

/**
 * A Sentry or GlitchTip DSN, `https://<key>@<host>[:port][/path]/<project id>` (what `@sentry/core`'s `makeDsn`
 * reads; checked here first because that function prints a DSN it cannot read, key included).
 */
const SENTRY_DSN_FORMAT = /^https?:\/\/\w+(:\w*)?@(\[[0-9A-Fa-f:.]+\]|[\w.-]+)(:\d{1,5})?\/([\w.~-]+\/)*\d+$/

const ConfigSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'debe empezar por postgres:// o postgresql://')
      .optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    STORE_ID: z.coerce.number().int().positive().default(10018),
    STORE_NAME: z.string().min(1).max(80).default('Piel Dermocosmética'),
    /** Unset: http://localhost:3000, or https://localhost:{PORT} when the server itself speaks TLS. */
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    API_CLIENT_KEY: z.string().min(1).default(DEV_API_CLIENT_KEY),
    API_CLIENT_SECRET: z.string().min(16).default(DEV_API_CLIENT_SECRET),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Seed the demo catalogue when the database is empty. */
    SEED_DEMO_DATA: booleanFromEnv.default(true),
    /** Behind a reverse proxy: take the client address from X-Forwarded-For (rate limits use it). */
    TRUST_PROXY: booleanFromEnv.default(false),
    /** The unit of the login slow-down (ms): an account's waits are 1, 2, 4 then 8 units (accounts/throttle.ts). */
    LOGIN_DELAY_UNIT_MS: z.coerce
      .number()
      .int('debe ser un número entero de milisegundos')
      .min(1, 'debe ser al menos 1')
      .max(10_000, 'no puede pasar de 10000')
      .default(1000),
    /** Accounts one client address may create in an hour (password sign-up and first Google sign-in). */
    REGISTRATIONS_PER_ADDRESS_HOUR: z.coerce
      .number()
      .int('debe ser un número entero')
      .min(1, 'debe ser al menos 1')
      .max(1_000_000)
      .default(10),
    /** Accounts one client address may create in 24 hours. */
    REGISTRATIONS_PER_ADDRESS_DAY: z.coerce
      .number()
      .int('debe ser un número entero')
      .min(1, 'debe ser al menos 1')
      .max(1_000_000)
      .default(30),
    /** More hosts a public (https) shop answers for besides PUBLIC_URL's, comma-separated (`www.tienda.co,10.0.0.5:3000`). */
    ALLOWED_HOSTS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((host) => host.trim())
          .filter((host) => host !== ''),
      )
      .pipe(
        z.array(
          z
            .string()
            .regex(/^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-fA-F:]+\](:\d{1,5})?$/, 'cada host debe ser nombre[:puerto]'),
        ),
      ),
    /** Folder of the built web app served by the API process; empty disables it (API only). */
    WEB_DIST_DIR: z.string().optional(),
    /**
     * DIVIPOLA codes of the departments the address form offers, comma-separated; the first is
     * the form's default (spec 000 §9: Nariño, Cauca, Putumayo). Unknown codes stop start-up.
     */
    ADDRESS_DEPARTMENTS: departmentCodes.default(['52', '19', '86']),
    // "Accede con Google" (docs/decisions/004): available only when both client values are set.
    GOOGLE_CLIENT_ID: z.string().trim().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().trim().min(1).optional(),
    /** OpenID Connect issuer; http only for a provider on this machine (tests). */
    GOOGLE_ISSUER: z
      .url({ protocol: /^https?$/ })
      .refine(isHttpsOrLoopback, 'debe usar https (http solo para un proveedor en 127.0.0.1 o localhost)')
      .default('https://accounts.google.com'),
    /** Mail server (`smtp://` or `smtps://`, credentials in the URL); unset keeps e-mail in `mail_outbox` only. */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/[^/\s]+/, 'debe empezar por smtp:// o smtps:// seguido del servidor')
      .optional(),
    /** Sender of the shop's e-mail; defaults to the store's name at no-responder@piel.local. */
    MAIL_FROM: z.string().min(3).max(200).optional(),
    /** The shop's administrator, created (or marked admin) at start-up when both are set. */
    ADMIN_EMAIL: EmailSchema.optional(),
    ADMIN_PASSWORD: PasswordSchema.optional(),
    /** Shipping cost of an order, whole COP (spec 001 §9: 5000), added once per order. */
    SHIPPING_COST_COP: z.coerce
      .number()
      .int('debe ser un número entero de pesos')
      .min(0, 'no puede ser negativo')
      .max(10_000_000)
      .default(DEFAULT_SHIPPING_COP),
    /**
     * Business days an order takes to arrive once confirmed, `3` or `2-5`: what the skin advisor answers when
     * asked how long delivery takes. Unset: the advisor says it cannot promise a time.
     */
    SHIPPING_BUSINESS_DAYS: z
      .string()
      .trim()
      .regex(/^\d{1,2}(-\d{1,2})?$/, 'debe ser un número de días hábiles (3) o un rango (2-5)')
      .transform((value) => {
        const [min = 0, max = min] = value.split('-').map(Number)
        return { min, max }
      })
      .refine(
        ({ min, max }) => min >= 1 && max >= min,
        'debe ser un rango de días hábiles de al menos 1, de menor a mayor',
      )
      .optional(),
    /**
     * Hours an unpaid order keeps its stock reserved once a payment of it has started (counted from the
     * order's creation) before it is cancelled.
     */
    ORDER_EXPIRY_HOURS: z.coerce
      .number()
      .positive('debe ser mayor que 0')
      .max(24 * 90)
      .default(24),
    /** Minutes a new order holds its units while no payment of it has started (issue 29: stock denial). */
    ORDER_HOLD_MINUTES: z.coerce
      .number()
      .int('debe ser un número entero de minutos')
      .min(1, 'debe ser al menos 1 minuto')
      .max(24 * 60 * 90)
      .default(60),
    /** Units one person may hold at once in unpaid orders. */
    ORDER_MAX_HELD_UNITS_PER_PERSON: z.coerce
      .number()
      .int('debe ser un número entero')
      .min(1, 'debe ser al menos 1')
      .max(1_000_000)
      .default(40),
    /** Units held at once in unpaid orders placed from one address (a family or a carrier's NAT share one). */
    ORDER_MAX_HELD_UNITS_PER_ADDRESS: z.coerce
      .number()
      .int('debe ser un número entero')
      .min(1, 'debe ser al menos 1')
      .max(1_000_000)
      .default(150),
    /** Units of one product an order may take (against hoarding); the web's cart stops at 10. */
    ORDER_MAX_UNITS_PER_PRODUCT: z.coerce
      .number()
      .int('debe ser un número entero')
      .min(1, 'debe ser al menos 1')
      .max(MAX_LINE_QUANTITY, `no puede pasar de ${MAX_LINE_QUANTITY}`)
      .default(MAX_UNITS_PER_PRODUCT),
    /** Unpaid orders (still holding stock) a person may have at once. */
    ORDER_MAX_UNPAID: z.coerce
      .number()
      .int('debe ser un número entero')
      .min(1, 'debe ser al menos 1')
      .max(1_000_000)
      .default(3),
    /** Cancel unpaid orders past their expiry every minute in this process (tests turn it off). */
    ORDER_EXPIRY_SWEEP: booleanFromEnv.default(true),
    /** Days a face photo (and a skin analysis) is kept before it is deleted (the data policy promises 30). */
    PHOTO_RETENTION_DAYS: z.coerce
      .number()
      .int('debe ser un número entero de días')
      .min(1, 'debe ser al menos 1 día')
      .max(3650)
      .default(PHOTO_RETENTION_DAYS_DEFAULT),
    /** Delete photos and analyses past their retention every hour in this process (tests turn it off). */
    PHOTO_RETENTION_SWEEP: booleanFromEnv.default(true),
    /**
     * The embedded database (PGlite has no autovacuum): vacuum and refresh the planner's statistics at start and
     * every six hours in this process (tests turn it off). PostgreSQL does it by itself.
     */
    DB_MAINTENANCE: booleanFromEnv.default(true),
    /**
     * How often the database and the photos are backed up (`24h`, `12h`, `7d`, `30m`; at least 5 minutes),
     * counted from the newest backup kept; `0` turns the scheduled backups off (tests do).
     */
    BACKUP_EVERY: z
      .string()
      .trim()
      .regex(/^(0|\d{1,4}[mhd])$/, 'debe ser un intervalo como 24h, 12h, 7d o 30m, o 0 para no programarlos')
      .transform((value) => (value === '0' ? null : Number(value.slice(0, -1)) * (UNIT_MS[value.slice(-1)] ?? 0)))
      .refine((ms) => ms === null || ms >= 5 * 60_000, 'debe ser de al menos 5 minutos (5m), o 0')
      .default(24 * 60 * 60_000),
    /** Where backups are written; by default `DATA_DIR/respaldos`. Keep a copy off this machine too. */
    BACKUP_DIR: z.string().trim().min(1).optional(),
    /** How many backups are kept; older ones are deleted once a new one is checked. */
    BACKUP_KEEP: z.coerce
      .number()
      .int('debe ser un número entero')
      .min(1, 'debe ser al menos 1')
      .max(1000, 'no puede pasar de 1000')
      .default(14),
    /** TLS by the server itself (phones open the camera only over https): PEM certificate and key files. */
    HTTPS_CERT: z.string().trim().min(1).optional(),
    HTTPS_KEY: z.string().trim().min(1).optional(),
    /** A self-signed certificate made on first start and kept under DATA_DIR/tls (testing on a phone). */
    HTTPS_SELF_SIGNED: booleanFromEnv.default(false),
    // Wompi (docs/decisions/009): all four keys or none; none runs the Wompi test double in this process.
    WOMPI_PUBLIC_KEY: z
      .string()
      .trim()
      .regex(/^pub_(test|prod)_[A-Za-z0-9]{8,}$/, 'debe ser la llave pública de Wompi (pub_test_… o pub_prod_…)')
      .optional(),
    WOMPI_PRIVATE_KEY: z
      .string()
      .trim()
      .regex(/^prv_(test|prod)_[A-Za-z0-9]{8,}$/, 'debe ser la llave privada de Wompi (prv_test_… o prv_prod_…)')
      .optional(),
    WOMPI_INTEGRITY_SECRET: z
      .string()
      .trim()
      .regex(
        /^(test|prod)_integrity_[A-Za-z0-9]{8,}$/,
        'debe ser el secreto de integridad (test_integrity_… o prod_integrity_…)',
      )
      .optional(),
    WOMPI_EVENTS_SECRET: z
      .string()
      .trim()
      .regex(/^(test|prod)_events_[A-Za-z0-9]{8,}$/, 'debe ser el secreto de eventos (test_events_… o prod_events_…)')
      .optional(),
    /** Wompi's API; by default the sandbox for pub_test_ keys and production for pub_prod_ keys. */
    WOMPI_API_URL: z.url({ protocol: /^https?$/ }).optional(),
    /** Where the browser loads Wompi's widget script from. */
    WOMPI_CHECKOUT_URL: z.url({ protocol: /^https?$/ }).default('https://checkout.wompi.co/widget.js'),
    /** Ask Wompi every minute about payments still pending (lost events); tests turn it off. */
    PAYMENT_RECONCILE_SWEEP: booleanFromEnv.default(true),
    /**
     * An Open-Meteo-compatible forecast service (`{WEATHER_URL}/v1/forecast`) for `POST Clima`; unset,
     * the weather is "No especificado" and the advice uses none.
     */
    WEATHER_URL: z.url({ protocol: /^https?$/ }).optional(),
    /** How long `POST Clima` waits for the weather service, in milliseconds. */
    WEATHER_TIMEOUT_MS: z.coerce.number().int().min(100).max(10_000).default(1500),
    /**
     * An OpenAI-compatible chat-completions endpoint (a local llama.cpp or Ollama server, say) that may
     * phrase the assistant's replies; unset, the built-in replies answer. On any error, timeout or
     * invalid answer the built-in reply is used.
     */
    ASSISTANT_LLM_URL: z.url({ protocol: /^https?$/ }).optional(),
    ASSISTANT_LLM_MODEL: z.string().trim().min(1).max(200).default('local'),
    /** Sent as a bearer token when set; never logged. */
    ASSISTANT_LLM_API_KEY: z.string().trim().min(1).optional(),
    /** How long a reply waits for the model before the built-in one is used, in milliseconds. */
    ASSISTANT_LLM_TIMEOUT_MS: z.coerce.number().int().min(500).max(30_000).default(6000),
    /** Redis for socket.io's adapter: realtime events reach chats connected to any server process. */
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\/[^/\s]+/, 'debe empezar por redis:// o rediss:// seguido del servidor')
      .optional(),
    /**
     * Worker threads that analyse face photos (each loads the face models once, about 200 MB): by
     * default the machine's cores minus one, so that one core always serves the shop.
     */
    ANALYSIS_WORKERS: z.coerce
      .number()
      .int('debe ser un número entero')
      .min(1, 'debe ser al menos 1')
      .max(64, 'no puede pasar de 64')
      .default(Math.max(1, availableParallelism() - 1)),
    /** Photos that may wait for a free worker; one more answers 503 with Retry-After at once. */
    ANALYSIS_QUEUE_LIMIT: z.coerce
      .number()
      .int('debe ser un número entero')
      .min(0, 'no puede ser negativo')
      .max(10_000, 'no puede pasar de 10000')
      .default(24),
    /**
     * `local`: this process's worker threads analyse the photos it receives. `redis`: the photos go
     * through a job queue in REDIS_URL and the analysis processes (`npm run start:analysis`) take them.
     */
    ANALYSIS_QUEUE: z.enum(['local', 'redis']).default('local'),
    /**
     * `/metrics` (Prometheus) answers the machine itself; from elsewhere only with this bearer token.
     * Unset: loopback only. Never logged.
     */
    METRICS_TOKEN: z.string().trim().min(16, 'debe tener al menos 16 caracteres').optional(),
    /**
     * Sentry or GlitchTip (docs/decisions/019): the error reports, already scrubbed, are also sent there
     * by the server. Unset: nothing leaves the machine. Its key is never logged nor shown.
     */
    SENTRY_DSN: z
      .string()
      .trim()
      .regex(SENTRY_DSN_FORMAT, 'debe ser el DSN del proyecto: https://<clave>@<servidor>/<número de proyecto>')
      // Zod runs a refinement after a failed check too: a value that is no DSN was refused just above.
      .refine(
        (value) => !SENTRY_DSN_FORMAT.test(value) || isHttpsOrLoopback(value),
        'debe usar https (http solo para un servicio en 127.0.0.1 o localhost)',
      )
      .optional(),
    /** The environment the reports are filed under in Sentry or GlitchTip. */
    SENTRY_ENVIRONMENT: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'debe ser un nombre corto sin espacios ni barras, por ejemplo production')
      .default('production'),
  })
  .superRefine((config, ctx) => {
    if (config.ANALYSIS_QUEUE === 'redis' && config.REDIS_URL === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['REDIS_URL'],
        message: 'falta; ANALYSIS_QUEUE=redis reparte los análisis por la cola de Redis',
      })
    }
    for (const [present, missing] of [
      ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
      ['GOOGLE_CLIENT_SECRET', 'GOOGLE_CLIENT_ID'],
    ] as const) {
      if (config[present] !== undefined && config[missing] === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: [missing],
          message: `falta; el acceso con Google necesita ${missing} junto con ${present} (defina las dos o ninguna)`,
        })
      }
    }
    if ((config.HTTPS_CERT === undefined) !== (config.HTTPS_KEY === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [config.HTTPS_CERT === undefined ? 'HTTPS_CERT' : 'HTTPS_KEY'],
        message: 'HTTPS_CERT y HTTPS_KEY van juntas: defina las dos o ninguna',
      })
    }
    for (const name of ['HTTPS_CERT', 'HTTPS_KEY'] as const) {
      const file = config[name]
      if (file !== undefined && !existsSync(resolve(file))) {
        ctx.addIssue({ code: 'custom', path: [name], message: `el archivo ${resolve(file)} no existe` })
      }
    }
    const hasCertificateFiles = config.HTTPS_CERT !== undefined || config.HTTPS_KEY !== undefined
    if (config.HTTPS_SELF_SIGNED && hasCertificateFiles) {
      ctx.addIssue({
        code: 'custom',
        path: ['HTTPS_SELF_SIGNED'],
        message: 'no se combina con HTTPS_CERT y HTTPS_KEY: use su certificado o el autofirmado, no los dos',
      })
    }
    const speaksTls = config.HTTPS_SELF_SIGNED || hasCertificateFiles
    if (speaksTls && config.PUBLIC_URL?.startsWith('http://')) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message: 'debe empezar por https:// cuando el servidor usa TLS (HTTPS_CERT o HTTPS_SELF_SIGNED)',
      })
    }
    // A self-signed certificate is for trying the shop on a phone, never for a public site.
    const isHttps = config.PUBLIC_URL?.startsWith('https://') ?? speaksTls
    if (isHttps && !config.HTTPS_SELF_SIGNED && config.API_CLIENT_SECRET === DEV_API_CLIENT_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['API_CLIENT_SECRET'],
        message: 'usa la clave de desarrollo con PUBLIC_URL https; defina una clave propia',
      })
    }
    const wompiKeys = [
      'WOMPI_PUBLIC_KEY',
      'WOMPI_PRIVATE_KEY',
      'WOMPI_INTEGRITY_SECRET',
      'WOMPI_EVENTS_SECRET',
    ] as const
    const wompiSet = wompiKeys.filter((name) => config[name] !== undefined)
    if (wompiSet.length > 0 && wompiSet.length < wompiKeys.length) {
      for (const name of wompiKeys.filter((key) => config[key] === undefined)) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: `falta; las cuatro llaves de Wompi van juntas (${wompiKeys.join(', ')}): defina todas o ninguna`,
        })
      }
    }
    if (wompiSet.length === wompiKeys.length) {
      const environments = new Set(wompiSet.map((name) => (/(^|_)prod_/.test(config[name] ?? '') ? 'prod' : 'test')))
      if (environments.size > 1) {
        ctx.addIssue({
          code: 'custom',
          path: ['WOMPI_PUBLIC_KEY'],
          message: 'las llaves de Wompi mezclan pruebas (test) y producción (prod): use las cuatro del mismo ambiente',
        })
      }
    }
    // Without keys the Wompi test double takes the payments, and anybody can approve a test payment there.
    if (isHttps && !config.HTTPS_SELF_SIGNED && wompiSet.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['WOMPI_PUBLIC_KEY'],
        message:
          'falta: un sitio público (PUBLIC_URL https) necesita las llaves de Wompi (de pruebas o de producción); sin ellas los pagos irían al doble de pruebas local',
      })
    }
    if ((config.ADMIN_EMAIL === undefined) !== (config.ADMIN_PASSWORD === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [config.ADMIN_EMAIL === undefined ? 'ADMIN_EMAIL' : 'ADMIN_PASSWORD'],
        message: 'ADMIN_EMAIL y ADMIN_PASSWORD van juntas: defina las dos o ninguna',
      })
    }
  })
  .transform((config) => ({
    ...config,
    PUBLIC_URL:
      config.PUBLIC_URL ??
      (config.HTTPS_SELF_SIGNED || config.HTTPS_CERT
        ? `https://localhost:${config.PORT}`
        : `http://localhost:${config.PORT}`),
    MAIL_FROM: config.MAIL_FROM ?? `"${config.STORE_NAME.replace(/["\\]/g, '')}" <no-responder@piel.local>`,
  }))

export type Config = z.infer<typeof ConfigSchema>

export class ConfigError extends Error {
  override name = 'ConfigError'
}

/** Parses the environment; throws `ConfigError` listing every bad variable by name. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''))
  const result = ConfigSchema.safeParse(present)
  if (result.success) return result.data
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.') || '(config)'}: ${issue.message}`)
  throw new ConfigError(`Configuración inválida:\n${lines.join('\n')}`)
}

/**
 * The environment of a program the server runs (pg_dump): the machine's PATH and locale-free output,
 * plus `extra`; nothing else of the server's own environment (its secrets) is passed on.
 */
export const childEnvironment = (extra: Record<string, string>): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH,
  LANG: 'C',
  LC_ALL: 'C',
  ...extra,
})

export const isPostgres = (config: Pick<Config, 'DATABASE_URL'>): boolean => config.DATABASE_URL !== undefined

/** The Google client, when "Accede con Google" is configured (both values set); null otherwise. */
export function googleClientOf(config: Config): { clientId: string; clientSecret: string; issuer: string } | null {
  if (!config.GOOGLE_CLIENT_ID || !config.GOOGLE_CLIENT_SECRET) return null
  return { clientId: config.GOOGLE_CLIENT_ID, clientSecret: config.GOOGLE_CLIENT_SECRET, issuer: config.GOOGLE_ISSUER }
}
