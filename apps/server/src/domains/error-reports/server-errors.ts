import type { FastifyBaseLogger, FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import type { Db } from '../../db'
import { AppError } from '../../shared/errors'
import { type ErrorForwarder, recordErrorReport } from './service'

/**
 * The server's own unexpected errors (those that end as a 500) counted with the browsers' reports,
 * as an `onError` hook of the whole app, and relayed with them to Sentry or GlitchTip when `SENTRY_DSN`
 * is set (the forwarder). A client's mistake (any 4xx) is not an error of the shop.
 */
export function serverErrorReporter(db: Db, log: FastifyBaseLogger, forwarder?: ErrorForwarder) {
  return async (request: FastifyRequest, _reply: FastifyReply, error: FastifyError) => {
    const status = error instanceof AppError ? error.status : (error.statusCode ?? 500)
    if (status < 500) return
    await recordErrorReport(
      db,
      {
        source: 'servidor',
        kind: 'fallo',
        message: `${error.name}: ${error.message}`,
        stack: error.stack ?? null,
        page: `${request.method} ${request.routeOptions.url ?? 'sin_ruta'}`,
        release: null,
      },
      { forwarder },
    ).catch((cause: unknown) => log.warn({ err: cause }, 'server error not recorded'))
  }
}
