/** Quality codes of the face checks (spec 001 §5); `ok` means the photo was analysed. */
export const PHOTO_QUALITY_CODES = [
  'ok',
  'no-face',
  'too-small',
  'not-frontal',
  'off-center',
  'too-dark',
  'blurry',
  'face-too-narrow',
] as const
export type PhotoQualityCode = (typeof PHOTO_QUALITY_CODES)[number]

/** How long a face photo (and its analysis) is kept by default, in days (`PHOTO_RETENTION_DAYS`). */
export const PHOTO_RETENTION_DAYS_DEFAULT = 30
/** Largest photo accepted, in bytes (10 MB). */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024
/** Largest photo accepted, in pixels (40 megapixels). */
export const MAX_PHOTO_PIXELS = 40_000_000
/** A chat that joins its room late still gets an image uploaded this recently (spec 001 §9: 10 s). */
export const RECENT_IMAGE_WINDOW_MS = 10_000
/** The version of the data policy a consent refers to (the shop's `tratamiento-de-datos` document). */
export const PHOTO_CONSENT_POLICY_VERSION = 'tratamiento-de-datos/2026-11-22'

/** Realtime (socket.io at `/socket.io`) event names of spec 001 §7. */
export const REALTIME_EVENTS = {
  /** Client → server: join the room of a chat key. */
  joinRoom: 'join_room',
  /** Server → room: a photo was uploaded under this key. */
  newImageUploaded: 'new_image_uploaded',
} as const

/** Skin measures of spec 001 §3, in the output's order. */
export const SKIN_MEASURES = ['redness', 'wrinkle', 'pore', 'acne', 'eye_bag', 'texture', 'firmness'] as const
export type SkinMeasure = (typeof SKIN_MEASURES)[number]

/** Each measure's name as the shopper reads it (chat, charts). */
export const SKIN_MEASURE_NAMES: Readonly<Record<SkinMeasure, string>> = {
  redness: 'Rojez',
  wrinkle: 'Líneas de expresión',
  pore: 'Poros',
  acne: 'Imperfecciones',
  eye_bag: 'Ojeras y bolsas',
  texture: 'Textura',
  firmness: 'Firmeza',
}

/**
 * Lower limits of how visible a concern reads, from a ui_score (1–100, higher is healthier skin): 85
 * and above reads well, under 40 is marked and always carries the advice to see a dermatologist.
 */
export const SKIN_LEVELS = { bien: 85, leve: 70, moderada: 50, severa: 40 } as const

/**
 * Why a reading is less reliable (issue 13), with the sentence the chat shows. `piel_cubierta`:
 * shadow, hair, beard or glare covered part of the skin a measure reads; `brillos`: part of it is
 * clipped (burnt-out highlights); `baja_resolucion`: few pixels per millimetre of skin; `poca_nitidez`:
 * the photo is soft; `rostro_girado`: the head is turned or tilted up or down.
 */
export const SKIN_CONFIDENCE_REASONS = {
  piel_cubierta: 'Sombras, vello, barba o brillos cubren parte de la piel medida.',
  brillos: 'Parte de la piel sale quemada por la luz (brillos sin detalle).',
  baja_resolucion: 'El rostro ocupa pocos píxeles: los detalles finos casi no se ven.',
  poca_nitidez: 'La foto está algo desenfocada.',
  rostro_girado: 'El rostro está algo girado: una mejilla se ve de lado.',
} as const
export type SkinConfidenceReason = keyof typeof SKIN_CONFIDENCE_REASONS

/**
 * Acne grades of the Hayashi criterion (Hayashi N. et al., J Dermatol 2008;35:255–260), from the
 * inflammatory lesions counted on half of the face: none, 1–5 mild, 6–20 moderate, 21–50 severe,
 * more than 50 very severe.
 */
export const ACNE_GRADES = ['sin_lesiones', 'leve', 'moderado', 'severo', 'muy_severo'] as const
export type AcneGradeCode = (typeof ACNE_GRADES)[number]

