import { z } from 'zod'
import { MEDIA_WIDTHS, type MediaWidth } from './values/media'

const widthList = MEDIA_WIDTHS.join(', ')

export const MediaQuerySchema = z.object({
  w: z
    .enum(
      MEDIA_WIDTHS.map(String) as [string, ...string[]],
      `El ancho debe ser uno de estos valores: ${widthList} píxeles.`,
    )
    .transform((value) => Number(value) as MediaWidth)
    .optional()
    .describe(
      `Ancho en píxeles de la variante pedida (${widthList}), en WebP y en caché; sin él, la imagen tal como se guardó. ` +
        'Nunca se agranda: un ancho mayor que el de la imagen devuelve la imagen en su ancho original.',
    ),
})
