import { MEDIA_WIDTHS } from '@piel/contracts'
import { fireEvent, render, screen, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router'
import { describe, expect, test } from 'vitest'
import { ProductThumbnail } from '@/components/ui/product-thumbnail'
import { product } from '@/testing/fixtures'
import { BANNER_IMAGE_SIZES, bannerImageAttributes } from '../banner-images'
import { BannerCarousel } from './banner-carousel'
import { ProductCard } from './product-card'
import { ProductGallery } from './product-gallery'

const inRouter = (ui: ReactNode) => render(<MemoryRouter>{ui}</MemoryRouter>)

/** The `<img>` elements of what was rendered (the cards' pictures are hidden from the accessibility tree). */
const images = (container: HTMLElement) => [...container.querySelectorAll('img')]

/** The widths a `srcset` offers, each checked to be a width the server makes, at the address it names. */
function offeredWidths(img: HTMLImageElement): number[] {
  return (img.getAttribute('srcset') ?? '').split(', ').map((candidate) => {
    const [url, descriptor] = candidate.split(' ')
    const width = Number(descriptor?.replace(/w$/, ''))
    expect(url).toMatch(new RegExp(`^/media/[^?]+\\?w=${width}$`))
    expect(MEDIA_WIDTHS).toContain(width)
    return width
  })
}

describe('product pictures', () => {
  test('a product card asks for the width its column needs, keeps its box and waits until it nears the screen', () => {
    const { container } = inRouter(<ProductCard product={product(101, 'Gel limpiador')} />)
    const [img] = images(container)
    expect(img?.getAttribute('alt')).toBe('Gel limpiador')
    expect(img?.getAttribute('width')).toBe('320')
    expect(img?.getAttribute('height')).toBe('320')
    expect(img?.getAttribute('loading')).toBe('lazy')
    expect(img?.getAttribute('decoding')).toBe('async')
    expect(img?.hasAttribute('fetchpriority')).toBe(false)
    expect(img?.getAttribute('src')).toBe('/media/productos/101.webp?w=320')
    // Every width the server makes up to the stored 640 px: the phone's 166-px card takes 400 (2×) or 480 (2.6×).
    expect(offeredWidths(img as HTMLImageElement)).toEqual([160, 320, 400, 480, 640])
    // Measured by the browsers that can (a lazy picture is laid out first), else the grid's columns.
    expect(img?.getAttribute('sizes')).toBe(
      'auto, (min-width: 1280px) 292px, (min-width: 1024px) calc(25vw - 28px), (min-width: 768px) calc(33.3vw - 27px), (min-width: 640px) calc(50vw - 32px), calc(50vw - 22px)',
    )
  })

  test('the placeholder drawing of a product without a picture comes as it is, without srcset or sizes', () => {
    const { container } = inRouter(
      <ProductCard product={{ ...product(102, 'Sin foto'), fotoPrincipal: '/producto-sin-imagen.svg' }} />,
    )
    const [img] = images(container)
    expect(img?.getAttribute('src')).toBe('/producto-sin-imagen.svg')
    expect(img?.hasAttribute('srcset')).toBe(false)
    expect(img?.hasAttribute('sizes')).toBe(false)
    expect(img?.getAttribute('width')).toBe('320')
    expect(img?.getAttribute('height')).toBe('320')
  })

  test('a picture that fails to load gives way to the placeholder drawing, its other widths dropped', () => {
    const { container } = inRouter(<ProductCard product={product(103, 'Rota')} />)
    const img = images(container)[0] as HTMLImageElement
    fireEvent.error(img)
    expect(img.getAttribute('src')).toBe('/producto-sin-imagen.svg')
    expect(img.hasAttribute('srcset')).toBe(false)
    expect(img.hasAttribute('sizes')).toBe(false)
  })

  test('a cart or order thumbnail: srcset with the product widths, lazy, with width and height', () => {
    const { container } = render(<ProductThumbnail src="/media/productos/104.webp" alt="" />)
    const [img] = images(container)
    expect(offeredWidths(img as HTMLImageElement)).toEqual([160, 320, 400, 480, 640])
    expect(img?.getAttribute('loading')).toBe('lazy')
    expect(img?.getAttribute('width')).toBe('160')
    expect(img?.getAttribute('height')).toBe('160')
    expect(img?.getAttribute('sizes')).toBe('auto, 84px')
  })

  test("the gallery's large picture is fetched first; its thumbnails wait", () => {
    const pictures = ['/media/productos/105-1.webp', '/media/productos/105-2.webp']
    render(<ProductGallery images={pictures} name="Sérum" />)
    const large = screen.getByRole('img', { name: 'Sérum, imagen 1 de 2' })
    expect(large.getAttribute('loading')).toBe('eager')
    expect(large.getAttribute('fetchpriority')).toBe('high')
    expect(large.getAttribute('width')).toBe('640')
    expect(large.getAttribute('height')).toBe('640')
    expect(large.getAttribute('sizes')).toBe(
      '(min-width: 1280px) 566px, (min-width: 1024px) calc((100vw - 120px) / 2.05), (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)',
    )
    expect(offeredWidths(large as HTMLImageElement)).toEqual([160, 320, 400, 480, 640])
    const thumbnails = images(screen.getByRole('list', { name: 'Imágenes de Sérum' }))
    expect(thumbnails).toHaveLength(2)
    for (const thumb of thumbnails) {
      expect(thumb.getAttribute('loading')).toBe('lazy')
      expect(thumb.hasAttribute('fetchpriority')).toBe(false)
      expect(thumb.getAttribute('sizes')).toBe('auto, 64px')
    }
  })

  test('compared side by side, the large pictures are fetched at once but none claims to be the first', () => {
    render(<ProductGallery images={['/media/productos/106.webp']} name="Gel" compact />)
    const large = screen.getByRole('img', { name: 'Gel' })
    expect(large.getAttribute('loading')).toBe('eager')
    expect(large.hasAttribute('fetchpriority')).toBe(false)
  })
})

const slides = [1, 2, 3, 4].map((n) => ({
  id: n,
  imagen: `/media/banner-${n}.webp`,
  antetitulo: n === 1 ? 'Protección solar' : '',
  titulo: `Diapositiva ${n}`,
  texto: n === 1 ? 'Protector de amplio espectro para todos los días.' : '',
  boton: 'Ver productos',
  enlace: `/storeProducts/10018?q=${n}`,
}))

describe('home banners', () => {
  test('the first banner is fetched at once with high priority, exactly as the page head preloads it', () => {
    const { container } = inRouter(<BannerCarousel slides={slides} />)
    const [first, ...others] = images(container)
    expect(first?.getAttribute('loading')).toBe('eager')
    expect(first?.getAttribute('fetchpriority')).toBe('high')
    expect(first?.getAttribute('decoding')).toBe('async')
    expect(first?.getAttribute('width')).toBe('1600')
    expect(first?.getAttribute('height')).toBe('600')
    // Never a narrow banner: a phone draws it 384 px high, about 1000 px wide.
    expect(offeredWidths(first as HTMLImageElement)).toEqual([960, 1280, 1600])
    const preload = bannerImageAttributes('/media/banner-1.webp')
    expect({
      src: first?.getAttribute('src'),
      srcSet: first?.getAttribute('srcset'),
      sizes: first?.getAttribute('sizes'),
    }).toEqual(preload)
    expect(preload.sizes).toBe(BANNER_IMAGE_SIZES)
    expect(preload.src).toBe('/media/banner-1.webp?w=960')

    expect(others).toHaveLength(3)
    for (const img of others) {
      expect(img.getAttribute('loading')).toBe('lazy')
      expect(img.hasAttribute('fetchpriority')).toBe(false)
      expect(offeredWidths(img)).toEqual([960, 1280, 1600])
    }
    // The banners are decoration: the slides' text says what they are about.
    expect(within(container).queryAllByRole('img')).toHaveLength(0)
  })

  test('each slide shows the copy and link the staff wrote; one slide alone stands still, without buttons', () => {
    const { container, unmount } = inRouter(<BannerCarousel slides={slides} />)
    const first = within(container).getByRole('group', { name: '1 de 4' })
    expect(within(first).getByRole('heading', { name: 'Diapositiva 1' })).toBeVisible()
    expect(first.textContent).toContain('Protector de amplio espectro para todos los días.')
    expect(within(first).getByRole('link', { name: 'Ver productos' }).getAttribute('href')).toBe(
      '/storeProducts/10018?q=1',
    )
    // Empty lines are left out, not drawn as empty paragraphs.
    expect(within(container).getByRole('group', { name: '2 de 4', hidden: true }).querySelectorAll('p')).toHaveLength(0)
    expect(within(container).getByRole('button', { name: 'Diapositiva siguiente' })).toBeEnabled()
    unmount()

    const alone = inRouter(<BannerCarousel slides={slides.slice(0, 1)} />)
    expect(within(alone.container).getByRole('heading', { name: 'Diapositiva 1' })).toBeVisible()
    expect(within(alone.container).queryByRole('button', { name: 'Diapositiva siguiente' })).toBeNull()
  })
})
