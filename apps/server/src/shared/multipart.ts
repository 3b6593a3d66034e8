import { findUncleanText, MAX_PHOTO_BYTES, UNCLEAN_TEXT_MESSAGE, UPLOAD_MESSAGES } from '@piel/contracts'
import type { FastifyError, FastifyRequest } from 'fastify'
import type { FastifyRouteSchemaDef, FastifyValidationResult } from 'fastify/types/schema'
import { validatorCompiler } from 'fastify-type-provider-zod'
import type { ZodType } from 'zod'
import { AppError } from './errors'
import type { IncomingFile } from './image-intake'

/** Limits of the picture forms (face photos, product pictures): one file of at most 10 MB and a few short fields. */
export const MULTIPART_LIMITS = {
  files: 1,
  fileSize: MAX_PHOTO_BYTES,
  fields: 10,
  fieldSize: 1_000,
  parts: 12,
  headerPairs: 50,
} as const

export interface PhotoForm {
  file: IncomingFile | null
  fields: Record<string, string>
}

/**
 * Reads a multipart form: the part named `file` (whole, at most 10 MB) and the text fields.
 * Other file parts are drained and ignored.
 */
export async function readPhotoForm(request: FastifyRequest): Promise<PhotoForm> {
  if (!request.isMultipart()) throw new AppError(415, 'no_es_multipart', UPLOAD_MESSAGES.notMultipart)
  let file: IncomingFile | null = null
  const fields: Record<string, string> = {}
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname === 'file' && file === null) {
        file = { bytes: await part.toBuffer(), declaredType: part.mimetype }
      } else {
        part.file.resume()
      }
      continue
    }
    if (part.valueTruncated) {
      throw new AppError(400, 'datos_invalidos', `El campo ${part.fieldname} es demasiado largo.`, {
        [part.fieldname]: 'demasiado largo',
      })
    }
    if (typeof part.value === 'string' && !(part.fieldname in fields)) fields[part.fieldname] = part.value
  }
  return { file, fields }
}

/** The form's picture, or the 400 that names the missing file (a form sent without choosing one). */
export function requiredFile(form: PhotoForm): IncomingFile {
  if (!form.file) throw new AppError(400, 'sin_imagen', UPLOAD_MESSAGES.noFile, { file: UPLOAD_MESSAGES.noFile })
  return form.file
}

const BUSBOY_ERRORS =
  /^(Multipart: Boundary not found|Unexpected end of multipart data|.* terminated early due to unexpected end of multipart data|Unsupported Content-Type|Malformed)/

/** The multipart plugin's own errors as the Spanish answers of the photo calls. */
export function translateMultipartError(error: FastifyError): FastifyError | AppError {
  switch (error.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(413, 'imagen_muy_pesada', UPLOAD_MESSAGES.tooLarge)
    case 'FST_FILES_LIMIT':
      return new AppError(400, 'demasiados_archivos', UPLOAD_MESSAGES.oneFile)
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError(400, 'datos_invalidos', 'El formulario trae demasiados campos.')
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError(415, 'no_es_multipart', UPLOAD_MESSAGES.notMultipart)
    case 'FST_PROTO_VIOLATION':
    case 'FST_MP_PREMATURE_CLOSE':
      return new AppError(400, 'formulario_invalido', 'El formulario enviado no es válido o llegó incompleto.')
    default:
      // busboy's own parse errors carry no code; their messages are these.
      if (!error.code && !error.statusCode && BUSBOY_ERRORS.test(error.message)) {
        return new AppError(400, 'formulario_invalido', 'El formulario enviado no es válido o llegó incompleto.')
      }
      return error
  }
}

/**
 * Validation of a multipart route: the body schema documents the form in the OpenAPI, but the
 * form is read part by part in the handler (so the file is never parsed as JSON or buffered
 * twice); the other parts (query, params) are validated by their zod schemas as everywhere.
 */
export function multipartValidatorCompiler<S>(route: FastifyRouteSchemaDef<S>): FastifyValidationResult {
  return route.httpPart === 'body' ? () => true : validatorCompiler(route as unknown as FastifyRouteSchemaDef<ZodType>)
}

/** The first problem of a form as a 400 naming the field (the same shape as a schema validation error). */
export function parseFormFields<T>(schema: ZodType<T>, fields: Record<string, string>): T {
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
