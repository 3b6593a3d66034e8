/**
 * Where the shop's pictures are addressed: catalogue images are served at `/media/{key}` (see
 * `mediaRoutes`), and a product without one shows the placeholder drawing.
 */

/** Shown when a product has no picture yet (a drawing shipped with the web app). */
export const PLACEHOLDER_IMAGE = '/producto-sin-imagen.svg'

/** The address of a stored picture, or the placeholder drawing when there is none. */
export const mediaUrl = (key: string | null) => (key ? `/media/${key}` : PLACEHOLDER_IMAGE)

/** The address of a buyer's review photo (`/media/…`, resizable with `?w=`), or null when it has none. */
export const reviewPhotoUrl = (key: string | null) => (key ? `/media/${key}` : null)