/** Each acne grade as the shopper reads it (`gradoAcne.nombre`, the chat). */
export const ACNE_GRADE_NAMES: Readonly<Record<AcneGradeCode, string>> = {
  sin_lesiones: 'Sin lesiones inflamatorias visibles',
  leve: 'Acné leve',
  moderado: 'Acné moderado',
  severo: 'Acné severo',
  muy_severo: 'Acné muy severo',
}

/** The Hayashi grade of a count of inflammatory lesions on half of the face. */
export function hayashiGrade(halfFaceLesions: number): AcneGradeCode {
  if (halfFaceLesions <= 0) return 'sin_lesiones'
  if (halfFaceLesions <= 5) return 'leve'
  if (halfFaceLesions <= 20) return 'moderado'
  if (halfFaceLesions <= 50) return 'severo'
  return 'muy_severo'
}

/** Confidence levels of the whole analysis: `alta` from 0.75, `media` from 0.5. */
export const SKIN_CONFIDENCE_LEVELS = { alta: 0.75, media: 0.5 } as const

/** Minutes the phone-upload link of an account's chat is valid (its QR code). */
export const UPLOAD_LINK_MINUTES = 30

/** Spanish texts of the photo calls (spec 001 §8 where it has them). */
export const UPLOAD_MESSAGES = {
  noFile: 'Debe seleccionar una imagen.',
  tooLarge: 'La imagen supera el tamaño máximo de 10 MB.',
  tooManyPixels: 'La imagen supera el máximo de 40 megapíxeles.',
  implausiblePixels:
    'La imagen dice tener muchos más píxeles de los que caben en una foto de ese peso. Envíe la foto tal como la tomó la cámara.',
  photoServerBusy: 'Estamos procesando muchas fotos en este momento. Intente de nuevo en unos segundos.',
  /** The analysis queue is full (503 `servidor_ocupado` of `/analyze-skin`); the chat retries by itself. */
  analysisBusy:
    'Hay muchas personas analizando su piel en este momento. Seguiremos intentando en unos segundos; no cierre el chat.',
  /** The analysis failed on the server's side (a worker stopped, the queue timed out): 503 `analisis_fallido`. */
  analysisFailed: 'No pudimos terminar el análisis de su foto. Intente de nuevo en unos segundos.',
  oneFile: 'Envíe una sola imagen por vez.',
  emptyFile: 'El archivo está vacío.',
  notAnImage: 'El archivo no es una imagen JPEG, PNG o WebP.',
  damaged: 'La imagen está dañada o incompleta. Tome o elija la foto de nuevo.',
  heicUnsupported:
    'No podemos leer fotos HEIC en este servidor. Envíe la foto en JPEG, PNG o WebP (en el iPhone: Ajustes > Cámara > Formatos > Más compatible).',
  notMultipart: 'La imagen debe enviarse como formulario multipart/form-data.',
  consentRequired:
    'Debe autorizar el tratamiento de su foto (dato sensible, Ley 1581 de 2012) marcando la casilla de consentimiento.',
  codeMismatch: 'El código de la consulta y el del formulario no coinciden.',
  analysisUnavailable: 'El análisis de piel no está disponible en este momento.',
  photoNotFound: 'La foto no existe.',
  deleteNeedsCode: 'Indique el código del chat o inicie sesión para eliminar sus fotos.',
  deleteNeedsAccount: 'Para eliminar las fotos de una cuenta debe iniciar sesión con esa cuenta.',
  analysisNeedsAccount: 'Para analizar una foto con el correo de una cuenta debe iniciar sesión con esa cuenta.',
  uploadNeedsAccount:
    'Para enviar una foto al chat de una cuenta, escanee el código QR que muestra ese chat (vale 30 minutos) o inicie sesión con esa cuenta.',
} as const

