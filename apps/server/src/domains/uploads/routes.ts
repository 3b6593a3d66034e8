import fastifyMultipart from '@fastify/multipart'
import {
  AnalysisWaitSchema,
  AnalyzeSkinFormSchema,
  analysisWaitMessage,
  ChatCodeSchema,
  DeletePhotosQuerySchema,
  DeletePhotosResultSchema,
  daysUntil,
  EmailSchema,
  ErrorBodySchema,
  PhotoAccessQuerySchema,
  PhotoIdParamsSchema,
  PhotoRejectionSchema,
  SkinAnalysisResultSchema,
  UPLOAD_MESSAGES,
  UploadLinkSchema,
  UploadPhotoFormSchema,
  UploadPhotoQuerySchema,
  UploadPhotoResultSchema,
} from '@piel/contracts'
import type { FastifyError, FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { loggedIn, NOT_LOGGED_IN, requireViewer } from '../../shared/auth'
import type { Deps } from '../../shared/deps'
import { AppError, handleError, notFound } from '../../shared/errors'
import { cleanPhoto, inspectPhoto } from '../../shared/image-intake'
import { mayReadMetrics } from '../../shared/metrics'
import {
  MULTIPART_LIMITS,
  multipartValidatorCompiler,
  parseFormFields,
  readPhotoForm,
  requiredFile,
  translateMultipartError,
} from '../../shared/multipart'
import type { Viewer } from '../../shared/viewer'
import type { UploadLinks } from './access'
import type { PhotoAnalysis } from './analysis'
import { createWorkGate } from './gate'
import { assertFitsDailyQuota, assertMayAnalyse, assertMayUpload } from './quota'
import type { Realtime } from './realtime'
import {
  deletePhotosOf,
  firstAndLastAnalysis,
  getPhotoFor,
  hasConsent,
  nextAnalysisAt,
  recordAnalysis,
  recordAnalysisConsent,
  savePhoto,
} from './service'
import type { PhotoStorage } from './storage'
import { imageUrlOf, toWireAnalysis } from './wire'

export interface UploadsOptions extends Deps {
  photoStorage: PhotoStorage
  realtime: Realtime
  /** Where photos are analysed (analysis.ts); without it `/analyze-skin` answers 503. */
  photoAnalysis: PhotoAnalysis | undefined
  /** Whether the viewer may act on the photos of `code` (a code that is an e-mail belongs to its account). */
  mayUseCode(viewer: Viewer | null, code: string): Promise<boolean>
  /** Signed phone-upload links: how a phone without a session sends a photo to an account's chat. */
  uploadLinks: UploadLinks
  /** The e-mail of a person (null when the person is gone). */
  emailOf(personId: number): Promise<string | null>
}

const UploadFieldsSchema = z.object({
  code: ChatCodeSchema,
  consentimiento: z
    .string({ error: UPLOAD_MESSAGES.consentRequired })
    .trim()
    .toLowerCase()
    .refine((value) => value === 'true', UPLOAD_MESSAGES.consentRequired),
  email: EmailSchema.optional(),
})

const AnalyzeFieldsSchema = z.object({
  uniqueCode: ChatCodeSchema,
  consentimiento: z.enum(['true', 'false'], { error: UPLOAD_MESSAGES.consentRequired }).optional(),
})

/**
 * Aborts when the client goes away before its answer is sent: its photo then leaves the analysis
 * queue without being decoded (a shopper who closed the chat, a retry that replaced the call).
 */
function abandonment(reply: FastifyReply): AbortSignal {
  const controller = new AbortController()
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) {
      controller.abort(new AppError(499, 'solicitud_abandonada', 'El cliente cerró la conexión antes del análisis.'))
    }
  })
  return controller.signal
}

const photoErrors = {
  400: ErrorBodySchema,
  413: ErrorBodySchema,
  415: ErrorBodySchema,
}

/**
 * Face photos (spec 001 §7 image server calls, at the server's root): upload from the phone,
 * analysis for the chat, reading by the uploader only, and "Eliminar mis fotos".
 */
