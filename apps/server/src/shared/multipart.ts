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

/** RFC 9110 token: a parameter's name, or its value when not quoted. */
const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+"
/** One `; name=value` parameter of a Content-Type (or an empty `;`), from where the last one ended. */
const PARAMETER = new RegExp(`\\s*;\\s*(?:(${TOKEN})\\s*=\\s*("(?:[^"\\\\\\r\\n]|\\\\.)*"|${TOKEN}))?\\s*`, 'y')
/** RFC 2046 §5.1.1: 1 to 70 of these characters, the last one not a space. */
const BOUNDARY = /^[0-9A-Za-z'()+_,./:=? -]{0,69}[0-9A-Za-z'()+_,./:=?-]$/
/**
 * No Content-Type of a form needs more (a browser's is about 70 characters): whatever boundary busboy
 * reads from a header this long stays far below the 253 characters its search cannot take.
 */
const MAX_FORM_CONTENT_TYPE = 200

export const BOUNDARY_MESSAGES = {
  missing: 'El formulario no indica su separador (boundary) o lo indica mal.',
  tooLong: 'El separador del formulario (boundary) pasa de 70 caracteres.',
  malformed: 'El separador del formulario (boundary) tiene caracteres no permitidos.',
  headerTooLong: 'El tipo de contenido del formulario (Content-Type) es demasiado largo.',
} as const

/**
 * What is wrong with the boundary of a multipart Content-Type (issue 29, finding 8), or null when it
 * is one RFC 2046 allows: present once, 1 to 70 characters of digits, letters and `'()+_,-./:=?`
 * or spaces (not last), bare or quoted. Anything the parameter grammar does not read is refused too,
 * so busboy never reads another boundary than the one checked here.
 */
export function boundaryProblem(contentType: string): keyof typeof BOUNDARY_MESSAGES | null {
  const semicolon = contentType.indexOf(';')
  if (semicolon === -1) return 'missing'
  const boundaries: string[] = []
  PARAMETER.lastIndex = semicolon
  while (PARAMETER.lastIndex < contentType.length) {
    const match = PARAMETER.exec(contentType)
    if (match === null || match[0] === '') return 'missing'
    const [, name, value] = match
    if (name === undefined || value === undefined) continue
    // `boundary*` (RFC 2231) would be decoded by busboy into something else than what is checked here.
    if (/^boundary\*?$/i.test(name)) boundaries.push(name.endsWith('*') ? '' : value)
  }
  const [raw] = boundaries
  if (boundaries.length !== 1 || raw === undefined || raw === '' || raw === '""') return 'missing'
  const boundary = raw.startsWith('"') ? raw.slice(1, -1) : raw
  if (boundary.length > 70) return 'tooLong'
  if (!BOUNDARY.test(boundary)) return 'malformed'
  return contentType.length > MAX_FORM_CONTENT_TYPE ? 'headerTooLong' : null
}

/**
 * Every request that reaches a form reader (the multipart plugin took its body): a missing, malformed or
 * over-long boundary is a 400 in Spanish before busboy sees it. busboy cannot search for a boundary of
 * 253 characters or more and threw, which was a 500 on every multipart route.
 */
export async function rejectBadBoundary(request: FastifyRequest) {
  if (typeof request.isMultipart !== 'function' || !request.isMultipart()) return
  const problem = boundaryProblem(request.headers['content-type'] ?? '')
  if (problem !== null) throw new AppError(400, 'formulario_invalido', BOUNDARY_MESSAGES[problem])
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
