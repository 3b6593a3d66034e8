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
  findUncleanText,
  PhotoAccessQuerySchema,
  PhotoIdParamsSchema,
  PhotoRejectionSchema,
  SkinAnalysisResultSchema,
  UNCLEAN_TEXT_MESSAGE,
  UPLOAD_MESSAGES,
  UploadPhotoFormSchema,
  UploadPhotoQuerySchema,
  UploadPhotoResultSchema,
} from '@piel/contracts'
import type { FastifyError } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Deps } from '../../shared/deps'
import { AppError, handleError } from '../../shared/errors'
import type { Viewer } from '../../shared/viewer'
import type { SkinAnalyzer } from './analyzer'
import { MULTIPART_LIMITS, multipartValidatorCompiler, readPhotoForm, translateMultipartError } from './form'
import { cleanPhoto, decodePhoto } from './photo'
import type { Realtime } from './realtime'
import { deletePhotosOf, firstAndLastAnalysis, getPhotoFor, nextAnalysisAt, recordAnalysis, savePhoto } from './service'
import type { PhotoStorage } from './storage'
import { imageUrlOf, toWireAnalysis } from './wire'

export interface UploadsOptions extends Deps {
  photoStorage: PhotoStorage
  realtime: Realtime
  /** The skin-analysis engine; without it `/analyze-skin` answers 503. */
  skinAnalyzer: SkinAnalyzer | undefined
  /** Whether the viewer may act on the photos of `code` (a code that is an e-mail belongs to its account). */
  mayUseCode(viewer: Viewer | null, code: string): Promise<boolean>
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

const AnalyzeFieldsSchema = z.object({ uniqueCode: ChatCodeSchema })

/** The first problem of a form as a 400 naming the field (the same shape as a schema validation error). */
function parseFields<T>(schema: z.ZodType<T>, fields: Record<string, string>): T {
  const present = Object.fromEntries(Object.entries(fields).filter(([, value]) => value.trim() !== ''))
  // The form's fields pass the same text rule as every JSON body (rejectUncleanText).
  const unclean = findUncleanText(present)
  if (unclean !== null) {
    throw new AppError(
      400,
      'datos_invalidos',
      `Datos inválidos en el formulario: ${unclean}: ${UNCLEAN_TEXT_MESSAGE}`,
      {
        [unclean]: UNCLEAN_TEXT_MESSAGE,
      },
    )
  }
  const result = schema.safeParse(present)
  if (result.success) return result.data
  const campos: Record<string, string> = {}
  for (const issue of result.error.issues) campos[issue.path.join('.') || 'formulario'] ??= issue.message
  const [first] = result.error.issues
  throw new AppError(400, 'datos_invalidos', first?.message ?? 'Los datos enviados no son válidos.', campos)
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
  { db, config, photoStorage, realtime, skinAnalyzer, mayUseCode },
) => {
  await app.register(fastifyMultipart, { limits: MULTIPART_LIMITS })
  app.setErrorHandler((error: FastifyError, request, reply) =>
    handleError(translateMultipartError(error) as FastifyError, request, reply),
  )

  app.post(
    '/upload-with-email',
    {
      validatorCompiler: multipartValidatorCompiler,
      schema: {
        tags: ['Fotos y análisis de piel'],
        summary: 'Sube la foto del rostro desde el teléfono y avisa al chat de la sala `code`',
        description:
          'multipart/form-data. La foto (JPEG, PNG o WebP; hasta 10 MB y 40 megapíxeles) se gira según su EXIF y se guarda sin metadatos (ni GPS). `consentimiento=true` es obligatorio: autorización expresa del tratamiento de datos sensibles (Ley 1581 de 2012). Responde `image_url` (solo la lee quien tiene el código o la sesión que la subió) y emite `new_image_uploaded` `{ image_url }` a la sala `code` (socket.io en /socket.io).',
        consumes: ['multipart/form-data'],
        querystring: UploadPhotoQuerySchema,
        body: UploadPhotoFormSchema,
        response: { 200: UploadPhotoResultSchema, ...photoErrors, 403: ErrorBodySchema },
      },
    },
    async (request) => {
      const form = await readPhotoForm(request)
      const queryCode = request.query.code
      const fieldCode = form.fields.code?.trim()
      if (queryCode && fieldCode && queryCode !== fieldCode) {
        throw new AppError(400, 'datos_invalidos', UPLOAD_MESSAGES.codeMismatch, { code: UPLOAD_MESSAGES.codeMismatch })
      }
      const fields = parseFields(UploadFieldsSchema, { ...form.fields, ...(queryCode ? { code: queryCode } : {}) })
      if (!form.file) throw new AppError(400, 'sin_imagen', UPLOAD_MESSAGES.noFile, { file: UPLOAD_MESSAGES.noFile })
      const photo = await cleanPhoto(form.file)
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

  app.post(
    '/analyze-skin',
    {
      validatorCompiler: multipartValidatorCompiler,
      onRequest: async () => {
        if (!skinAnalyzer) throw new AppError(503, 'analisis_no_disponible', UPLOAD_MESSAGES.analysisUnavailable)
      },
      schema: {
        tags: ['Fotos y análisis de piel'],
        summary: 'Analiza la piel de la foto: siete medidas con ui_score y raw_score',
        description:
          'multipart/form-data. Las puntuaciones van de 1 a 100; más alto es piel más sana (menos del problema). Un código que es un correo solo lo usa la sesión de esa cuenta (403). Dentro de los 7 días siguientes al último análisis de la misma persona o código responde 429 con el aviso y los días que faltan. Si la foto no sirve para el análisis responde 422 con `codigo` (no-face, too-small, not-frontal, off-center, too-dark, blurry, face-too-narrow) y su `mensaje`. La foto no se guarda; el resultado sí (se borra con "Eliminar mis fotos" o al vencer la retención).',
        consumes: ['multipart/form-data'],
        body: AnalyzeSkinFormSchema,
        response: {
          200: SkinAnalysisResultSchema,
          ...photoErrors,
          403: ErrorBodySchema,
          422: PhotoRejectionSchema,
          429: AnalysisWaitSchema,
          503: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const form = await readPhotoForm(request)
      const { uniqueCode } = parseFields(AnalyzeFieldsSchema, form.fields)
      if (!form.file) throw new AppError(400, 'sin_imagen', UPLOAD_MESSAGES.noFile, { file: UPLOAD_MESSAGES.noFile })
      if (!(await mayUseCode(request.viewer, uniqueCode))) {
        throw new AppError(403, 'prohibido', UPLOAD_MESSAGES.analysisNeedsAccount)
      }
      // Spec 001 §5: a new analysis waits 7 days after the last one of the same person or chat key,
      // checked here before the engine runs (the browser's own check is a courtesy).
      const owner = { code: uniqueCode, personId: request.viewer?.personId ?? null }
      const now = new Date()
      const next = nextAnalysisAt((await firstAndLastAnalysis(db, owner)).last, now)
      if (next) {
        const days = daysUntil(next, now)
        return reply.status(429).send({
          codigo: 'analisis_reciente' as const,
          mensaje: analysisWaitMessage(days),
          diasRestantes: days,
          proximoAnalisis: next.toISOString(),
        })
      }
      const image = await decodePhoto(form.file)
      const analyzer = skinAnalyzer as SkinAnalyzer // checked in onRequest
      const outcome = await analyzer.analyze(image, { mode: 'chat' })
      if (outcome.quality.code !== 'ok') {
        return reply.status(422).send({ codigo: outcome.quality.code, mensaje: outcome.quality.message })
      }
      if (!outcome.analysis) throw new Error('the skin engine answered ok without an analysis')
      const result = toWireAnalysis(outcome.analysis)
      await recordAnalysis(db, { code: uniqueCode, personId: request.viewer?.personId ?? null, result })
      return result
    },
  )

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
        summary: 'Eliminar mis fotos: todas las fotos y análisis del código y de la sesión',
        description:
          'Borra las fotos y análisis del `code` dado y, con sesión, los de la persona. Un código que es un correo solo lo puede usar la sesión de esa cuenta. Con sesión se exige el encabezado X-CSRF-Token, como en toda escritura.',
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
      return { eliminadas: deleted.photos + deleted.analyses, fotos: deleted.photos, analisis: deleted.analyses }
    },
  )
}
