import { z } from 'zod'
import { ChatCodeSchema } from './uploads'
import {
  SKIN_PROFILE_AGE_RANGES,
  SKIN_PROFILE_CONCERNS,
  SKIN_PROFILE_FOR,
  SKIN_PROFILE_MEDICINES,
  SKIN_PROFILE_PREGNANCY,
  SKIN_PROFILE_SENSITIVITIES,
  SKIN_PROFILE_SKIN_TYPES,
} from './values/skin-profile'

/**
 * The skin profile (issue 31): a few optional answers the advisor and the routine use. Health data
 * (pregnancy, medicines, allergies) is sensitive personal data under Ley 1581 de 2012: it is stored
 * only with the person's explicit authorisation, belongs to the chat's key (the person with a
 * session, else the chat's code) and is deleted with the photos and analyses.
 */
export const SkinProfileSchema = z.object({
  paraQuien: z
    .enum(SKIN_PROFILE_FOR)
    .nullable()
    .describe('Para quién es la consulta: yo, un niño o niña de 2 a 11 años, un bebé de menos de 2 años'),
  tipoDePiel: z.enum(SKIN_PROFILE_SKIN_TYPES).nullable(),
  preocupaciones: z
    .array(z.enum(SKIN_PROFILE_CONCERNS))
    .max(SKIN_PROFILE_CONCERNS.length)
    .refine((list) => new Set(list).size === list.length, 'Una preocupación está repetida.')
    .describe('Las preocupaciones principales, con los nombres del catálogo'),
  rangoEdad: z.enum(SKIN_PROFILE_AGE_RANGES).nullable(),
  embarazo: z.enum(SKIN_PROFILE_PREGNANCY).nullable().describe('Embarazo o lactancia'),
  medicamentos: z
    .array(z.enum(SKIN_PROFILE_MEDICINES))
    .max(SKIN_PROFILE_MEDICINES.length)
    .refine((list) => new Set(list).size === list.length, 'Un medicamento está repetido.')
    .describe('Medicamentos que cambian el cuidado de la piel'),
  sensibilidades: z
    .array(z.enum(SKIN_PROFILE_SENSITIVITIES))
    .max(SKIN_PROFILE_SENSITIVITIES.length)
    .refine((list) => new Set(list).size === list.length, 'Una sensibilidad está repetida.')
    .describe('Alergias o sensibilidades conocidas'),
})
export type SkinProfile = z.infer<typeof SkinProfileSchema>

/** The chat's key, as in the other `Chatbot/*` calls. */
const chatKey = ChatCodeSchema.describe(
  'Clave del chat: el correo del usuario con sesión (solo con la sesión de esa cuenta) o el código de 8 caracteres',
)

/** `GET Chatbot/PerfilPiel?userId=` and `DELETE Chatbot/PerfilPiel?userId=`. */
export const SkinProfileQuerySchema = z.object({ userId: chatKey })

/** `PUT Chatbot/PerfilPiel`: the profile, with the explicit authorisation to process it. */
export const SkinProfileRequestSchema = z.object({
  userId: chatKey,
  perfil: SkinProfileSchema,
  autorizacion: z.literal(true, {
    error:
      'Para guardar tu perfil de piel necesitamos tu autorización para tratar estos datos de salud (Ley 1581 de 2012).',
  }),
})
export type SkinProfileRequest = z.infer<typeof SkinProfileRequestSchema>

/** What the server holds for the chat's key: the profile, or null when none was saved. */
export const SkinProfileStateSchema = z.object({
  perfil: SkinProfileSchema.nullable(),
  actualizado: z.iso.datetime({ offset: true }).nullable(),
})
export type SkinProfileState = z.infer<typeof SkinProfileStateSchema>

export const SkinProfileDeletedSchema = z.object({ eliminado: z.boolean() })
