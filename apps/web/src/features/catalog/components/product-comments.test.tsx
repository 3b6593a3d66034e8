import type { ProductComment } from '@piel/contracts'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'
import { ProductComments } from './product-comments'

const buyer: ProductComment = {
  id: 9,
  nombres: 'Ana R.',
  fechaCalificacion: '2026-05-20',
  comentario: 'Deja la piel suave.',
  calificacion1: 5,
  titulo: 'Me encantó',
  compraVerificada: true,
  respuestaTienda: 'Gracias, Ana.',
  fechaRespuesta: '2026-05-21T15:00:00.000Z',
}
/** A comment as spec 000 writes it: no title, no order, no reply. */
const seeded: ProductComment = {
  nombres: 'Laura M.',
  fechaCalificacion: '2026-03-02',
  comentario: 'Muy refrescante.',
  calificacion1: 4,
}

describe('the opinions on a product’s page (issue 35)', () => {
  test('a buyer’s review: its title, who wrote it, «Compra verificada» and the store’s answer under it', () => {
    render(<ProductComments comments={[buyer, seeded]} headingId="opiniones" />)
    const [review, comment] = screen.getAllByRole('article')
    if (!review || !comment) throw new Error('two articles expected')
    expect(within(review).getByRole('heading', { name: 'Me encantó' })).toBeVisible()
    expect(within(review).getByText('Ana R.')).toBeVisible()
    expect(within(review).getByText('Compra verificada')).toBeVisible()
    expect(within(review).getByRole('img', { name: 'Calificación 5 de 5' })).toBeInTheDocument()
    expect(within(review).getByText('Respuesta de la tienda')).toBeVisible()
    expect(within(review).getByText('Gracias, Ana.')).toBeVisible()

    expect(within(comment).getByRole('heading', { name: 'Laura M.' })).toBeVisible()
    expect(within(comment).queryByText('Compra verificada')).toBeNull()
    expect(within(comment).queryByText('Respuesta de la tienda')).toBeNull()
    expect(screen.getByRole('heading', { name: 'Opiniones de clientes (2)' })).toBeVisible()
  })

  test('a published review’s photo: a lazy thumbnail under it that opens the photo large, and closes', async () => {
    render(
      <ProductComments comments={[{ ...buyer, fotoUrl: '/media/opinion-9-abc.webp' }, seeded]} headingId="opiniones" />,
    )
    const [review, comment] = screen.getAllByRole('article')
    if (!review || !comment) throw new Error('two articles expected')
    const thumbnail = within(review).getByRole('img', { name: 'Foto de la opinión de Ana R.' })
    expect(thumbnail).toHaveAttribute('loading', 'lazy')
    expect(thumbnail).toHaveAttribute('src', '/media/opinion-9-abc.webp?w=160')
    expect(thumbnail.getAttribute('srcset')).toContain('/media/opinion-9-abc.webp?w=320 320w')
    expect(within(comment).queryByRole('img', { name: /Foto de la opinión/ })).toBeNull()
    expect(screen.queryByRole('dialog')).toBeNull()

    await userEvent.click(within(review).getByRole('button', { name: 'Foto de la opinión de Ana R. (ver en grande)' }))
    const dialog = await screen.findByRole('dialog', { name: 'Foto de la opinión de Ana R.' })
    expect(within(dialog).getByRole('img', { name: 'Foto de la opinión de Ana R.' })).toHaveAttribute(
      'src',
      '/media/opinion-9-abc.webp?w=960',
    )
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cerrar foto' }))
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  test('a review without a photo shows none', () => {
    render(<ProductComments comments={[{ ...buyer, fotoUrl: null }]} headingId="opiniones" />)
    expect(screen.queryByRole('img', { name: /Foto de la opinión/ })).toBeNull()
  })
})