/** Face checks of spec 001 §5 and §9. The chat's checks run on the server (`/analyze-skin`). */
export const FACE_CHECKS = {
  /** Least detector confidence of a face. */
  minConfidence: 0.2,
  /** Least face size, as a fraction of the image width and of its height. */
  minSizeRatio: 0.1,
  /**
   * Least face width in pixels (also `too-small`): below it (an inter-ocular distance under about
   * 90 px, over 0.7 mm of skin per pixel) lines, pores and spots are hardly in the photo, and the
   * same face tilted by 5° moved a fine measure by 20 points (`npm run stability:skin`).
   */
  minWidthPx: 200,
  /** Face box width / height must lie within this range (a turned head is narrower). */
  minAspect: 0.7,
  maxAspect: 1.2,
  /** Face centre at most this fraction of the image width from the image's centre. */
  centerTolerance: 0.15,
  /** Least mean luma (BT.601, 0–255) of the face region. */
  minBrightness: 35,
  /** Least sharpness: variance of the Laplacian of the face region resampled to `sharpnessWidth` px. */
  minSharpness: 40,
  /** Width the face region is resampled to before measuring its sharpness and brightness. */
  sharpnessWidth: 256,
  /**
   * Upload page only: least face width as a fraction of the photo's width (`face-too-narrow`). The
   * camera asks for 0.53; a gallery photo may be wider, but the skin needs pixels.
   */
  uploadMinWidthRatio: 0.3,
} as const

/** The live camera guidance of the upload page (spec 001 §2, §5, §9). */
export const CAMERA_GUIDE = {
  /** How often a frame is checked. */
  intervalMs: 500,
  /** Consecutive perfect frames before the automatic capture. */
  perfectFrames: 2,
  /** Delay between the last perfect frame and the capture. */
  captureDelayMs: 300,
  /** The face-outline frame, in CSS pixels. */
  frameWidth: 220,
  frameHeight: 270,
  /** Tolerance around the frame's target, in CSS pixels. */
  tolerancePx: 15,
  /** Least detector score of the face. */
  minScore: 0.5,
  /** Least face width, as a fraction of the video frame's width. */
  minWidthRatio: 0.53,
} as const

/** Rejection texts of the chat (spec 001 §8): not-frontal and off-center fall under "Imagen inválida.". */
export const CHAT_PHOTO_MESSAGES: Record<Exclude<PhotoQualityCode, 'ok'>, string> = {
  'no-face': 'La imagen no contiene un rostro.',
  'too-small': 'El rostro detectado es demasiado pequeño.',
  'not-frontal': 'Imagen inválida.',
  'off-center': 'Imagen inválida.',
  'too-dark': 'La imagen está muy oscura.',
  blurry: 'La imagen está borrosa.',
  'face-too-narrow': 'Imagen inválida.',
}

/** Rejection texts of the upload page (spec 001 §8). */
export const UPLOAD_PAGE_PHOTO_MESSAGES: Record<Exclude<PhotoQualityCode, 'ok'>, string> = {
  'no-face': 'No se detectó rostro en la imagen.',
  'too-small': 'El rostro detectado es muy pequeño.',
  'not-frontal': 'El rostro debe estar mirando de frente.',
  'face-too-narrow': 'El rostro debe ocupar mas del ancho de la imagen.',
  'off-center': 'Por favor centra tu rostro en la imagen.',
  'too-dark': 'La imagen está demasiado oscura.',
  blurry: 'La imagen está borrosa.',
}

/** Texts of the upload page (spec 001 §2, §8). */
export const UPLOAD_PAGE_MESSAGES = {
  invalid: 'Imagen inválida.',
  uploaded: 'Imagen subida con éxito',
  uploadFailed: 'Error al subir imagen.',
  noUrl: 'La respuesta del servidor no contiene URL.',
  stillLoading: 'Por favor espera que el sistema termine de cargar...',
  perfect: 'Perfecto capturando automáticamente',
} as const
