import { type ChildProcess, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { Redis } from 'ioredis'
import { registrationBody } from './session'

/**
 * Real server processes (`src/main.ts` through tsx, as in test/process.test.ts) for the tests that
 * need several of them on one PostgreSQL database and this machine's Redis.
 */
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
const serverDir = fileURLToPath(new URL('..', import.meta.url))

export interface ServerProcess {
  child: ChildProcess
  url: string
  exited: Promise<number | null>
  output(): string
}

/** A server process being started: `listening` resolves with its address, or rejects when it exits first. */
export function spawnServer(
  env: Record<string, string>,
  { entry = 'src/main.ts', ready = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/ } = {},
) {
  // Node itself runs the server (tsx as a loader): a signal, SIGKILL included, reaches the server, not a wrapper.
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      SEED_DEMO_DATA: 'false',
      WEB_DIST_DIR: '',
      ORDER_EXPIRY_SWEEP: 'false',
      PHOTO_RETENTION_SWEEP: 'false',
      BACKUP_EVERY: '0',
      // Every test process is reached from 127.0.0.1 by many shoppers: the per-address limits are tested in-process.
      ORDER_MAX_HELD_UNITS_PER_PERSON: '1000000',
      ORDER_MAX_HELD_UNITS_PER_ADDRESS: '1000000',
      REGISTRATIONS_PER_ADDRESS_HOUR: '1000000',
      REGISTRATIONS_PER_ADDRESS_DAY: '1000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  const listening = new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = ready.exec(output)
      if (match) {
        clearInterval(timer)
        resolve(match[1] ?? '')
      }
    }, 50)
    void exited.then(() => {
      clearInterval(timer)
      reject(new Error(`server exited before listening:\n${output}`))
    })
  })
  // A server expected to fail never listens; its rejection is read only by tests that wait for it.
  listening.catch(() => undefined)
  return { child, exited, listening, output: () => output }
}

export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const server = spawnServer(env)
  return { ...server, url: await server.listening }
}

/** An analysis process (`npm run start:analysis`: src/analysis-main.ts), once it takes jobs from Redis; it has no URL. */
export async function startAnalysisProcess(env: Record<string, string>): Promise<ServerProcess> {
  const analysis = spawnServer(env, { entry: 'src/analysis-main.ts', ready: /analysis process ready/ })
  return { ...analysis, url: await analysis.listening }
}

/**
 * A new shopper registered through a server's front door: the headers a browser would send with
 * each write (the session's cookies and the CSRF token), and a call helper for any process.
 */
export async function shopperOver(server: ServerProcess) {
  const registered = await fetch(`${server.url}/swagger/api/persona/AgregarPersona`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(registrationBody()),
  })
  if (registered.status !== 201) throw new Error(`registration: ${registered.status} ${await registered.text()}`)
  const jar = new Map(
    registered.headers.getSetCookie().map((line) => {
      const [pair = ''] = line.split(';')
      const at = pair.indexOf('=')
      return [pair.slice(0, at), pair.slice(at + 1)] as const
    }),
  )
  const headers = {
    cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
    'x-csrf-token': jar.get('piel_csrf') ?? '',
    'content-type': 'application/json',
  }
  const call = (target: ServerProcess, method: 'GET' | 'POST', path: string, body?: unknown) =>
    fetch(`${target.url}/swagger/api/${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
  return { headers, call }
}

/** An address in Pasto for the shopper (`shopperOver`); answers its id. */
export async function addressOver(server: ServerProcess, shopper: Awaited<ReturnType<typeof shopperOver>>) {
  const res = await shopper.call(server, 'POST', 'DireccionPersona/AgregarDireccionPersona', {
    Nomenclatura: 'Calle 18 # 25-40',
    NombreRecibe: 'Ana Pérez',
    Telefono: '3001234567',
    ciudad: '52001',
    departamento: '52',
  })
  if (res.status !== 200) throw new Error(`address: ${res.status} ${await res.text()}`)
  return ((await res.json()) as { id: number }).id
}

export async function stop(server: ServerProcess | undefined): Promise<number | null> {
  if (!server) return null
  server.child.kill('SIGTERM')
  return server.exited
}

/** Fails with a clear message when Redis is not there (these tests need it). */
export async function assertRedis(): Promise<void> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, retryStrategy: () => null })
  redis.on('error', () => undefined)
  try {
    await redis.connect()
    await redis.ping()
  } catch (error) {
    throw new Error(`this test needs Redis at ${REDIS_URL} (TEST_REDIS_URL): ${String(error)}`)
  } finally {
    redis.disconnect()
  }
}
