import type { AdminCarousel } from '@piel/contracts'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, test } from 'vitest'
import { renderRoutes } from '@/testing/render'
import { apiPath, server } from '@/testing/server'
import { Component as Carousel } from './carousel'

const empty: AdminCarousel = { diapositivas: [], maximo: 6 }

/** The back office's carousel, empty; every slide sent to the API is counted (and refused). */
async function renderEditor() {
  const sent: unknown[] = []
  server.use(
    http.get(apiPath('/admin/carrusel'), () => HttpResponse.json(empty)),
    http.post(apiPath('/admin/carrusel'), async ({ request }) => {
      sent.push(await request.formData())
      return HttpResponse.json({ codigo: 'error', mensaje: 'No' }, { status: 500 })
    }),
  )
  await renderRoutes([{ path: '/admin/carrusel', Component: Carousel }], '/admin/carrusel')
  await userEvent.click(await screen.findByRole('button', { name: 'Nueva diapositiva' }))
  return sent
}

describe('the carousel’s slide editor shows every error on one submit (issue 35)', () => {
  test('a new slide without a picture nor its copy: the picture’s error and the copy’s errors together', async () => {
    const sent = await renderEditor()
    await userEvent.clear(screen.getByLabelText(/Enlace del botón/))
    await userEvent.click(screen.getByRole('button', { name: 'Agregar diapositiva' }))

    expect(await screen.findByText('Elige la imagen de la diapositiva.')).toBeVisible()
    expect(screen.getByText('El título es obligatorio')).toBeVisible()
    expect(screen.getByText('El texto del botón es obligatorio')).toBeVisible()
    expect(screen.getByText('El enlace es obligatorio')).toBeVisible()
    expect(screen.getByLabelText(/^Título/)).toHaveAccessibleDescription('El título es obligatorio')
    expect(sent).toEqual([])
  })

  test('with the copy written, the missing picture is still said, and nothing is sent', async () => {
    const sent = await renderEditor()
    await userEvent.type(screen.getByLabelText(/^Título/), 'Protección solar')
    await userEvent.type(screen.getByLabelText(/^Texto del botón/), 'Ver protectores')
    await userEvent.click(screen.getByRole('button', { name: 'Agregar diapositiva' }))

    expect(await screen.findByText('Elige la imagen de la diapositiva.')).toBeVisible()
    expect(screen.queryByText('El título es obligatorio')).toBeNull()
    expect(sent).toEqual([])
  })
})
