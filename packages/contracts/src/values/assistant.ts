/** The weather when it was read, else `{ estado: "No especificado" }` (spec 001 §3, climaContexto). */
export const CLIMA_NO_ESPECIFICADO = 'No especificado'

/** Spec 001 §9: a new skin analysis waits 7 days after the last one of the same person (or chat code). */
export const ANALYSIS_COOLDOWN_MS = 604_800_000

/** Days still to wait, rounded up (a wait of 2 h reads "1 día"). */
export const daysUntil = (next: Date, now: Date): number =>
  Math.max(1, Math.ceil((next.getTime() - now.getTime()) / 86_400_000))

/** Spec 001 §8: the 7-day wait message, saying a previous analysis exists and how many days remain. */
export const analysisWaitMessage = (days: number): string =>
  `Ya tienes un análisis de piel reciente. Para que la comparación muestre cambios reales, el siguiente análisis se hace 7 días después del anterior: podrás enviar una foto nueva en ${days} ${days === 1 ? 'día' : 'días'}.`
