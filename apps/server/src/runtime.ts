import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Config, ConfigError, loadConfig } from './config'
import { type Database, openDatabase } from './db'
import { DataDirError, secureDataDir } from './shared/data-dir'

/** Reads the configuration or ends the process with the message that names the bad variable. */
export function loadConfigOrExit(): Config {
  try {
    const config = loadConfig()
    // The built web app sits next to the server in the repository unless configured otherwise.
    return { ...config, WEB_DIST_DIR: config.WEB_DIST_DIR ?? fileURLToPath(new URL('../../web/dist', import.meta.url)) }
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
}

/**
 * PostgreSQL when DATABASE_URL is set, otherwise PGlite persisted under DATA_DIR — which must be the
 * shop's own (0700, nothing writable by others): otherwise the process ends with the message that
 * says how to fix it.
 */
export async function openConfiguredDatabase(config: Config): Promise<Database> {
  try {
    await secureDataDir(resolve(config.DATA_DIR))
  } catch (error) {
    if (!(error instanceof DataDirError)) throw error
    console.error(error.message)
    process.exit(1)
  }
  return config.DATABASE_URL
    ? openDatabase({ kind: 'postgres', url: config.DATABASE_URL })
    : openDatabase({ kind: 'pglite', dataDir: join(resolve(config.DATA_DIR), 'pglite') })
}

/** Where a command-line tool writes: its answers, and its refusals and errors. */
export interface CliOutput {
  info(line: string): void
  error(line: string): void
}

export const standardOutput: CliOutput = {
  info: (line) => process.stdout.write(`${line}\n`),
  error: (line) => console.error(line),
}

/**
 * The configuration of a command-line tool, or null once it has said why it cannot run: a bad
 * variable, or the embedded database held by a running server.
 */
export function commandConfig(env: Record<string, string | undefined> | undefined, out: CliOutput): Config | null {
  let config: Config
  try {
    config = loadConfig(env)
  } catch (error) {
    if (error instanceof ConfigError) {
      out.error(error.message)
      return null
    }
    throw error
  }
  const busy = embeddedDatabaseBusy(config)
  if (busy) {
    out.error(busy)
    return null
  }
  return config
}

/**
 * PGlite admits one process: a command-line tool must not open the embedded database while the
 * server has it open. Returns the Spanish explanation when it is busy, null when it is free.
 */
export function embeddedDatabaseBusy(config: Config): string | null {
  const lock = join(resolve(config.DATA_DIR), 'pglite', 'postmaster.pid')
  if (config.DATABASE_URL || !existsSync(lock)) return null
  return (
    `La base embebida está abierta por otro proceso (existe ${lock}). Detenga el servidor y repita la orden, ` +
    'o use la API de administración. Si el servidor se cerró de forma abrupta y no está corriendo, borre ese archivo.'
  )
}
