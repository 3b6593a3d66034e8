import './zod-setup'
import { describe, expect, test } from 'vitest'
import { MediaQuerySchema } from './media'
import { MEDIA_WIDTHS } from './values/media'

describe('MediaQuerySchema: only the widths the layouts draw', () => {
  test.each(MEDIA_WIDTHS.map((width) => [String(width), width]))('w=%s → %i', (w, width) => {
    expect(MediaQuerySchema.parse({ w })).toEqual({ w: width })
  })

  test('without a width, the picture as stored', () => {
    expect(MediaQuerySchema.parse({})).toEqual({})
  })

  test.each(['300', '0', '1920', 'grande', '320.0'])('refuses w=%s, listing the widths it takes', (w) => {
    expect(MediaQuerySchema.safeParse({ w }).error?.issues.map((issue) => issue.message)).toEqual([
      'El ancho debe ser uno de estos valores: 160, 320, 400, 480, 640, 960, 1280, 1600 píxeles.',
    ])
  })
})
