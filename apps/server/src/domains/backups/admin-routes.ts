import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { BackupListSchema, BackupNameParamsSchema, BackupSchema, ErrorBodySchema } from '@piel/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db'
import { adminOnly, guardEveryRoute, guardedErrors } from '../../shared/auth'
import { notFound } from '../../shared/errors'
import { authorOf, recordAudit } from '../audit'
import type { BackupService } from './service'

/**
 * The back office's "Respaldos", for administrators only: the backups kept, "Crear respaldo ahora",
 * and the download. A backup holds every customer's data: each one made or downloaded from here
 * is written in the audit log with who did it.
 */
export const backupAdminRoutes: FastifyPluginAsyncZod<{ db: Db; backups: BackupService }> = async (
  app,
  { db, backups },
) => {
  guardEveryRoute(app, adminOnly)

  app.get(
    '/respaldos',
    {
      schema: {
        tags: ['Administración'],
        summary: 'Los respaldos de la base de datos y las fotos que se conservan, del más reciente al más viejo',
        response: { 200: BackupListSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async () => backups.list(),
  )

  app.post(
    '/respaldos',
    {
      schema: {
        tags: ['Administración'],
        summary: 'Hace un respaldo ahora (la base de datos y las fotos), lo comprueba y lo conserva',
        response: { 201: BackupSchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 409: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const backup = await backups.create('manual')
      await recordAudit(db, {
        by: authorOf(request),
        entity: 'respaldo',
        entityId: backup.nombre,
        action: 'crear',
        before: null,
        after: { bytes: backup.bytes, fotos: backup.fotos },
      })
      return reply.status(201).send(backup)
    },
  )

  app.get(
    '/respaldos/:nombre',
    {
      schema: {
        tags: ['Administración'],
        summary: 'Descarga un respaldo (.tar.gz): lleva todos los datos de la tienda, también los personales',
        produces: ['application/gzip'],
        params: BackupNameParamsSchema,
        response: { 200: z.unknown().describe('El archivo .tar.gz del respaldo'), ...guardedErrors },
      },
    },
    async (request, reply) => {
      const { nombre } = request.params
      const path = await backups.pathOf(nombre)
      if (!path) throw notFound('No hay un respaldo con ese nombre.')
      const { size } = await stat(path)
      await recordAudit(db, {
        by: authorOf(request),
        entity: 'respaldo',
        entityId: nombre,
        action: 'descargar',
        before: null,
        after: null,
      })
      return reply
        .header('content-type', 'application/gzip')
        .header('content-length', size)
        .header('content-disposition', `attachment; filename="${nombre}"`)
        .header('cache-control', 'no-store')
        .send(createReadStream(path))
    },
  )
}