export const uploadRoutes: FastifyPluginAsyncZod<UploadsOptions> = async (
  app,
  { db, config, photoStorage, realtime, photoAnalysis, mayUseCode, uploadLinks, emailOf },
) => {
  await app.register(fastifyMultipart, { limits: MULTIPART_LIMITS })
  // Photos decoded at once in this process for the phone's upload (gate.ts): a burst waits for its
  // turn instead of holding every photo's pixels together. Analyses wait in `photoAnalysis`'s own queue.
  const photoWork = createWorkGate()
  app.setErrorHandler((error: FastifyError, request, reply) =>
    handleError(translateMultipartError(error) as FastifyError, request, reply),
  )

  /** The 429 body of spec 001 §5's wait when this person or chat key was analysed less than 7 days ago, else null. */
  async function analysisWait(owner: { code: string; personId: number | null }) {
    const now = new Date()
    const next = nextAnalysisAt((await firstAndLastAnalysis(db, owner)).last, now)
    if (!next) return null
    const days = daysUntil(next, now)
    return {
      codigo: 'analisis_reciente' as const,
      mensaje: analysisWaitMessage(days),
      diasRestantes: days,
      proximoAnalisis: next.toISOString(),
    }
  }

  app.post(
    '/upload-with-email',
    {
      validatorCompiler: multipartValidatorCompiler,
      schema: {
        tags: ['Fotos y análisis de piel'],
        summary: 'Sube la foto del rostro desde el teléfono y avisa al chat de la sala `code`',
        description:
          'multipart/form-data. La foto (JPEG, PNG o WebP; hasta 10 MB y 40 megapíxeles) se gira según su EXIF y se guarda sin metadatos (ni GPS). `consentimiento=true` es obligatorio: autorización expresa del tratamiento de datos sensibles (Ley 1581 de 2012). Un código que es un correo acepta fotos solo de la sesión de esa cuenta o con el enlace firmado de su chat (`firma` y `vence`, GET /enlace-subida); si no, 403. Una imagen que declara muchos más píxeles de los que caben en una foto de su peso se rechaza antes de decodificarla (400 `imagen_desproporcionada`). Dentro de los 7 días siguientes al último análisis del mismo código o persona responde 429 `analisis_reciente` con el aviso y los días que faltan, y no guarda la foto. Límites (429): 30 fotos por hora desde una dirección IP, 10 por hora para un mismo código y 100 MB por día desde una dirección IP. Cada proceso decodifica pocas fotos a la vez; con demasiadas en espera responde 503 `servidor_ocupado` con Retry-After. Responde `image_url` (solo la lee quien tiene el código o la sesión que la subió) y emite `new_image_uploaded` `{ image_url }` a la sala `code` (socket.io en /socket.io).',
        consumes: ['multipart/form-data'],
        querystring: UploadPhotoQuerySchema,
        body: UploadPhotoFormSchema,
        response: {
          200: UploadPhotoResultSchema,
          ...photoErrors,
          403: ErrorBodySchema,
          429: z.union([AnalysisWaitSchema, ErrorBodySchema]),
          503: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const form = await readPhotoForm(request)
      const queryCode = request.query.code
      const fieldCode = form.fields.code?.trim()
      if (queryCode && fieldCode && queryCode !== fieldCode) {
        throw new AppError(400, 'datos_invalidos', UPLOAD_MESSAGES.codeMismatch, { code: UPLOAD_MESSAGES.codeMismatch })
      }
      const fields = parseFormFields(UploadFieldsSchema, { ...form.fields, ...(queryCode ? { code: queryCode } : {}) })
      const file = requiredFile(form)
      // An account's chat (its e-mail) takes photos from that account's session or from its signed QR link only.
      if (
        fields.code.includes('@') &&
        !(await mayUseCode(request.viewer, fields.code)) &&
        !uploadLinks.verify(fields.code, request.query.firma, request.query.vence)
      ) {
        throw new AppError(403, 'prohibido', UPLOAD_MESSAGES.uploadNeedsAccount)
      }
      // Within 7 days of this chat's last analysis the photo could not be analysed (spec 001 §5): the phone says
      // so now, and a photo nobody may analyse is not kept.
      const wait = await analysisWait({ code: fields.code, personId: request.viewer?.personId ?? null })
      if (wait) return reply.status(429).send(wait)
      await assertMayUpload(db, { ip: request.ip, code: fields.code })
      const photo = await photoWork.run(() => cleanPhoto(file))
      await assertFitsDailyQuota(db, request.ip, photo.bytes.length)
      const row = await savePhoto(db, photoStorage, {
        code: fields.code,
        email: fields.email ?? null,
        personId: request.viewer?.personId ?? null,
        ip: request.ip,
        photo,
        retentionDays: config.PHOTO_RETENTION_DAYS,
      })
      const imageUrl = imageUrlOf(config, row)
      realtime.announceImage(row.code, imageUrl)
      return { image_url: imageUrl }
    },
  )

  app.get(
    '/enlace-subida',
    {
      onRequest: loggedIn,
      schema: {
        tags: ['Fotos y análisis de piel'],
        summary: 'El enlace firmado que abre el código QR del chat de la cuenta de la sesión (vale 30 minutos)',
        description:
          'El chat de una persona con sesión usa su correo como código. El teléfono que escanea el código QR no tiene sesión: el enlace lleva `firma` y `vence`, y `/upload-with-email` acepta fotos para ese correo solo con la sesión de la cuenta o con un enlace así vigente.',
        security: [{ sesion: [] }],
        response: { 200: UploadLinkSchema, 401: ErrorBodySchema },
      },
    },
    async (request) => {
      const email = await emailOf(requireViewer(request).personId)
      if (email === null) throw new AppError(401, 'no_autenticado', NOT_LOGGED_IN)
      const { firma, vence } = uploadLinks.issue(email)
      const url = new URL('/upload', config.PUBLIC_URL)
      url.search = new URLSearchParams({ code: email, firma, vence: String(vence) }).toString()
      return { url: url.toString(), vence: new Date(vence).toISOString() }
    },
  )

  app.post(
    '/analyze-skin',
    {
      validatorCompiler: multipartValidatorCompiler,
      onRequest: async () => {
        if (!photoAnalysis) throw new AppError(503, 'analisis_no_disponible', UPLOAD_MESSAGES.analysisUnavailable)
      },
      schema: {
        tags: ['Fotos y análisis de piel'],
        summary: 'Analiza la piel de la foto: siete medidas con ui_score y raw_score',
        description:
          'multipart/form-data. Las puntuaciones van de 1 a 100; más alto es piel más sana (menos del problema). Un código que es un correo solo lo usa la sesión de esa cuenta (403). Sin una autorización de tratamiento ya dada por el código o la persona (al subir una foto), `consentimiento=true` es obligatorio (400) y queda registrado. Una misma dirección IP puede pedir 20 análisis por hora, cuenten o no con un rostro válido (429 `demasiados_analisis` con Retry-After; cada foto enviada al análisis cuenta, también la rechazada). Una imagen de más de 40 megapíxeles, o que declara muchos más píxeles de los que caben en una foto de su peso, se rechaza antes de decodificarla (400). Las fotos se analizan fuera del hilo que atiende la tienda, en una cola acotada: con la cola llena responde enseguida 503 `servidor_ocupado` con Retry-After (el chat lo vuelve a intentar solo), y si el análisis falla en el servidor, 503 `analisis_fallido`; una foto cuyo cliente cerró la conexión sale de la cola sin analizarse. Dentro de los 7 días siguientes al último análisis de la misma persona o código responde 429 con el aviso y los días que faltan. Si la foto no sirve para el análisis responde 422 con `codigo` (no-face, too-small, not-frontal, off-center, too-dark, blurry, face-too-narrow) y su `mensaje`. La foto no se guarda; el resultado sí (se borra con "Eliminar mis fotos" o al vencer la retención).',
        consumes: ['multipart/form-data'],
        body: AnalyzeSkinFormSchema,
        response: {
          200: SkinAnalysisResultSchema,
          ...photoErrors,
          403: ErrorBodySchema,
          422: PhotoRejectionSchema,
          429: z.union([AnalysisWaitSchema, ErrorBodySchema]),
          503: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const form = await readPhotoForm(request)
      const { uniqueCode, consentimiento } = parseFormFields(AnalyzeFieldsSchema, form.fields)
      const file = requiredFile(form)
      if (!(await mayUseCode(request.viewer, uniqueCode))) {
        throw new AppError(403, 'prohibido', UPLOAD_MESSAGES.analysisNeedsAccount)
      }
      const owner = { code: uniqueCode, personId: request.viewer?.personId ?? null }
      // The photo is sensitive data (Ley 1581): analysed only with a consent on record, the one given
      // when the chat's photo was uploaded, or the one this request brings (recorded below).
      if (consentimiento !== 'true' && !(await hasConsent(db, owner))) {
        const message = UPLOAD_MESSAGES.consentRequired
        throw new AppError(400, 'datos_invalidos', message, { consentimiento: message })
      }
      // Spec 001 §5: a new analysis waits 7 days after the last one of the same person or chat key,
      // checked here before the engine runs (the browser's own check is a courtesy).
      const wait = await analysisWait(owner)
      if (wait) return reply.status(429).send(wait)
      // Every photo that reaches the engine's door counts, whatever the engine makes of it.
      await assertMayAnalyse(db, request.ip)
      const analysis = photoAnalysis as PhotoAnalysis // checked in onRequest
      // The header's checks here (format, pixels); decoding and the engine in a worker, in turn.
      await inspectPhoto(file)
      const outcome = await analysis.analyze(file, { mode: 'chat', signal: abandonment(reply) })
      if (outcome.quality.code !== 'ok') {
        return reply.status(422).send({ codigo: outcome.quality.code, mensaje: outcome.quality.message })
      }
      if (!outcome.analysis) throw new Error('the skin engine answered ok without an analysis')
      const result = toWireAnalysis(outcome.analysis)
      if (consentimiento === 'true') await recordAnalysisConsent(db, { ...owner, ip: request.ip })
      await recordAnalysis(db, { ...owner, ip: request.ip, result, descriptor: outcome.analysis.descriptor ?? null })
      return result
    },
  )

  // The analysis queue's figures for the operators (waiting, running, done, refused, abandoned,
  // time in queue), to whoever may read `/metrics`.
  app.get('/metricas/analisis', { schema: { hide: true } }, async (request) => {
    if (!mayReadMetrics(request, config.METRICS_TOKEN)) throw notFound()
    if (!photoAnalysis) throw new AppError(503, 'analisis_no_disponible', UPLOAD_MESSAGES.analysisUnavailable)
    return photoAnalysis.metrics()
  })

  app.get(
    '/fotos/:id',
    {
      schema: {
        tags: ['Fotos y análisis de piel'],
        summary: 'Una foto subida, solo para quien la subió',
        description:
          'Con `?code=` igual al código con que se subió (la `image_url` lo incluye) o con la sesión de la persona que la subió. Para cualquier otra persona responde 404, como si no existiera.',
        params: PhotoIdParamsSchema,
        querystring: PhotoAccessQuerySchema,
        response: { 200: z.any().describe('La foto (image/jpeg, image/png o image/webp)'), 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const { row, bytes } = await getPhotoFor(db, photoStorage, request.params.id, {
        code: request.query.code,
        personId: request.viewer?.personId ?? null,
      })
      return reply
        .header('content-type', row.mime)
        .header('content-length', bytes.length)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('cross-origin-resource-policy', 'same-origin')
        .header('referrer-policy', 'no-referrer')
        .send(bytes)
    },
  )

  app.delete(
    '/mis-fotos',
    {
      schema: {
        tags: ['Fotos y análisis de piel'],
        summary: 'Eliminar mis fotos: todas las fotos, análisis y el perfil de piel del código y de la sesión',
        description:
          'Borra las fotos y análisis del `code` dado y, con sesión, los de la persona, y también el perfil de piel del código y de la persona (`perfil: true` si había uno). Un código que es un correo solo lo puede usar la sesión de esa cuenta. Con sesión se exige el encabezado X-CSRF-Token, como en toda escritura.',
        security: [{}, { sesion: [], csrf: [] }],
        querystring: DeletePhotosQuerySchema,
        response: { 200: DeletePhotosResultSchema, 400: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (request) => {
      const code = request.query.code ?? null
      const personId = request.viewer?.personId ?? null
      if (code === null && personId === null) {
        throw new AppError(400, 'datos_invalidos', UPLOAD_MESSAGES.deleteNeedsCode, { code: 'requerido' })
      }
      if (code !== null && !(await mayUseCode(request.viewer, code))) {
        throw new AppError(403, 'prohibido', UPLOAD_MESSAGES.deleteNeedsAccount)
      }
      const deleted = await deletePhotosOf(db, photoStorage, { code, personId })
      return {
        eliminadas: deleted.photos + deleted.analyses,
        fotos: deleted.photos,
        analisis: deleted.analyses,
        perfil: deleted.profile,
      }
    },
  )
}
