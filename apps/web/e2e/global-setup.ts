import { rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { seedDemoCatalog, seedDemoShipping } from '../../server/seed'
import { drawDemoPictures } from '../../server/seed/drawing'
import { loadConfig } from '../../server/src/config'
import { openDatabase } from '../../server/src/db'

declare module 'vitest' {
  export interface ProvidedContext {
    /** File holding a PGlite dump with the demo catalogue, seeded once for every browser test file. */
    seededDatabase: string
  }
}

export default async function setup(project: TestProject) {
  const config = loadConfig({ LOG_LEVEL: 'silent' })
  const database = await openDatabase({ kind: 'pglite' })
  await database.migrate()
  const pictures = await drawDemoPictures()
  await seedDemoCatalog(database.db, { id: config.STORE_ID, name: config.STORE_NAME }, { pictures })
  await seedDemoShipping(database.db)
  const dump = await database.snapshot?.()
  await database.close()
  if (!dump) throw new Error('PGlite could not dump its data')
  const file = join(tmpdir(), `piel-e2e-${process.pid}.tar.gz`)
  await writeFile(file, Buffer.from(await dump.arrayBuffer()))
  project.provide('seededDatabase', file)
  return async () => {
    await rm(file, { force: true })
  }
}
