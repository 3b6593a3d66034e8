import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { BackupError, restoreBackup } from './domains/backups'
import { type CliOutput, commandConfig, standardOutput } from './runtime'
import { DataDirError } from './shared/data-dir'

export const RESTORE_USAGE = `Uso: npm run restore -- ARCHIVO [--reemplazar]

Restaura un respaldo (piel-respaldo-….tar.gz) en la base que dice la configuración: la embebida en
DATA_DIR (con el servidor detenido) o la de DATABASE_URL. Solo restaura en un lugar vacío; con
--reemplazar, la base y las fotos que haya en DATA_DIR se apartan a DATA_DIR/antes-de-restaurar-…
(en PostgreSQL las tablas se borran). Al iniciar, el servidor aplica las migraciones que falten.`

/** `npm run restore -- FILE [--reemplazar]`: answers the exit code (0 restored, 1 refused or failed, 2 wrong usage). */
export async function runRestoreCli(
  args: string[],
  env?: Record<string, string | undefined>,
  out: CliOutput = standardOutput,
): Promise<number> {
  const replace = args.includes('--reemplazar') || args.includes('--force')
  const files = args.filter((arg) => arg !== '--reemplazar' && arg !== '--force')
  const [file] = files
  if (!file || files.length > 1 || file.startsWith('-')) {
    out.error(RESTORE_USAGE)
    return 2
  }
  if (!existsSync(resolve(file))) {
    out.error(`No existe el archivo ${resolve(file)}.`)
    return 1
  }
  const config = commandConfig(env, out)
  if (!config) return 1
  try {
    const { manifest, setAside } = await restoreBackup({ file, config, replace })
    if (setAside) out.info(`Lo que había se apartó en ${setAside}.`)
    out.info(
      `Respaldo del ${manifest.createdAt} restaurado en ${config.DATABASE_URL ? 'PostgreSQL' : resolve(config.DATA_DIR)}` +
        ` (${manifest.photos} fotos). Inicie el servidor: aplicará las migraciones que falten.`,
    )
    return 0
  } catch (error) {
    if (error instanceof DataDirError) {
      out.error(error.message)
      return 1
    }
    out.error(
      error instanceof BackupError
        ? `No se restauró: ${error.message}.`
        : `No se pudo restaurar: ${error instanceof Error ? error.message : String(error)}`,
    )
    return 1
  }
}

const isEntryPoint = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href
if (isEntryPoint) process.exitCode = await runRestoreCli(process.argv.slice(2))
