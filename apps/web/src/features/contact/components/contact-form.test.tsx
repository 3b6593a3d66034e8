import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { expect, test } from 'vitest'
import { renderRoutes } from '@/testing/render'
import { apiPath, server } from '@/testing/server'
import { ContactForm } from './contact-form'

const renderForm = () =>
  renderRoutes([{ path: '/contacts', element: <ContactForm storeId={10018} anonymous /> }], '/contacts')

test('too many comments (429) → the server’s Spanish message, and what was written stays in the form', async () => {
  const wait = 'Se enviaron demasiados comentarios desde esta conexión en la última hora. Intente de nuevo más tarde.'
  server.use(
    http.post(apiPath('/Tienda/InsertarMensajesTienda'), () =>
      HttpResponse.json(
        { codigo: 'demasiados_comentarios', mensaje: wait },
        { status: 429, headers: { 'Retry-After': '3600' } },
      ),
    ),
  )
  await renderForm()
  await userEvent.type(screen.getByLabelText(/Asunto/), 'Pedido')
  await userEvent.type(screen.getByLabelText(/Observaci/), '¿Cuándo llega mi pedido?')
  await userEvent.click(screen.getByRole('button', { name: /Enviar/ }))
  expect(await screen.findByText(wait)).toBeVisible()
  expect((screen.getByLabelText(/Asunto/) as HTMLInputElement).value).toBe('Pedido')
  expect((screen.getByLabelText(/Observaci/) as HTMLTextAreaElement).value).toBe('¿Cuándo llega mi pedido?')
})
