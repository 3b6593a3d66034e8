import type { Favorite } from '@piel/contracts'
import { render } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, test } from 'vitest'
import { FavoriteCard } from './favorite-card'

const savedCream = {
  id: 104,
  descripcion: 'Crema hidratante',
  valorMoneda: '$ 45.000',
  valorAnterior: null,
  valorAnteriorMoneda: null,
  descuento: 0,
  detalle: 'Hidrata la piel seca.',
  calificacion: 4,
  fotoPrincipal: '/media/crema-hidratante-1.webp',
} satisfies Favorite

describe("a favourite card's picture", () => {
  test('asks for the width its column needs, keeps its square box and waits until it nears the screen', () => {
    const { container } = render(
      <MemoryRouter>
        <FavoriteCard favorite={savedCream} onRemove={() => undefined} />
      </MemoryRouter>,
    )
    const img = container.querySelector('img')
    expect(img?.getAttribute('alt')).toBe('Crema hidratante')
    expect(img?.getAttribute('src')).toBe('/media/crema-hidratante-1.webp?w=320')
    expect(img?.getAttribute('srcset')).toBe(
      [160, 320, 400, 480, 640].map((width) => `/media/crema-hidratante-1.webp?w=${width} ${width}w`).join(', '),
    )
    expect(img?.getAttribute('sizes')).toBe(
      'auto, (min-width: 1280px) 182px, (min-width: 1024px) calc(33.3vw - 168px), (min-width: 768px) calc(33.3vw - 59px), (min-width: 640px) calc(50vw - 64px), calc(50vw - 46px)',
    )
    expect(img?.getAttribute('width')).toBe('320')
    expect(img?.getAttribute('height')).toBe('320')
    expect(img?.getAttribute('loading')).toBe('lazy')
    expect(img?.getAttribute('decoding')).toBe('async')
  })

  test('a favourite without a picture shows the placeholder drawing, without srcset', () => {
    const { container } = render(
      <MemoryRouter>
        <FavoriteCard favorite={{ ...savedCream, fotoPrincipal: '' }} onRemove={() => undefined} />
      </MemoryRouter>,
    )
    const img = container.querySelector('img')
    expect(img?.getAttribute('src')).toBe('/producto-sin-imagen.svg')
    expect(img?.hasAttribute('srcset')).toBe(false)
    expect(img?.hasAttribute('sizes')).toBe(false)
  })
})
