import {
  AnalysisChatReplySchema,
  ChatbotMessageSchema,
  ChatbotReplySchema,
  ChatCodeSchema,
  ChatRequestSchema,
  type Clima,
  ErrorBodySchema,
  ImageChatbotComparisonRequestSchema,
  ImageChatbotRequestSchema,
  MyAnalysesQuerySchema,
  MyAnalysesSchema,
  ProductNamesSchema,
  ProductUrlsQuerySchema,
  ProductUrlsSchema,
  SKIN_PROFILE_CONSENT_TEXT,
  type SkinProfile,
  SkinProfileDeletedSchema,
  SkinProfileQuerySchema,
  SkinProfileRequestSchema,
  type SkinProfileState,
  SkinProfileStateSchema,
} from '@piel/contracts'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../../db'
import type { Deps } from '../../shared/deps'
import { AppError } from '../../shared/errors'
import { priceTierOf, type Viewer } from '../../shared/viewer'
import { imageUrlsByName, listProductNames } from '../catalog'
import {
  type AnalysisOwner,
  deleteSkinProfile,
  getSkinProfile,
  type StoredSkinProfile,
  saveSkinProfile,
} from '../uploads'
import { ASSISTANT_QUOTAS, assertMayChat } from './quota'
import { type AdvisorContext, myAnalyses, type Phraser, replyToAnalysis, replyToMessage } from './service'
import { shopFactsOf } from './shop-facts'

export interface AssistantOptions extends Deps {
  /** Whether the viewer may use a chat key (a key that is an e-mail belongs to that account's session). */
  mayUseCode(viewer: Viewer | null, code: string): Promise<boolean>
  /** The optional language model that phrases replies (`ASSISTANT_LLM_URL`). */
  phrase: Phraser | undefined
}

const KEY_OF_ANOTHER_ACCOUNT = 'Esa conversación pertenece a otra cuenta: inicie sesión con ella para ver sus análisis.'

const tags = ['Asistente']

/** What the replies' 429 says in the OpenAPI description. */
const QUOTA_NOTE = `Límites (429 \`demasiados_mensajes\`, con Retry-After): ${ASSISTANT_QUOTAS.perChatPerMinute.limit} respuestas por minuto y ${ASSISTANT_QUOTAS.perChatPerHour.limit} por hora para una misma conversación (la persona con sesión o el código del chat), ${ASSISTANT_QUOTAS.perAddressPerMinute.limit} por minuto y ${ASSISTANT_QUOTAS.perAddressPerHour.limit} por hora desde una dirección IP.`

/** The chat a reply counts against: the person with a session, else the chat's code (when the call has one). */
const chatOf = (request: FastifyRequest, code: string | undefined) =>
  request.viewer ? { personId: request.viewer.personId } : code ? { code } : null

/**
 * The skin profile the advisor takes into account (issue 31): with a session the person's, without
 * one the anonymous chat code's (`code`, when the call names one that is not an e-mail: an e-mail's
 * chat belongs to that account's session). Null when there is none.
 */
async function profileFor(db: Db, request: FastifyRequest, code: string | undefined): Promise<SkinProfile | null> {
  const personId = request.viewer?.personId ?? null
  const anonymousCode = code === undefined || code.includes('@') ? null : code
  return (await getSkinProfile(db, { code: anonymousCode, personId }))?.profile ?? null
}

/** A message's `userId` when it is a chat's code (the contract also takes numbers and any string). */
const chatCodeOf = (userId: unknown): string | undefined => {
  const parsed = ChatCodeSchema.safeParse(userId)
  return parsed.success ? parsed.data : undefined
}

const toProfileState = (stored: StoredSkinProfile | null): SkinProfileState => ({
  perfil: stored?.profile ?? null,
  actualizado: stored?.updatedAt.toISOString() ?? null,
})

const PROFILE_NOTE =
  'El perfil pertenece a la persona con sesión (lo ve desde cualquier dispositivo, con cualquier `userId`) o, sin sesión, al código del chat; un `userId` que es un correo exige la sesión de esa cuenta (403).'

