import fastifySwagger, { type SwaggerTransform } from '@fastify/swagger'
import fastifySwaggerUi from '@fastify/swagger-ui'
import { ErrorBodySchema } from '@piel/contracts'
import type { FastifySchema, RouteOptions } from 'fastify'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'
import type { Config } from '../config'
import { SESSION_GUARDS } from '../shared/auth'
import { API_PREFIX } from './domains'
import type { Server } from './server'

/**
 * The OpenAPI document of the API at /swagger/json, and Swagger UI at /swagger. Each route's
 * contract (zod) describes its input and answers; what is the same for every route is derived
 * here, in one place, from the route itself: its `operationId` (from method and path), its
 * security (from its guard) and the 401 of its credentials. The document lints clean under
 * Redocly's recommended rules (`openapi.test.ts`).
 */
export async function registerDocs(app: Server, config: Config) {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: `API de ${config.STORE_NAME}`,
        description:
          'API de la tienda Piel. Rutas y campos de la especificación, bajo /swagger/api (sin distinguir mayúsculas). Los errores responden { mensaje, codigo, campos? }.',
        version: '1.0.0',
      },
      servers: [{ url: config.PUBLIC_URL }],
      components: {
        securitySchemes: {
          apiTkn: { type: 'http', scheme: 'bearer', description: 'Token de POST /swagger/api/AuthToken' },
          sesion: {
            type: 'apiKey',
            in: 'cookie',
            name: 'piel_sesion',
            description: 'Cookie HttpOnly que ponen el registro y el inicio de sesión (30 días)',
          },
          csrf: {
            type: 'apiKey',
            in: 'header',
            name: 'X-CSRF-Token',
            description: 'Valor de la cookie piel_csrf; obligatorio en POST/PUT/PATCH/DELETE con sesión',
          },
        },
      },
    },
    transform: documentRoute,
  })
  await app.register(fastifySwaggerUi, { routePrefix: '/swagger', uiConfig: { docExpansion: 'list' } })
}

type SecurityRequirement = Readonly<Record<string, readonly string[]>>

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** Route guards (`shared/auth.ts`) are route-level `onRequest` hooks. */
const isGuarded = (route: RouteOptions) => [route.onRequest ?? []].flat().some((hook) => SESSION_GUARDS.has(hook))

const isApiPath = (url: string) => url.toLowerCase().startsWith(`${API_PREFIX.toLowerCase()}/`)

/**
 * Who may call a route, as the server decides it: a guarded route needs the session (and its
 * CSRF header on writes); any other may be called anonymously, or with the session (which may
 * change the answer: prices of the corporate tier, one's own photos), or, under /swagger/api,
 * with the bearer token of `AuthToken` (optional there, but refused with 401 when invalid).
 */
export function securityOf(route: RouteOptions, url: string): readonly SecurityRequirement[] {
  const writes = [route.method].flat().some((method) => STATE_CHANGING.has(method.toUpperCase()))
  const session: SecurityRequirement = writes ? { sesion: [], csrf: [] } : { sesion: [] }
  if (isGuarded(route)) return [session]
  return [{}, session, ...(isApiPath(url) ? [{ apiTkn: [] }] : [])]
}

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1)

/**
 * A stable, camelCase operationId from the method and the path (without /swagger/api): the
 * spec's names stay recognisable (`POST orden/CrearOrden` → `postOrdenCrearOrden`,
 * `GET persona/:id` → `getPersonaById`), and a client generated from the document gets one
 * named method per operation.
 */
export function operationIdOf(method: string, url: string): string {
  const path = isApiPath(url) ? url.slice(API_PREFIX.length) : url
  const words = path
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => {
      const param = /^(?::(\w+)|\{(\w+)\})/.exec(segment)
      if (param) return `By${capitalize(param[1] ?? param[2] ?? '')}`
      return segment
        .split(/[^A-Za-z0-9]+/)
        .filter((word) => word !== '')
        .map(capitalize)
        .join('')
    })
  return method.toLowerCase() + words.join('')
}

/** The swagger transform: the zod contracts to JSON Schema, plus what is derived from the route. */
const documentRoute: SwaggerTransform = (input) => {
  const { route, url } = input
  const schema = input.schema ?? {}
  if (schema.hide) return jsonSchemaTransform(input)
  const security = schema.security ?? securityOf(route, url)
  // Every guarded route answers 401 without a session, and every API route 401 to a bad bearer token.
  const response = schema.response as Record<string, unknown> | undefined
  const withUnauthorized =
    (isGuarded(route) || isApiPath(url)) && !response?.[401] ? { ...response, 401: ErrorBodySchema } : response
  const transformed = jsonSchemaTransform({ ...input, schema: { ...schema, response: withUnauthorized } })
  const method = [route.method].flat()[0] ?? 'GET'
  return {
    url: transformed.url,
    schema: {
      ...(forOpenApi30(transformed.schema) as FastifySchema),
      operationId: schema.operationId ?? operationIdOf(method, url),
      security,
    },
  }
}

/**
 * Two shapes zod writes for OpenAPI 3.0 that the version does not allow or that say a thing
 * twice: `nullable` next to `anyOf` without a `type` (a nullable union: 3.0 reads `nullable` only
 * beside a `type`, so it moves into the typed branches), and an `anyOf` of identical schemas (a
 * tuple of one item type, such as a polygon's `[x, y]`), which becomes that schema.
 */
export function forOpenApi30(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(forOpenApi30)
  if (typeof value !== 'object' || value === null) return value
  const node: Record<string, unknown> = Object.fromEntries(
    Object.entries(value).map(([key, child]) => [key, forOpenApi30(child)]),
  )
  const branches = Array.isArray(node.anyOf) ? (node.anyOf as Record<string, unknown>[]) : undefined
  if (!branches) return node
  if (node.nullable === true && node.type === undefined && branches.some((branch) => branch.type !== undefined)) {
    const { nullable: _moved, ...rest } = node
    return forOpenApi30({
      ...rest,
      anyOf: branches.map((branch) => (branch.type === undefined ? branch : { ...branch, nullable: true })),
    })
  }
  const distinct = branches.filter(
    (branch, index) => branches.findIndex((other) => JSON.stringify(other) === JSON.stringify(branch)) === index,
  )
  if (distinct.length === 1 && distinct[0]) {
    const { anyOf: _single, ...rest } = node
    return { ...distinct[0], ...rest }
  }
  return node
}
