import type { ProductDetail } from '@piel/contracts'
import { screen, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, test } from 'vitest'
import { product } from '@/testing/fixtures'
import { renderRoutes } from '@/testing/render'
import { ProductCard } from './product-card'
import { ProductDetailView } from './product-detail-view'

/** Renders `element` as a page (cards and the detail hold links). */
const renderPage = (element: ReactNode) => renderRoutes([{ path: '/', element }], '/')

const unreviewed = { ...product(501, 'Gel limpiador'), calificacion: 0 }
const reviewed = { ...product(502, 'Sérum de niacinamida'), calificacion: 4.5 }

function detailOf(summary: typeof reviewed, comments: ProductDetail['comments']): ProductDetail {
  return {
    ...summary,
    detalle: 'Uso diario.',
    imagenes: [summary.fotoPrincipal],
    registroInvima: null,
    idCatalogo: null,
    nombreCatalogo: null,
    idSubcategoria: null,
    nombreSubcategoria: null,
    caracteristicasModel: [],
    comments,
  }
}

/** Where the detail's "N opiniones" link leads: the heading of its comments. */
const commentsHref = () => `#${screen.getByRole('heading', { name: /^Opiniones de clientes/ }).id}`

describe('stars only from real reviews', () => {
  test('a card of a product without reviews says "Sin opiniones" and shows no stars', async () => {
    await renderPage(<ProductCard product={unreviewed} />)
    const card = screen.getByRole('article')
    expect(within(card).getByText('Sin opiniones')).toBeVisible()
    expect(within(card).queryByRole('img', { name: /^Calificación/ })).toBeNull()
  })

  test('a card of a reviewed product shows the average in stars', async () => {
    await renderPage(<ProductCard product={reviewed} />)
    const card = screen.getByRole('article')
    expect(within(card).getByRole('img', { name: 'Calificación 4,5 de 5' })).toBeVisible()
    expect(within(card).queryByText('Sin opiniones')).toBeNull()
  })

  test('the number beside the stars is the average to one decimal; the stars round it to half a star', async () => {
    await renderPage(<ProductCard product={{ ...reviewed, calificacion: 4.7 }} />)
    const stars = screen.getByRole('img', { name: 'Calificación 4,7 de 5' })
    expect(stars.textContent).toBe('4,7')
    // 4.7 draws four and a half stars: the fifth is cut in half.
    expect(stars.querySelectorAll('clipPath')).toHaveLength(1)
  })

  test('the detail of a product without reviews shows "Sin opiniones" without stars beside it', async () => {
    await renderPage(<ProductDetailView product={detailOf(unreviewed, [])} />)
    expect(screen.getByRole('link', { name: 'Sin opiniones' })).toHaveAttribute('href', commentsHref())
    expect(screen.queryByRole('img', { name: /^Calificación/ })).toBeNull()
    expect(screen.getByText('Aún no hay comentarios de este producto.')).toBeVisible()
  })

  test('the detail of a reviewed product shows its average beside the number of opinions', async () => {
    const comments = [
      { nombres: 'Laura M.', fechaCalificacion: '2026-08-14', comentario: 'Muy bueno.', calificacion1: 5 },
      { nombres: 'Andrés P.', fechaCalificacion: '2026-09-01', comentario: 'Bueno.', calificacion1: 4 },
    ]
    await renderPage(<ProductDetailView product={detailOf(reviewed, comments)} />)
    expect(screen.getByRole('link', { name: '2 opiniones' })).toHaveAttribute('href', commentsHref())
    expect(screen.getAllByRole('img', { name: 'Calificación 4,5 de 5' })).toHaveLength(1)
  })
})
