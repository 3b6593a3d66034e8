import { z } from 'zod'

/** `POST AuthToken` (spec 000 §7): a client key pair exchanged for a bearer token. */
export const AuthTokenRequestSchema = z.object({
  Key: z.string().min(1, 'Key es requerido'),
  ApiKey: z.string().min(1, 'ApiKey es requerido'),
})
export const AuthTokenResponseSchema = z.object({
  apiTkn: z.string(),
  expiraEn: z.number().int(),
})
