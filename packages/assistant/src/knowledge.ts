import { SKIN_LEVELS, SKIN_MEASURE_NAMES, type SkinMeasure } from '@piel/contracts'
import { normalise } from './text'

/**
 * What Piel's advisor knows about each of the seven measures, in plain Spanish: what the measure
 * looks at, which active ingredients and product characteristics address it (the catalogue is
 * matched on these), where it goes in a routine, how to care for it, and when to see a
 * dermatologist. Wording stays cosmetic (how the skin looks, how to care for it), never a diagnosis
 * nor a cure: the shop sells cosmetics (INVIMA's notificación sanitaria, not a medicine's register).
 */
export type RoutineStep = 'limpiar' | 'tratar' | 'hidratar' | 'proteger'

export interface MeasureKnowledge {
  /** Name shown to the shopper. */
  nombre: string
  /** What the score looks at, in plain words (completes "Mide …"). */
  queMide: string
  /** Active ingredients that address it, most established first. */
  activos: readonly string[]
  /** Words of the catalogue's characteristics that point to a product for it. */
  caracteristicas: readonly string[]
  /** Where its treatment goes in a routine. */
  paso: RoutineStep
  /** Everyday care, one sentence each. */
  cuidados: readonly string[]
  /** A caution about its actives, when there is one. */
  precaucion?: string
  /** When a marked result should be seen by a dermatologist. */
  dermatologo: string
}

/** Each measure's name with its article, for the middle of a sentence ("para las líneas de expresión"). */
export const MEASURE_PHRASES: Readonly<Record<SkinMeasure, string>> = {
  redness: 'la rojez',
  wrinkle: 'las líneas de expresión',
  pore: 'los poros',
  acne: 'las imperfecciones',
  eye_bag: 'las ojeras y bolsas',
  texture: 'la textura',
  firmness: 'la firmeza',
}

