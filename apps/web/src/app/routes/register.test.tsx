import { DOCUMENT_TYPES } from '@piel/contracts/values'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, test } from 'vitest'
import { renderRoutes } from '@/testing/render'
import { apiPath, server } from '@/testing/server'
import { Component as Register } from './register'

/** /register for a visitor: Google sign-in is not configured; any registration that reaches the API is counted. */
async function renderRegister() {
  const sent: unknown[] = []
  server.use(
    http.get(apiPath('/login/google/disponible'), () => HttpResponse.json({ disponible: false })),
    http.get(apiPath('/Domain/ObtenerTiposDocCuenta'), () => HttpResponse.json(DOCUMENT_TYPES)),
    http.post(apiPath('/persona/AgregarPersona'), async ({ request }) => {
      sent.push(await request.json())
      return HttpResponse.json({}, { status: 500 })
    }),
  )
  await renderRoutes([{ path: '/register', Component: Register }], '/register')
  await screen.findByRole('button', { name: 'Registrarse' })
  return sent
}

describe('/register shows every error on one submit (issue 35)', () => {
  test('passwords that differ are said together with the missing fields, not after them', async () => {
    const sent = await renderRegister()
    await userEvent.type(screen.getByLabelText('Clave'), 'Clave2024')
    await userEvent.type(screen.getByLabelText('Confirmar clave'), 'Clave2025')
    await userEvent.click(screen.getByRole('button', { name: 'Registrarse' }))

    expect(await screen.findByLabelText('Confirmar clave')).toHaveAccessibleDescription('Las contraseñas no coinciden')
    expect(screen.getByText('Las contraseñas no coinciden')).toBeVisible()
    expect(screen.getByLabelText('Nombres')).toHaveAccessibleDescription('Requerido')
    expect(screen.getByLabelText('Correo electrónico')).toHaveAccessibleDescription('Requerido')
    expect(screen.getByLabelText('Número de documento')).toHaveAccessibleDescription('Requerido')
    expect(sent).toEqual([])
  })

  test('a cédula with letters is refused on the same submit as the differing passwords', async () => {
    const sent = await renderRegister()
    await userEvent.selectOptions(screen.getByLabelText('Tipo de identificación'), 'CC')
    await userEvent.type(screen.getByLabelText('Número de documento'), '12ab')
    await userEvent.type(screen.getByLabelText('Clave'), 'Clave2024')
    await userEvent.type(screen.getByLabelText('Confirmar clave'), 'Clave2025')
    await userEvent.click(screen.getByRole('button', { name: 'Registrarse' }))

    expect(await screen.findByLabelText('Número de documento')).toHaveAccessibleDescription(
      'La cédula solo lleva números (sin puntos ni letras)',
    )
    expect(screen.getByLabelText('Confirmar clave')).toHaveAccessibleDescription('Las contraseñas no coinciden')
    expect(screen.getByLabelText('Nombres')).toHaveAccessibleDescription('Requerido')
    expect(sent).toEqual([])
  })
})
