import { z } from 'zod'

/**
 * "Accede con Google" / "Registrarse con Google" (spec 000 §2, §4; docs/decisions/004). The web
 * shows the buttons only when the server says so, and then sends the browser (a full page
 * navigation, not a fetch) to `GOOGLE_SIGN_IN_START_PATH?volver=/ruta`. A failure comes back as
 * `/login?error=<mensaje>`.
 */
export const GoogleAvailabilitySchema = z.object({ disponible: z.boolean() })
export type GoogleAvailability = z.infer<typeof GoogleAvailabilitySchema>