export const KNOWLEDGE: Readonly<Record<SkinMeasure, MeasureKnowledge>> = {
  redness: {
    nombre: SKIN_MEASURE_NAMES.redness,
    queMide: 'cuánto se enrojecen las mejillas y la nariz frente al resto del rostro',
    activos: ['niacinamida', 'centella asiática', 'pantenol', 'ácido azelaico', 'alantoína'],
    caracteristicas: ['calmante', 'antirojeces', 'piel sensible', 'reparadora', 'centella', 'niacinamida'],
    paso: 'tratar',
    cuidados: [
      'Lava el rostro con agua tibia, nunca muy caliente, y con un limpiador suave sin fragancia.',
      'Evita los exfoliantes fuertes mientras la piel esté enrojecida.',
      'El sol y el calor aumentan la rojez: usa protector solar todos los días.',
    ],
    dermatologo:
      'Si la rojez arde, se extiende, aparece con granitos o no mejora en unas semanas, consulta a un dermatólogo.',
  },
  wrinkle: {
    nombre: SKIN_MEASURE_NAMES.wrinkle,
    queMide: 'las líneas finas de la frente, el entrecejo y el contorno de los ojos',
    activos: ['retinol', 'péptidos', 'vitamina C', 'ácido hialurónico'],
    caracteristicas: ['antiedad', 'antiarrugas', 'retinol', 'péptidos', 'vitamina c', 'reafirmante'],
    paso: 'tratar',
    cuidados: [
      'El protector solar de amplio espectro es el mejor cuidado antiedad: aplícalo cada mañana y reaplícalo cada 2 a 3 horas al aire libre.',
      'Una piel bien hidratada marca menos las líneas finas.',
    ],
    precaucion:
      'El retinol se usa de noche, empezando dos o tres noches por semana, y no durante el embarazo ni la lactancia.',
    dermatologo: 'Si buscas un cambio mayor que el de un cosmético, un dermatólogo puede orientarte.',
  },
  pore: {
    nombre: SKIN_MEASURE_NAMES.pore,
    queMide: 'qué tanto se notan los poros en mejillas, nariz y mentón',
    activos: ['niacinamida', 'ácido salicílico', 'arcillas', 'retinol'],
    caracteristicas: ['poros', 'matificante', 'piel grasa', 'seborreguladora', 'salicílico', 'niacinamida'],
    paso: 'tratar',
    cuidados: [
      'Limpia el rostro mañana y noche; desmaquíllate siempre antes de dormir.',
      'Busca productos no comedogénicos y texturas ligeras.',
    ],
    precaucion: 'El ácido salicílico puede resecar: empieza en noches alternas.',
    dermatologo: 'Si los poros vienen con granitos frecuentes o grasa excesiva, un dermatólogo puede ayudarte.',
  },
  acne: {
    nombre: SKIN_MEASURE_NAMES.acne,
    queMide: 'los granitos y puntos rojos inflamados de la piel',
    activos: ['ácido salicílico', 'peróxido de benzoilo', 'niacinamida', 'ácido azelaico', 'zinc'],
    caracteristicas: ['antiimperfecciones', 'acné', 'piel grasa', 'salicílico', 'purificante', 'no comedogénico'],
    paso: 'tratar',
    cuidados: [
      'No aprietes ni manipules los granitos: dejan marcas y se inflaman más.',
      'Cambia a menudo la funda de la almohada y limpia la pantalla del celular.',
      'Hidrata también la piel grasa, con texturas en gel o fluidas.',
    ],
    precaucion:
      'El peróxido de benzoilo decolora la ropa y puede irritar: úsalo en poca cantidad y no lo mezcles con retinol en la misma noche.',
    dermatologo:
      'Si los granitos son dolorosos, profundos, dejan marcas o no mejoran en 8 a 12 semanas, consulta a un dermatólogo.',
  },
  eye_bag: {
    nombre: SKIN_MEASURE_NAMES.eye_bag,
    queMide: 'la sombra y la hinchazón bajo los ojos',
    activos: ['cafeína', 'vitamina K', 'niacinamida', 'ácido hialurónico'],
    caracteristicas: ['contorno de ojos', 'ojeras', 'bolsas', 'cafeína', 'descongestionante'],
    paso: 'tratar',
    cuidados: [
      'Aplica el contorno de ojos con toques suaves del dedo anular, sin frotar.',
      'Dormir bien y reducir la sal de la noche ayuda con la hinchazón de la mañana.',
    ],
    dermatologo: 'Si la hinchazón aparece de repente, duele o afecta un solo ojo, consulta a un médico.',
  },
  texture: {
    nombre: SKIN_MEASURE_NAMES.texture,
    queMide: 'qué tan lisa y pareja se ve la superficie de la piel',
    activos: ['ácido glicólico', 'ácido láctico', 'urea', 'retinol', 'ácido hialurónico'],
    caracteristicas: ['exfoliante', 'renovador', 'alisador', 'glicólico', 'aha', 'urea'],
    paso: 'tratar',
    cuidados: [
      'Exfolia con ácidos suaves una a tres veces por semana, no todos los días.',
      'Después de exfoliar, hidrata y protege del sol: la piel queda más sensible.',
    ],
    precaucion: 'Los ácidos exfoliantes aumentan la sensibilidad al sol: úsalos de noche y con protector de día.',
    dermatologo: 'Si la aspereza viene con descamación, picor o placas, consulta a un dermatólogo.',
  },
  firmness: {
    nombre: SKIN_MEASURE_NAMES.firmness,
    queMide: 'qué tan marcados se ven los surcos de la nariz a la boca y la línea de la mandíbula',
    activos: ['péptidos', 'retinol', 'vitamina C', 'ácido hialurónico'],
    caracteristicas: ['reafirmante', 'firmeza', 'antiedad', 'péptidos', 'redensificante'],
    paso: 'hidratar',
    cuidados: [
      'Aplica las cremas con movimientos hacia arriba, incluido el cuello.',
      'El sol acelera la pérdida de firmeza: el protector diario es parte del cuidado.',
    ],
    precaucion: 'El retinol se usa de noche y no durante el embarazo ni la lactancia.',
    dermatologo: 'Si buscas un cambio mayor que el de un cosmético, un dermatólogo puede orientarte.',
  },
}

/**
 * The actives that help a measure, most established first, without those the person must avoid
 * (catalogue spelling, `evitar`: pregnancy, isotretinoin, a sensitivity…): a reply never recommends
 * what the skin profile rules out.
 */
export function helpingActives(measure: SkinMeasure, evitar: readonly string[] = []): string[] {
  const ruledOut = new Set(evitar.map(normalise))
  return KNOWLEDGE[measure].activos.filter((a) => !ruledOut.has(normalise(a)))
}

/** How visible a concern is, from its ui_score (1–100, higher is healthier skin). */
export type Level = 'bien' | 'leve' | 'moderada' | 'marcada'

/** Lower limits of each level (`SKIN_LEVELS` of the contracts: the chat's charts colour by the same). */
export const LEVELS = SKIN_LEVELS

export function levelOf(uiScore: number): Level {
  if (uiScore >= LEVELS.bien) return 'bien'
  if (uiScore >= LEVELS.leve) return 'leve'
  if (uiScore >= LEVELS.moderada) return 'moderada'
  return 'marcada'
}

/** A marked result (under 40) always carries the advice to see a dermatologist. */
export const isSevere = (uiScore: number): boolean => uiScore < LEVELS.severa

export const LEVEL_PHRASES: Readonly<Record<Level, readonly string[]>> = {
  bien: ['se ve muy bien', 'está en muy buen estado', 'no muestra nada que atender'],
  leve: ['se nota un poco', 'aparece de forma leve', 'muestra algo, sin ser marcado'],
  moderada: ['se nota de forma moderada', 'merece algo de atención', 'aparece de forma moderada'],
  marcada: ['se nota bastante', 'es lo que más se nota en la foto', 'aparece de forma marcada'],
}
