import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import pino from 'pino'
import { createBackupService } from './domains/backups'
import { type CliOutput, commandConfig, openCommandDatabase, standardOutput } from './runtime'
import { loggerOptions } from './shared/log'

/**
 * `npm run backup`: one backup of the database and the photos into BACKUP_DIR (by default
 * DATA_DIR/respaldos), checked, the oldest beyond BACKUP_KEEP deleted. With the embedded database
 * the server must be stopped (PGlite admits one process); the running server makes its own on
 * schedule and from the back office. The last line printed is the backup's path.
 */
export async function runBackupCli(
  args: string[],
  env?: Record<string, string | undefined>,
  out: CliOutput = standardOutput,
): Promise<number> {
  if (args.length > 0) {
    out.error('Uso: npm run backup   (sin argumentos; la carpeta la dice BACKUP_DIR)')
    return 2
  }
  const config = commandConfig(env, out)
  if (!config) return 1
  const embedded = join(resolve(config.DATA_DIR), 'pglite')
  if (!config.DATABASE_URL && !existsSync(embedded)) {
    out.error(`No hay una base embebida en ${embedded} que respaldar (¿es ese el DATA_DIR de la tienda?).`)
    return 1
  }
  const database = await openCommandDatabase(config, 'npm run backup', out)
  if (!database) return 1
  try {
    const log = pino(loggerOptions('warn'))
    const service = createBackupService({ config, database, log })
    const backup = await service.create('consola')
    const path = await service.pathOf(backup.nombre)
    out.info(`Respaldo hecho y comprobado: ${backup.fotos} fotos, ${(backup.bytes / 1e6).toFixed(1)} MB.`)
    out.info(path ?? backup.nombre)
    return 0
  } catch (error) {
    out.error(`No se pudo hacer el respaldo: ${error instanceof Error ? error.message : String(error)}`)
    return 1
  } finally {
    await database.close()
  }
}

const isEntryPoint = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href
if (isEntryPoint) process.exitCode = await runBackupCli(process.argv.slice(2))
