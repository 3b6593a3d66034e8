import { pathToFileURL } from 'node:url'
import { EmailSchema } from '@piel/contracts'
import type { Db } from './db'
import { makeAdmin, type PersonRow, setCorporateAuthorization } from './domains/accounts'
import { type CliOutput, commandConfig, openCommandDatabase, standardOutput } from './runtime'
import { AppError } from './shared/errors'

/**
 * `npm run admin -- <orden> <correo>`: the shop's account chores from a terminal, on the database
 * the server uses (same environment variables). Answers in Spanish; exits non-zero on errors.
 */
export const USAGE = `Uso: npm run admin -- <orden> <correo>

Órdenes:
  authorize-corporate <correo>   autoriza los precios corporativos de un cliente corporativo
  revoke-corporate <correo>      retira esa autorización
  make-admin <correo>            da a la persona el rol de administrador de la tienda

Usa la misma base de datos que el servidor (DATABASE_URL o DATA_DIR). Con la base embebida
(PGlite) solo un proceso puede abrirla: detenga antes el servidor, o use la API de administración.`

const COMMANDS: Record<string, { run: (db: Db, email: string) => Promise<PersonRow>; done: string }> = {
  'authorize-corporate': {
    run: (db, email) => setCorporateAuthorization(db, email, true),
    done: 'Cliente corporativo autorizado',
  },
  'revoke-corporate': {
    run: (db, email) => setCorporateAuthorization(db, email, false),
    done: 'Autorización corporativa retirada',
  },
  'make-admin': { run: makeAdmin, done: 'Ahora es administrador de la tienda' },
}

/** Runs one command and answers the exit code (0 done, 1 refused or failed, 2 wrong usage). */
export async function runAdminCli(
  args: string[],
  env?: Record<string, string | undefined>,
  out: CliOutput = standardOutput,
): Promise<number> {
  const [name, rawEmail, ...extra] = args
  const command = name ? COMMANDS[name] : undefined
  if (!command || !rawEmail || extra.length > 0) {
    out.error(name && !command ? `Orden desconocida: ${name}\n\n${USAGE}` : USAGE)
    return 2
  }
  const email = EmailSchema.safeParse(rawEmail)
  if (!email.success) {
    out.error(`Correo inválido: ${rawEmail}`)
    return 2
  }

  const config = commandConfig(env, out)
  if (!config) return 1

  const database = await openCommandDatabase(config, `npm run admin -- ${name}`, out)
  if (!database) return 1
  try {
    await database.migrate()
    const person = await command.run(database.db, email.data)
    out.info(`${command.done}: ${person.firstNames} ${person.lastNames} <${person.email}> (id ${person.id}).`)
    return 0
  } catch (error) {
    if (error instanceof AppError) {
      out.error(`${error.message} (${email.data})`)
      return 1
    }
    out.error(`No se pudo completar la orden: ${error instanceof Error ? error.message : String(error)}`)
    return 1
  } finally {
    await database.close()
  }
}

const isEntryPoint = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href
if (isEntryPoint) process.exitCode = await runAdminCli(process.argv.slice(2))
