import { type ChildProcess, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { createClient } from 'redis'

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

export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  // Node itself runs the server (tsx as a loader): a signal, SIGKILL included, reaches the server, not a wrapper.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      SEED_DEMO_DATA: 'false',
      WEB_DIST_DIR: '',
      ORDER_EXPIRY_SWEEP: 'false',
      PHOTO_RETENTION_SWEEP: 'false',
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
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)
      if (match?.[1]) {
        clearInterval(timer)
        resolve(match[1])
      }
    }, 50)
    void exited.then(() => {
      clearInterval(timer)
      reject(new Error(`server exited before listening:\n${output}`))
    })
  })
  return { child, url, exited, output: () => output }
}

export async function stop(server: ServerProcess | undefined): Promise<number | null> {
  if (!server) return null
  server.child.kill('SIGTERM')
  return server.exited
}

/** Fails with a clear message when Redis is not there (these tests need it). */
export async function assertRedis(): Promise<void> {
  const redis = createClient({ url: REDIS_URL })
  redis.on('error', () => undefined)
  try {
    await redis.connect()
    await redis.ping()
  } catch (error) {
    throw new Error(`this test needs Redis at ${REDIS_URL} (TEST_REDIS_URL): ${String(error)}`)
  } finally {
    if (redis.isOpen) await redis.quit()
  }
}
