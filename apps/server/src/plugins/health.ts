import type { ErrorBody } from '@piel/contracts'
import type { Database } from '../db'
import type { Server } from './server'

/** `/healthz`: the process answers; `/readyz`: and so does its database (for load balancers, not documented). */
export function registerHealth(app: Server, database: Database) {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ estado: 'ok' }))
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await database.ping()
      return { estado: 'ok', baseDeDatos: database.kind }
    } catch (error) {
      app.log.warn({ err: error }, 'database not reachable')
      return reply
        .status(503)
        .send({ mensaje: 'La base de datos no responde.', codigo: 'no_disponible' } satisfies ErrorBody)
    }
  })
}
