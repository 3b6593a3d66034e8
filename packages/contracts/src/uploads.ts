import { z } from 'zod'
import {
  ACNE_GRADES,
  PHOTO_QUALITY_CODES,
  SKIN_CONFIDENCE_REASONS,
  SKIN_MEASURES,
  type SkinConfidenceReason,
} from './values/uploads'

/**
 * Face photos, skin analysis and the realtime hand-off between the phone and the chat (spec 001
 * §2 Upload page, §4 Assistant, §7 image and chat server calls). These calls live at the server's
 * root (`/upload-with-email`, `/analyze-skin`, ...), not under `/swagger/api`.
 */

/**
 * The key of a chat (spec 001 §4 Identity): the random 8-character code of an anonymous chat, or
 * the e-mail of a logged-in user.
 */
export const ChatCodeSchema = z
  .string({ error: 'Falta el código del chat.' })
  .trim()
  .min(8, 'El código del chat debe tener entre 8 y 64 caracteres.')
  .max(64, 'El código del chat debe tener entre 8 y 64 caracteres.')
  .regex(/^[A-Za-z0-9@._-]+$/, 'El código del chat solo admite letras, números, @, punto, guion y guion bajo.')

/** Quality codes of the face checks (spec 001 §5); `ok` means the photo was analysed. */
export const PhotoQualityCodeSchema = z.enum(PHOTO_QUALITY_CODES)

/** One score: both from 1 to 100, higher is healthier skin (less of the concern). */
export const SkinScoreSchema = z.object({
  ui_score: z.number().int().min(0).max(100),
  raw_score: z.number().min(0).max(100),
})
export type SkinScore = z.infer<typeof SkinScoreSchema>

const reasonCodes = Object.keys(SKIN_CONFIDENCE_REASONS) as [SkinConfidenceReason, ...SkinConfidenceReason[]]
export const SkinConfidenceReasonSchema = z.enum(reasonCodes)

/** One measure: its score and how far the reading can be trusted (0–1) and why not fully. */
export const SkinMeasureScoreSchema = SkinScoreSchema.extend({
  confianza: z.number().min(0).max(1),
  motivos: z.array(SkinConfidenceReasonSchema),
})
export type SkinMeasureScore = z.infer<typeof SkinMeasureScoreSchema>

/** The whole analysis: the mean confidence of the seven measures, its level, and every reason with its sentence. */
export const SkinConfidenceSummarySchema = z.object({
  valor: z.number().min(0).max(1),
  nivel: z.enum(['alta', 'media', 'baja']),
  motivos: z.array(z.object({ codigo: SkinConfidenceReasonSchema, mensaje: z.string() })),
})
export type SkinConfidenceSummary = z.infer<typeof SkinConfidenceSummarySchema>

/** Where the engine looked: a face region (polygon in image pixels) and its per-measure values. */
export const SkinRegionSchema = z.object({
  name: z.string(),
  polygon: z.array(z.tuple([z.number(), z.number()])),
  values: z.partialRecord(z.enum(SKIN_MEASURES), z.number()),
})

/**
 * Skin age (`edadPiel`): the apparent age of the face in the photo, whole years, or null when the
 * estimate is not trustworthy. An estimate from the photo, not a diagnosis.
 */
export const SkinAgeSchema = z.number().int().min(0).max(120).nullable()

/** One inflammatory acne lesion the engine counted: its centre and radius in the photo's pixels. */
export const SkinLesionSchema = z.object({
  x: z.number().min(0),
  y: z.number().min(0),
  radio: z.number().min(0),
})
export type SkinLesion = z.infer<typeof SkinLesionSchema>

/**
 * The acne grade by the Hayashi criterion (`ACNE_GRADES`): `lesiones` is the count of inflammatory
 * lesions on the more affected half of the face, `nombre` the grade as the shopper reads it.
 */
export const AcneGradeSchema = z.object({
  escala: z.literal('Hayashi'),
  grado: z.enum(ACNE_GRADES),
  lesiones: z.number().int().min(0).describe('Lesiones inflamatorias en la mitad más afectada del rostro'),
  nombre: z.string().describe('El grado en español: "Acné moderado", "Sin lesiones inflamatorias visibles"…'),
})
export type AcneGrade = z.infer<typeof AcneGradeSchema>

/**
 * `POST /analyze-skin` answer: the skin age, the seven measures (each with its confidence), the
 * overall score, the confidence summary, the regions, the inflammatory acne lesions and the acne grade.
 */
export const SkinAnalysisResultSchema = z.object({
  edadPiel: SkinAgeSchema,
  redness: SkinMeasureScoreSchema,
  wrinkle: SkinMeasureScoreSchema,
  pore: SkinMeasureScoreSchema,
  acne: SkinMeasureScoreSchema,
  eye_bag: SkinMeasureScoreSchema,
  texture: SkinMeasureScoreSchema,
  firmness: SkinMeasureScoreSchema,
  overall: SkinScoreSchema,
  confianza: SkinConfidenceSummarySchema,
  regions: z.array(SkinRegionSchema),
  lesiones: z
    .array(SkinLesionSchema)
    .describe('Cada lesión inflamatoria de acné: centro y radio, en píxeles de la foto'),
  gradoAcne: AcneGradeSchema,
})
export type SkinAnalysisResult = z.infer<typeof SkinAnalysisResultSchema>

