import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Config, ConfigError, loadConfig } from './config'
import { type Database, openDatabase } from './db'
import { DataDirError, secureDataDir } from './shared/data-dir'
import { lockDataDir } from './shared/data-dir-lock'

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
 * shop's own (0700, nothing writable by others) and not in use by another process: `what` names this
 * one in the refusal another would get ("el servidor", "npm run backup"). The embedded database's lock
 * is released when it is closed. Throws DataDirError, in Spanish, when DATA_DIR cannot be used.
 */
export async function openDatabaseOf(config: Config, what: string): Promise<Database> {
  // DATA_DIR holds the photos and the TLS files with PostgreSQL too: it is checked either way.
  const dataDir = resolve(config.DATA_DIR)
  await secureDataDir(dataDir)
  if (config.DATABASE_URL) return openDatabase({ kind: 'postgres', url: config.DATABASE_URL })
  const lock = await lockDataDir(dataDir, what)
  try {
    const database = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') })
    return {
      ...database,
      close: async () => {
        try {
          await database.close()
        } finally {
          await lock.release()
        }
      },
    }
  } catch (error) {
    await lock.release()
    throw error
  }
}

/** `openDatabaseOf` for a process that cannot go on without it: a refusal is printed and ends the process. */
export async function openConfiguredDatabase(config: Config, what: string): Promise<Database> {
  try {
    return await openDatabaseOf(config, what)
  } catch (error) {
    if (!(error instanceof DataDirError)) throw error
    console.error(error.message)
    process.exit(1)
  }
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

/** The configuration of a command-line tool, or null once it has said which variable is wrong. */
export function commandConfig(env: Record<string, string | undefined> | undefined, out: CliOutput): Config | null {
  try {
    return loadConfig(env)
  } catch (error) {
    if (error instanceof ConfigError) {
      out.error(error.message)
      return null
    }
    throw error
  }
}

/** The database of a command-line tool, or null once it has said why it cannot open it (the server has it open…). */
export async function openCommandDatabase(config: Config, what: string, out: CliOutput): Promise<Database | null> {
  try {
    return await openDatabaseOf(config, what)
  } catch (error) {
    if (!(error instanceof DataDirError)) throw error
    out.error(error.message)
    return null
  }
}