/** The advisor of the store: what it says of the shop's shipping comes from its shipping zones. */
const advisorOf = ({ db, config, phrase }: Pick<AssistantOptions, 'db' | 'config' | 'phrase'>): AdvisorContext => ({
  db,
  storeId: config.STORE_ID,
  phrase,
  shop: () => shopFactsOf(db),
})

export const assistantRoutes: FastifyPluginAsyncZod<AssistantOptions> = async (
  app,
  { db, config, mayUseCode, phrase },
) => {
  const advisor = advisorOf({ db, config, phrase })

  /** The analyses of a chat key: the key itself and, with a session, the person (their other devices). */
  async function ownerOf(request: FastifyRequest, key: string): Promise<AnalysisOwner> {
    if (!(await mayUseCode(request.viewer, key))) throw new AppError(403, 'prohibido', KEY_OF_ANOTHER_ACCOUNT)
    return { code: key, personId: request.viewer?.personId ?? null }
  }

  app.post(
    '/Chatbot/MensajesChatbot',
    {
      schema: {
        tags,
        summary:
          'Mensaje de texto al asistente de piel: respuesta en HTML seguro y, para un tema de cuidado de la piel, productos de la tienda en existencia',
        description: QUOTA_NOTE,
        body: ChatbotMessageSchema,
        response: { 200: ChatbotReplySchema, 400: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request) => {
      // Identity comes from the session only; without one the address alone counts. `userId` selects
      // the anonymous chat's skin profile, when it is a chat code.
      await assertMayChat(db, { ip: request.ip, chat: chatOf(request, undefined) })
      return replyToMessage(advisor, {
        message: request.body.mensaje,
        clima: request.body.clima,
        seed: String(request.viewer?.personId ?? request.body.mensaje),
        tier: priceTierOf(request),
        perfil: await profileFor(db, request, chatCodeOf(request.body.userId)),
      })
    },
  )

  /** Both analysis calls answer the same: the server decides first analysis or comparison from what it stored. */
  const answerAnalysis = async (request: FastifyRequest<{ Body: { userId: string; clima?: Clima | undefined } }>) => {
    const owner = await ownerOf(request, request.body.userId)
    await assertMayChat(db, { ip: request.ip, chat: chatOf(request, request.body.userId) })
    const perfil = (await getSkinProfile(db, owner))?.profile ?? null
    return replyToAnalysis(advisor, { owner, clima: request.body.clima, seed: request.body.userId, perfil })
  }

  const analysisDescription =
    'Responde sobre el último análisis que el servidor guardó para la clave del chat (`userId`: el código o, con su sesión, el correo; con sesión también los análisis de la persona en otros dispositivos), nunca sobre puntajes enviados por el navegador. Si existe un análisis anterior, la respuesta compara el nuevo con el primero: una medida mejora o empeora solo más allá de la variación normal entre dos fotos (la banda de cada medida). Incluye una rutina con productos de la tienda en existencia.'

  app.post(
    '/Chatbot/ImageChatbot',
    {
      schema: {
        tags,
        summary: 'Respuesta del asistente al análisis de piel recién hecho',
        description: `${analysisDescription} ${QUOTA_NOTE}`,
        body: ImageChatbotRequestSchema,
        response: {
          200: AnalysisChatReplySchema,
          400: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    answerAnalysis,
  )

  app.post(
    '/Chatbot/ImageChatbotComparacion',
    {
      schema: {
        tags,
        summary: 'Comparación del análisis nuevo con el primero de la persona',
        description: `${analysisDescription} ${QUOTA_NOTE}`,
        body: ImageChatbotComparisonRequestSchema,
        response: {
          200: AnalysisChatReplySchema,
          400: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    answerAnalysis,
  )

  app.get(
    '/Chatbot/MisAnalisis',
    {
      schema: {
        tags,
        summary: 'Primer y último análisis de la clave del chat, y desde cuándo se puede hacer uno nuevo (7 días)',
        querystring: MyAnalysesQuerySchema,
        response: { 200: MyAnalysesSchema, 400: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (request) => myAnalyses(db, await ownerOf(request, request.query.userId)),
  )

  app.get(
    '/Chatbot/PerfilPiel',
    {
      schema: {
        tags,
        summary: 'El perfil de piel de la clave del chat, o `perfil: null` si no hay uno guardado',
        description: PROFILE_NOTE,
        querystring: SkinProfileQuerySchema,
        response: { 200: SkinProfileStateSchema, 400: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (request) => toProfileState(await getSkinProfile(db, await ownerOf(request, request.query.userId))),
  )

  app.put(
    '/Chatbot/PerfilPiel',
    {
      schema: {
        tags,
        summary: 'Guarda (o reemplaza) el perfil de piel de la clave del chat, con la autorización de tratar sus datos',
        description: `Todas las respuestas son opcionales (\`null\` o lista vacía). Son datos sensibles (Ley 1581 de 2012): \`autorizacion: true\` es obligatoria (400 si falta) y es la aceptación de este texto: «${SKIN_PROFILE_CONSENT_TEXT}» Se registra el momento, la versión de la política y la dirección IP. ${PROFILE_NOTE} Cada guardado cuenta en los límites de las respuestas del asistente. ${QUOTA_NOTE}`,
        security: [{}, { sesion: [], csrf: [] }],
        body: SkinProfileRequestSchema,
        response: { 200: SkinProfileStateSchema, 400: ErrorBodySchema, 403: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request) => {
      const owner = await ownerOf(request, request.body.userId)
      await assertMayChat(db, { ip: request.ip, chat: chatOf(request, request.body.userId) })
      return toProfileState(await saveSkinProfile(db, owner, request.body.perfil, { ip: request.ip }))
    },
  )

  app.delete(
    '/Chatbot/PerfilPiel',
    {
      schema: {
        tags,
        summary: 'Elimina el perfil de piel de la clave del chat y, con sesión, el de la persona',
        description: `${PROFILE_NOTE} La autorización registrada se conserva como prueba. "Eliminar mis fotos" (DELETE /mis-fotos) también elimina el perfil.`,
        security: [{}, { sesion: [], csrf: [] }],
        querystring: SkinProfileQuerySchema,
        response: { 200: SkinProfileDeletedSchema, 400: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (request) => ({ eliminado: await deleteSkinProfile(db, await ownerOf(request, request.query.userId)) }),
  )
}

/** The chat's calls at the root, beside `/analyze-skin` (spec 001 §7, image and chat server). */
export const assistantChatRoutes: FastifyPluginAsyncZod<AssistantOptions> = async (app, { db, config, phrase }) => {
  const advisor = advisorOf({ db, config, phrase })

  app.post(
    '/chat',
    {
      schema: {
        tags,
        summary:
          'Mensaje de texto del chat identificado por su código (la misma respuesta que Chatbot/MensajesChatbot)',
        description: QUOTA_NOTE,
        body: ChatRequestSchema,
        response: { 200: ChatbotReplySchema, 400: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request) => {
      await assertMayChat(db, { ip: request.ip, chat: chatOf(request, request.body.uniqueCode) })
      return replyToMessage(advisor, {
        message: request.body.message,
        clima: request.body.clima,
        seed: String(request.viewer?.personId ?? request.body.uniqueCode ?? request.body.message),
        tier: priceTierOf(request),
        perfil: await profileFor(db, request, request.body.uniqueCode),
      })
    },
  )
  app.post(
    '/nombre-productos',
    {
      schema: {
        tags,
        summary: 'Nombres de los productos activos de la tienda (para reconocerlos en las respuestas del chat)',
        // 400: a body that is not JSON (the call takes none).
        response: { 200: ProductNamesSchema, 400: ErrorBodySchema },
      },
    },
    async () => listProductNames(db, config.STORE_ID),
  )
  app.get(
    '/productos_urls',
    {
      schema: {
        tags,
        summary:
          'Imagen principal de cada producto nombrado (sin mayúsculas ni tildes); la imagen genérica si no existe',
        querystring: ProductUrlsQuerySchema,
        response: { 200: ProductUrlsSchema, 400: ErrorBodySchema },
      },
    },
    async (request) => imageUrlsByName(db, config.STORE_ID, request.query.nombres),
  )
}
