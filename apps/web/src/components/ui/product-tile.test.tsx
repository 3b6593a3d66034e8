import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router'
import { describe, expect, test, vi } from 'vitest'
import { ProductTile, ProductTileSkeleton } from './product-tile'

const inRouter = (ui: ReactNode) => render(<MemoryRouter>{ui}</MemoryRouter>)
const picture = { src: '/media/productos/301.webp', sizes: '200px' }

describe('a product tile', () => {
  test('the name is the heading and, with the picture and "Ver +", leads to the detail; the lines sit under it', () => {
    const { container } = inRouter(
      <ProductTile href="/productDetail/301" name="Gel limpiador" picture={picture}>
        <p>$ 45.000</p>
      </ProductTile>,
    )
    const card = screen.getByRole('article')
    expect(within(card).getByRole('heading', { level: 3, name: 'Gel limpiador' })).toBeVisible()
    expect(within(card).getByRole('link', { name: 'Gel limpiador' })).toHaveAttribute('href', '/productDetail/301')
    expect(within(card).getByRole('link', { name: 'Ver + detalles de Gel limpiador' })).toHaveAttribute(
      'href',
      '/productDetail/301',
    )
    expect(within(card).getByText('$ 45.000')).toBeVisible()
    // The picture's link repeats the name's: hidden from the keyboard and the accessibility tree.
    const image = container.querySelector('img')
    expect(image).toHaveAttribute('alt', 'Gel limpiador')
    expect(image?.closest('a')).toHaveAttribute('aria-hidden', 'true')
    expect(image?.closest('a')).toHaveAttribute('tabindex', '-1')
    expect(within(card).queryByRole('button')).toBeNull()
  })

  test('a toggle heart says whether it is pressed and calls back; the badges show over the picture', async () => {
    const onClick = vi.fn()
    inRouter(
      <ProductTile
        href="/productDetail/302"
        name="Sérum"
        picture={picture}
        badges={<span>Agotado</span>}
        heart={{ label: 'Quitar de favoritos: Sérum', onClick, pressed: true }}
      >
        {null}
      </ProductTile>,
    )
    const heart = screen.getByRole('button', { name: 'Quitar de favoritos: Sérum' })
    expect(heart).toHaveAttribute('aria-pressed', 'true')
    expect(heart).toBeEnabled()
    expect(screen.getByText('Agotado')).toBeVisible()
    await userEvent.click(heart)
    expect(onClick).toHaveBeenCalledOnce()
  })

  test('a plain heart is not announced as a toggle, and waits while disabled', () => {
    inRouter(
      <ProductTile
        href="/productDetail/303"
        name="Crema"
        picture={picture}
        heart={{ label: 'Quitar de favoritos: Crema', onClick: () => undefined, disabled: true }}
      >
        {null}
      </ProductTile>,
    )
    const heart = screen.getByRole('button', { name: 'Quitar de favoritos: Crema' })
    expect(heart).not.toHaveAttribute('aria-pressed')
    expect(heart).toBeDisabled()
  })

  test('the skeleton is hidden from assistive technology and draws the store line only when asked', () => {
    const { container, rerender } = render(<ProductTileSkeleton />)
    expect(container.firstElementChild).toHaveAttribute('aria-hidden', 'true')
    // Picture, two lines of name, stars, price and the button's place; the store's line under the name.
    expect(container.querySelectorAll('span')).toHaveLength(6)
    rerender(<ProductTileSkeleton withStoreLine />)
    expect(container.querySelectorAll('span')).toHaveLength(7)
  })
})