/**
 * An analysis as the server stored it (the JSON column `skin_analyses.result`): those stored before
 * the skin age, the lesions and the acne grade existed have none of them, so whatever reads a stored
 * analysis back treats them as possibly absent.
 */
export const StoredSkinAnalysisResultSchema = SkinAnalysisResultSchema.extend({
  edadPiel: SkinAgeSchema.optional(),
  lesiones: z.array(SkinLesionSchema).optional(),
  gradoAcne: AcneGradeSchema.optional(),
})
export type StoredSkinAnalysisResult = z.infer<typeof StoredSkinAnalysisResultSchema>

/** A 422 of `/analyze-skin`: the photo was read but is not fit for analysis. */
export const PhotoRejectionSchema = z.object({
  codigo: PhotoQualityCodeSchema.exclude(['ok']),
  mensaje: z.string(),
})

const fileField = z.string().meta({ format: 'binary' })
const consentField = z
  .string({ error: 'Debe aceptar el tratamiento de la foto para subirla.' })
  .describe('"true": autorización expresa del tratamiento de datos sensibles (Ley 1581 de 2012)')

/** `POST /upload-with-email` form (multipart/form-data). Documentation of the form; the server reads it part by part. */
export const UploadPhotoFormSchema = z.object({
  file: fileField.describe('La foto: JPEG, PNG o WebP, hasta 10 MB y 40 megapíxeles'),
  email: z.string().optional().describe('Correo del usuario del chat (opcional)'),
  code: ChatCodeSchema.optional().describe('Clave del chat (también puede ir en la consulta)'),
  consentimiento: consentField,
})

export const UploadPhotoQuerySchema = z.object({
  code: ChatCodeSchema.optional().describe('Clave del chat: el código de 8 caracteres o el correo del usuario'),
  firma: z
    .string()
    .max(100)
    .optional()
    .describe('Con un correo como código: la firma del enlace que da el chat de esa cuenta (GET /enlace-subida)'),
  vence: z.coerce
    .number({ error: 'vence debe ser un número' })
    .int()
    .positive()
    .max(Number.MAX_SAFE_INTEGER)
    .optional()
    .describe('Con `firma`: hasta cuándo vale el enlace (milisegundos desde 1970)'),
})

/** `GET /enlace-subida`: the address the QR code of a logged-in shopper's chat opens on the phone. */
export const UploadLinkSchema = z.object({
  url: z.string().describe('PUBLIC_URL/upload?code=<correo>&firma=…&vence=…'),
  vence: z.string().describe('Hasta cuándo vale el enlace (ISO)'),
})
export type UploadLink = z.infer<typeof UploadLinkSchema>

export const UploadPhotoResultSchema = z.object({ image_url: z.string() })
export type UploadPhotoResult = z.infer<typeof UploadPhotoResultSchema>

/** `POST /analyze-skin` form (multipart/form-data). */
export const AnalyzeSkinFormSchema = z.object({
  file: fileField.describe('La foto del rostro: JPEG, PNG o WebP, hasta 10 MB y 40 megapíxeles'),
  uniqueCode: ChatCodeSchema.describe('Clave del chat'),
  consentimiento: z
    .enum(['true', 'false'])
    .optional()
    .describe(
      'Autorización del tratamiento de la foto (Ley 1581 de 2012): obligatoria si el código o la persona no la dieron ya al subir una foto',
    ),
})

/** Photo ids are 128-bit random values in base64url (22 characters); anything else is a 404. */
export const PhotoIdParamsSchema = z.object({ id: z.string().max(100) })

export const PhotoAccessQuerySchema = z.object({
  code: z.string().max(64).optional().describe('Clave del chat con que se subió la foto'),
})

export const DeletePhotosQuerySchema = z.object({
  code: ChatCodeSchema.optional().describe('Clave del chat cuyas fotos y análisis se eliminan'),
})

export const DeletePhotosResultSchema = z.object({
  eliminadas: z.number().int().nonnegative().describe('Fotos y análisis eliminados, en total'),
  fotos: z.number().int().nonnegative().describe('Fotos eliminadas'),
  analisis: z.number().int().nonnegative().describe('Análisis eliminados'),
  perfil: z.boolean().describe('Si se eliminó también el perfil de piel'),
})
export type DeletePhotosResult = z.infer<typeof DeletePhotosResultSchema>

/** Payload of the realtime `new_image_uploaded` event. */
export const NewImageUploadedSchema = z.object({ image_url: z.string() })
export type NewImageUploaded = z.infer<typeof NewImageUploadedSchema>
