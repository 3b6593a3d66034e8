import {
  ClientErrorAckSchema,
  ClientErrorReportSchema,
  ERROR_REPORTS_PER_MINUTE,
  ErrorBodySchema,
} from '@piel/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Deps } from '../../shared/deps'
import { AppError } from '../../shared/errors'
import { retryAfterSeconds, takeQuota } from '../../shared/rate-limit'
import { type ErrorForwarder, recordErrorReport } from './service'

/** A report is small: a message, a stack, a page (the schema cuts each). */
const REPORT_BODY_LIMIT = 16 * 1024

export interface ErrorReportDeps extends Deps {
  /** Sentry or GlitchTip, when `SENTRY_DSN` is set (`sentry.ts`); the browser never talks to it. */
  forwarder?: ErrorForwarder | undefined
}

/**
 * `POST /errores-cliente` (spec 000 §8: request errors and crashes are reported): the shopper's
 * browser reports its crash screen, uncaught errors and failed requests, without personal data; the
 * server scrubs them again and counts them by fingerprint for the back office's "Errores", and relays
 * them to Sentry or GlitchTip when one is configured (docs/decisions/019).
 */
export const errorReportRoutes: FastifyPluginAsyncZod<ErrorReportDeps> = async (app, { db, forwarder }) => {
  app.post(
    '/errores-cliente',
    {
      bodyLimit: REPORT_BODY_LIMIT,
      // The report acts on nobody's behalf: the session is not read (a beacon cannot send the CSRF header).
      config: { withoutSession: true },
      schema: {
        tags: ['Errores'],
        summary: 'El navegador informa un fallo o una petición fallida (sin datos personales)',
        description: `Se agrupa con los iguales (mismo origen, tipo, mensaje y primer marco de la pila) para la pantalla "Errores" de la administración. Correos, números largos, claves y consultas de las URL se borran. Hasta ${ERROR_REPORTS_PER_MINUTE} informes por minuto desde una dirección; después 429 con Retry-After.`,
        body: ClientErrorReportSchema,
        response: { 202: ClientErrorAckSchema, 400: ErrorBodySchema, 413: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const quota = await takeQuota(db, `errores-cliente:${request.ip}`, {
        limit: ERROR_REPORTS_PER_MINUTE,
        windowMs: 60_000,
      })
      if (!quota.allowed) {
        throw new AppError(
          429,
          'demasiados_informes',
          'Demasiados informes de error; intente más tarde.',
          undefined,
          undefined,
          {
            'retry-after': String(retryAfterSeconds(quota)),
          },
        )
      }
      const report = request.body
      // A failed request's message already names it (`POST /swagger/api/… → 503`, built by the browser).
      await recordErrorReport(
        db,
        {
          source: 'navegador',
          kind: report.tipo,
          message: report.mensaje,
          stack: report.pila ?? null,
          page: report.pagina,
          release: report.version,
        },
        { forwarder },
      )
      return reply.status(202).send({ recibido: true })
    },
  )
}
