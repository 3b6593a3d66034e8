import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { product, store } from '@/testing/fixtures'
import { renderRoutes } from '@/testing/render'
import { ShareProduct } from './share-product'

const item = product(7, 'Gel limpiador piel grasa 400 ml', 62_900)

async function renderShare() {
  await renderRoutes(
    [{ path: '/detailProducts/:id', element: <ShareProduct product={item} store={store} /> }],
    '/detailProducts/7',
  )
  return screen.findByRole('link', { name: /compartir/i })
}

describe('Compartir on a product page', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'share')
  })

  test('without a share sheet, it is a WhatsApp message with the product, its price and its link', async () => {
    Reflect.deleteProperty(navigator, 'share')
    const link = await renderShare()
    const href = new URL(link.getAttribute('href') ?? '')
    expect(href.origin).toBe('https://wa.me')
    const text = href.searchParams.get('text') ?? ''
    expect(text).toContain(item.descripcion)
    expect(text).toContain(item.valorMoneda)
    expect(text).toContain(`${store.urlPublica}/detailProducts/7`)
    expect(link.getAttribute('target')).toBe('_blank')
  })

  test('with the phone’s share sheet, a tap opens it with the product’s link instead of WhatsApp', async () => {
    const share = vi.fn().mockResolvedValue(undefined)
    Object.defineProperty(navigator, 'share', { value: share, configurable: true })
    const link = await renderShare()
    // Whether the browser would still follow the link to WhatsApp after the page's handler ran.
    let followed: boolean | undefined
    const watch = (event: Event) => {
      followed = !event.defaultPrevented
    }
    document.addEventListener('click', watch)
    await userEvent.click(link)
    document.removeEventListener('click', watch)
    expect(share).toHaveBeenCalledWith(
      expect.objectContaining({ title: item.descripcion, url: `${store.urlPublica}/detailProducts/7` }),
    )
    expect(followed).toBe(false)
  })
})
