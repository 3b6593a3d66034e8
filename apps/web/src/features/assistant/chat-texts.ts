/**
 * The chat's own Spanish texts (spec 001 §2, §4, §8; where the spec gives none, Piel's own words). The advisor's
 * replies come from the server; these are what the screen says around them.
 */
export const CHAT_TEXTS = {
  greeting:
    '¡Hola! Soy tu asistente de piel. Puedo analizar una foto de tu rostro y recomendarte una rutina con productos de la tienda, o responder tus preguntas sobre el cuidado de la piel.',
  qr: 'Para el diagnóstico de tu piel, escanea este código QR con la cámara de tu teléfono y toma una foto de tu rostro de frente, con buena luz y sin maquillaje. El análisis aparecerá aquí.',
  stillAnalysing: 'Sigo analizando tu foto: puede tardar un poco más cuando hay mucha gente. No cierres esta página.',
  imageError: 'Hubo un error al procesar la imagen. Intenta nuevamente.',
  analysisDone: 'Análisis completado. Estos son tus resultados.',
  /** Spec 001 §8: two variants of the failed-analysis tips (their exact texts are not given). */
  failureTips: [
    'Consejo para la próxima foto: busca luz natural de frente (cerca de una ventana), mira directo a la cámara, retira gafas y cabello del rostro, y acerca el teléfono hasta que tu cara llene la silueta.',
    'Intentemos de nuevo: limpia la lente de la cámara, evita la luz detrás de ti y las sombras fuertes, mantén el teléfono a la altura de los ojos y quédate quieto hasta que la foto se tome sola.',
  ],
  describeInstead:
    'Parece que las fotos no están funcionando. Si prefieres, descríbeme tu piel con tus palabras (por ejemplo: «tengo la piel grasa y granitos en la frente») y te recomiendo una rutina.',
  productsIntro: 'Elige los productos que te parezcan adecuados: todos han sido recomendados para tu condición.',
  selectOne: 'Debes seleccionar al menos un producto antes de continuar.',
  messageError: 'No pude responder en este momento. Revisa tu conexión e inténtalo de nuevo.',
  locationFailed: 'No se pudo obtener la ubicación',
  locationUnsupported: 'La geolocalización no está soportada.',
  returnHint: 'Tu asistente de piel sigue aquí: vuelve al chat cuando quieras.',
  /** Issue 31: the skin profile, offered once in the conversation. */
  profilePrompt:
    'Para aconsejarte mejor, ¿me cuentas un poco de tu piel? Son unas preguntas cortas y opcionales; así evito recomendarte algo que no te convenga.',
  profileLater: 'Está bien. Cuando quieras, lo completas en «Mi perfil de piel».',
  profileSaved:
    'Listo, guardé tu perfil de piel. Lo tendré en cuenta en mis consejos y en tu rutina; puedes cambiarlo cuando quieras en «Mi perfil de piel».',
} as const

/** The failed-analysis tip for the n-th failure in a row (1-based), alternating the two variants. */
export const failureTip = (failures: number): string => CHAT_TEXTS.failureTips[(failures - 1) % 2] as string

/** Spec 001 §9: the failure counter's limit (3 failures → offer to describe the skin in words). */
export const FAILURE_LIMIT = 3
/** Spec 001 §9: the still-analysing notice after 20 s. */
export const SLOW_ANALYSIS_MS = 20_000
