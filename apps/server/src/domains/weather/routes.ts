import { ClimaRequestSchema, ClimaSchema, ErrorBodySchema } from '@piel/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Deps } from '../../shared/deps'
import { readWeather } from './service'

export const weatherRoutes: FastifyPluginAsyncZod<Deps> = async (app, { config }) => {
  app.post(
    '/Clima',
    {
      schema: {
        tags: ['Asistente'],
        summary:
          'Clima actual del lugar (temperatura, humedad, índice UV) para el consejo del asistente; "No especificado" si no se puede leer',
        body: ClimaRequestSchema,
        response: { 200: ClimaSchema, 400: ErrorBodySchema },
      },
    },
    async (request) =>
      readWeather(
        { url: config.WEATHER_URL, timeoutMs: config.WEATHER_TIMEOUT_MS },
        request.body.Latitud,
        request.body.Longitud,
        request.log,
      ),
  )
}
