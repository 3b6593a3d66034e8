import { describe, expect, test } from 'vitest'
import { catalogImageSources } from './catalog-image-sources'

describe('catalogImageSources', () => {
  test('a stored product picture: every product width up to the stored 640, a middle one as src', () => {
    expect(catalogImageSources('/media/crema-1.webp', 'product', '50vw')).toEqual({
      src: '/media/crema-1.webp?w=320',
      srcSet:
        '/media/crema-1.webp?w=160 160w, /media/crema-1.webp?w=320 320w, /media/crema-1.webp?w=400 400w, /media/crema-1.webp?w=480 480w, /media/crema-1.webp?w=640 640w',
      sizes: '50vw',
    })
  })

  test('a banner: 960 to the stored 1600', () => {
    expect(catalogImageSources('/media/banner-2.webp', 'banner', '100vw')).toEqual({
      src: '/media/banner-2.webp?w=960',
      srcSet: '/media/banner-2.webp?w=960 960w, /media/banner-2.webp?w=1280 1280w, /media/banner-2.webp?w=1600 1600w',
      sizes: '100vw',
    })
  })

  test.each([
    ['the placeholder drawing', '/producto-sin-imagen.svg'],
    ['a picture already sized', '/media/crema-1.webp?w=320'],
    ['a picture elsewhere', 'https://cdn.example.com/media/crema.webp'],
    ['a phone photo', 'blob:http://localhost/1234'],
  ])('%s is shown as it is, without srcset or sizes', (_name, url) => {
    expect(catalogImageSources(url, 'product', '50vw')).toEqual({ src: url })
  })
})
