import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, test } from 'vitest'
import { CSRF_COOKIE } from '@/lib/api-client'
import { setCookie } from '@/testing/cookies'
import { person, store } from '@/testing/fixtures'
import { renderRoutes } from '@/testing/render'
import { apiPath, server } from '@/testing/server'
import { Component as Chatbot } from './chatbot'

/**
 * A logged-in shopper's chat shows a QR code with the link the server signed for her account (issue 15): when that
 * link cannot be had, the screen says so and offers to try again, instead of a skeleton that never ends.
 */
describe('the QR code of an account’s chat', () => {
  test('the signed link fails → a Spanish notice with "Intentar de nuevo"; once it answers, the QR leads to it', async () => {
    setCookie(CSRF_COOKIE, 'prueba')
    let linkAnswers = false
    const signed = `${store.urlPublica}/upload?code=${encodeURIComponent(person.email)}&firma=abc&vence=1`
    server.use(
      http.get(apiPath('/persona/Sesion'), () => HttpResponse.json({ persona: person })),
      http.get(apiPath('/Tienda/Actual'), () => HttpResponse.json(store)),
      http.get(apiPath('/Chatbot/PerfilPiel'), () => HttpResponse.json({ perfil: null, actualizado: null })),
      http.get('*/enlace-subida', () =>
        linkAnswers
          ? HttpResponse.json({ url: signed, vence: new Date(Date.now() + 30 * 60_000).toISOString() })
          : new HttpResponse(null, { status: 503 }),
      ),
    )
    await renderRoutes([{ path: '/chatbot', Component: Chatbot }], '/chatbot')

    expect(
      await screen.findByText('No pudimos preparar el asistente. Revisa tu conexión e intenta de nuevo.'),
    ).toBeVisible()
    linkAnswers = true
    await userEvent.click(screen.getByRole('button', { name: 'Intentar de nuevo' }))
    await waitFor(() => expect(document.querySelector(`a[href="${signed}"]`)).not.toBeNull())
  })
})
