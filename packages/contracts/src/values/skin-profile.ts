/**
 * The skin profile's answers (issue 31), their wire values and the Spanish the chat and the profile
 * page show. The skin types and concerns are the catalogue's own (`Tipo de piel`, `Preocupación`).
 */

export const SKIN_PROFILE_FOR = ['yo', 'nino', 'bebe'] as const
export type SkinProfileFor = (typeof SKIN_PROFILE_FOR)[number]
export const SKIN_PROFILE_FOR_LABELS: Readonly<Record<SkinProfileFor, string>> = {
  yo: 'Para mí',
  nino: 'Para un niño o niña (2 a 11 años)',
  bebe: 'Para un bebé (menos de 2 años)',
}

export const SKIN_PROFILE_SKIN_TYPES = ['Seca', 'Grasa', 'Mixta', 'Normal', 'Sensible'] as const
export type SkinProfileSkinType = (typeof SKIN_PROFILE_SKIN_TYPES)[number]

export const SKIN_PROFILE_CONCERNS = [
  'Acné',
  'Manchas',
  'Arrugas',
  'Deshidratación',
  'Rojeces',
  'Ojeras',
  'Poros dilatados',
  'Brillo',
] as const
export type SkinProfileConcern = (typeof SKIN_PROFILE_CONCERNS)[number]

export const SKIN_PROFILE_AGE_RANGES = ['menos_18', '18_29', '30_39', '40_49', '50_59', '60_mas'] as const
export type SkinProfileAgeRange = (typeof SKIN_PROFILE_AGE_RANGES)[number]
export const SKIN_PROFILE_AGE_RANGE_LABELS: Readonly<Record<SkinProfileAgeRange, string>> = {
  menos_18: 'Menos de 18 años',
  '18_29': '18 a 29 años',
  '30_39': '30 a 39 años',
  '40_49': '40 a 49 años',
  '50_59': '50 a 59 años',
  '60_mas': '60 años o más',
}

export const SKIN_PROFILE_PREGNANCY = ['no', 'embarazo', 'lactancia'] as const
export type SkinProfilePregnancy = (typeof SKIN_PROFILE_PREGNANCY)[number]
export const SKIN_PROFILE_PREGNANCY_LABELS: Readonly<Record<SkinProfilePregnancy, string>> = {
  no: 'No',
  embarazo: 'Estoy embarazada',
  lactancia: 'Estoy lactando',
}

export const SKIN_PROFILE_MEDICINES = [
  'isotretinoina',
  'retinoide_topico',
  'anticoagulante',
  'corticoide',
  'otro_tratamiento',
] as const
export type SkinProfileMedicine = (typeof SKIN_PROFILE_MEDICINES)[number]
export const SKIN_PROFILE_MEDICINE_LABELS: Readonly<Record<SkinProfileMedicine, string>> = {
  isotretinoina: 'Isotretinoína oral',
  retinoide_topico: 'Un retinoide en crema o gel recetado (tretinoína, adapaleno)',
  anticoagulante: 'Anticoagulantes',
  corticoide: 'Corticoides en crema o tomados',
  otro_tratamiento: 'Otro tratamiento de la piel recetado por un médico',
}

export const SKIN_PROFILE_SENSITIVITIES = ['fragancia', 'acidos', 'retinoides', 'filtros_quimicos'] as const
export type SkinProfileSensitivity = (typeof SKIN_PROFILE_SENSITIVITIES)[number]
export const SKIN_PROFILE_SENSITIVITY_LABELS: Readonly<Record<SkinProfileSensitivity, string>> = {
  fragancia: 'Perfumes o fragancias',
  acidos: 'Ácidos exfoliantes (glicólico, salicílico, láctico)',
  retinoides: 'Retinol y retinoides',
  filtros_quimicos: 'Filtros solares químicos',
}

/** What the shopper authorises when saving the profile (Ley 1581 de 2012, art. 6: sensitive data). */
export const SKIN_PROFILE_CONSENT_TEXT =
  'Autorizo a Piel a tratar estos datos de salud (embarazo, medicamentos, alergias) solo para adaptar los consejos del asistente. Son opcionales, puedo cambiarlos o eliminarlos cuando quiera y se eliminan con mis fotos y análisis.'
