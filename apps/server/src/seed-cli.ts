import { clearCatalog, readDemoPictures, seedDemoCatalog } from '../seed'
import { loadConfigOrExit, openConfiguredDatabase } from './runtime'

/** `npm run seed`: empties the catalogue (and what depends on it) and seeds the demo data again. */
const config = loadConfigOrExit()
const database = await openConfiguredDatabase(config, 'npm run seed')
try {
  await database.migrate()
  const pictures = await readDemoPictures()
  await clearCatalog(database.db)
  const seeded = await seedDemoCatalog(database.db, { id: config.STORE_ID, name: config.STORE_NAME }, { pictures })
  console.warn(`Datos de demostración cargados: ${seeded.products} productos, ${seeded.images} imágenes.`)
} finally {
  await database.close()
}
