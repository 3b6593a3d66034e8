import type { SkinProfile, SkinProfileRequest, SkinProfileState } from '@piel/contracts'
import { SKIN_PROFILE_CONSENT_TEXT } from '@piel/contracts/values'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { beforeEach, describe, expect, test, vi } from 'vitest'
import { renderRoutes } from '@/testing/render'
import { apiPath, server } from '@/testing/server'
import { AssistantChat } from './assistant-chat'
import { CONSENT_REQUIRED } from './skin-profile-form'
import { SkinProfileSection } from './skin-profile-section'

/** socket.io stand-in: the chat joins its room; nothing is announced here. */
vi.mock('socket.io-client', () => ({
  io: () => ({ on: () => {}, emit: () => {}, disconnect: () => {} }),
}))

const CODE = 'Ab3dEf7h'
const EMAIL = 'ana.rosero@ejemplo.com'

const saved: SkinProfile = {
  paraQuien: 'yo',
  tipoDePiel: 'Grasa',
  preocupaciones: ['Acné', 'Brillo'],
  rangoEdad: '18_29',
  embarazo: 'lactancia',
  medicamentos: ['isotretinoina'],
  sensibilidades: ['fragancia'],
}

/** The fake `Chatbot/PerfilPiel`: what it holds, and every request it got. */
function fakeProfileServer(initial: SkinProfile | null) {
  let held: SkinProfileState = { perfil: initial, actualizado: initial ? '2026-11-20T15:00:00.000Z' : null }
  const puts: SkinProfileRequest[] = []
  const deletes: string[] = []
  server.use(
    http.get(apiPath('/Chatbot/PerfilPiel'), () => HttpResponse.json(held)),
    http.put(apiPath('/Chatbot/PerfilPiel'), async ({ request }) => {
      const body = (await request.json()) as SkinProfileRequest
      puts.push(body)
      held = { perfil: body.perfil, actualizado: '2026-11-24T15:00:00.000Z' }
      return HttpResponse.json(held)
    }),
    http.delete(apiPath('/Chatbot/PerfilPiel'), ({ request }) => {
      deletes.push(new URL(request.url).searchParams.get('userId') ?? '')
      held = { perfil: null, actualizado: null }
      return HttpResponse.json({ eliminado: true })
    }),
  )
  return { puts, deletes }
}

const renderChat = () =>
  renderRoutes(
    [
      {
        path: '/chatbot',
        element: (
          <AssistantChat
            userKey={CODE}
            clima={{ estado: 'No especificado' }}
            uploadUrl={`http://localhost:3000/upload?code=${CODE}`}
            onViewDetails={() => {}}
          />
        ),
      },
    ],
    '/chatbot',
  )

const log = () => screen.getByRole('log')
const PROMPT = /Para aconsejarte mejor, ¿me cuentas un poco de tu piel\?/

beforeEach(() => {
  Element.prototype.scrollTo = () => {}
})

describe('the skin profile in the chat', () => {
  test('offered once when the chat has none; "Ahora no" is remembered; "Mi perfil de piel" still opens it', async () => {
    const { puts } = fakeProfileServer(null)
    const view = await renderChat()
    expect(await within(log()).findByText(PROMPT)).toBeVisible()
    const prompt = screen.getByTestId('skin-profile-prompt')
    // The offer comes after the greeting and the QR message, as the third message.
    expect(log().querySelectorAll(':scope > ol > li')).toHaveLength(3)

    await userEvent.click(within(prompt).getByRole('button', { name: 'Ahora no' }))
    expect(screen.queryByTestId('skin-profile-prompt')).toBeNull()
    expect(within(log()).getByText('Está bien. Cuando quieras, lo completas en «Mi perfil de piel».')).toBeVisible()
    expect(localStorage.getItem(`perfilPielAhoraNo_${CODE}`)).toBe('true')

    // Back later: the conversation keeps its one offer, without buttons; a new conversation does not offer it again.
    view.unmount()
    const later = await renderChat()
    await within(log()).findByText(PROMPT)
    expect(screen.queryByTestId('skin-profile-prompt')).toBeNull()
    localStorage.removeItem('chatHistorial')
    later.unmount()
    await renderChat()
    await screen.findByRole('button', { name: 'Mi perfil de piel' })
    await waitFor(() => expect(log().querySelectorAll(':scope > ol > li')).toHaveLength(2))
    expect(within(log()).queryByText(PROMPT)).toBeNull()

    await userEvent.click(screen.getByRole('button', { name: 'Mi perfil de piel' }))
    const dialog = await screen.findByRole('dialog', { name: 'Mi perfil de piel' })
    expect(within(dialog).getByRole('button', { name: 'Guardar' })).toBeEnabled()
    expect(puts).toEqual([])
  })

  test('the consent is required; a baby’s answers are saved without age or pregnancy; the chat confirms', async () => {
    const { puts } = fakeProfileServer(null)
    await renderChat()
    await within(log()).findByText(PROMPT)
    await userEvent.click(screen.getByRole('button', { name: 'Responder' }))
    const dialog = await screen.findByRole('dialog', { name: 'Mi perfil de piel' })
    const form = within(dialog).getByRole('form', { name: 'Perfil de piel' })

    await userEvent.click(within(form).getByRole('radio', { name: 'Para un bebé (menos de 2 años)' }))
    // For a baby the age and pregnancy are not asked.
    expect(within(form).queryByRole('group', { name: 'Edad' })).toBeNull()
    expect(within(form).queryByRole('group', { name: '¿Embarazo o lactancia?' })).toBeNull()
    await userEvent.click(within(form).getByRole('radio', { name: 'Seca' }))
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Rojeces' }))
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Deshidratación' }))
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Perfumes o fragancias' }))

    // Guardar without the authorisation: the reason under the box, the box focused, nothing sent.
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar' }))
    const consent = within(form).getByRole('checkbox', { name: SKIN_PROFILE_CONSENT_TEXT })
    expect(await within(form).findByText(CONSENT_REQUIRED)).toBeVisible()
    expect(consent.getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(consent)
    expect(puts).toEqual([])

    await userEvent.click(consent)
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Mi perfil de piel' })).toBeNull())
    expect(puts).toEqual([
      {
        userId: CODE,
        autorizacion: true,
        perfil: {
          paraQuien: 'bebe',
          tipoDePiel: 'Seca',
          // In the catalogue's order, whatever order they were tapped in.
          preocupaciones: ['Deshidratación', 'Rojeces'],
          rangoEdad: null,
          embarazo: null,
          medicamentos: [],
          sensibilidades: ['fragancia'],
        },
      },
    ])
    expect(await within(log()).findByText(/Listo, guardé tu perfil de piel/)).toBeVisible()
    // Answered: the offer keeps its words but loses its buttons.
    expect(screen.queryByTestId('skin-profile-prompt')).toBeNull()

    // Opened again, it shows what was saved.
    await userEvent.click(screen.getByRole('button', { name: 'Mi perfil de piel' }))
    const again = await screen.findByRole('dialog', { name: 'Mi perfil de piel' })
    const baby = within(again).getByRole('radio', { name: 'Para un bebé (menos de 2 años)' }) as HTMLInputElement
    expect(baby.checked).toBe(true)
    expect((within(again).getByRole('checkbox', { name: 'Rojeces' }) as HTMLInputElement).checked).toBe(true)
    expect((within(again).getByRole('checkbox', { name: SKIN_PROFILE_CONSENT_TEXT }) as HTMLInputElement).checked).toBe(
      false,
    )
  })

  test('the server’s Spanish message when it refuses to save', async () => {
    const mensaje = 'Respondiste muchas veces seguidas. Espera un minuto y vuelve a intentarlo.'
    fakeProfileServer(null)
    server.use(
      http.put(apiPath('/Chatbot/PerfilPiel'), () =>
        HttpResponse.json({ codigo: 'demasiados_mensajes', mensaje }, { status: 429 }),
      ),
    )
    await renderChat()
    await userEvent.click(await screen.findByRole('button', { name: 'Responder' }))
    const dialog = await screen.findByRole('dialog', { name: 'Mi perfil de piel' })
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Mixta' }))
    await userEvent.click(within(dialog).getByRole('checkbox', { name: SKIN_PROFILE_CONSENT_TEXT }))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }))
    expect((await within(dialog).findByRole('alert')).textContent).toContain(mensaje)
    expect(within(log()).queryByText(/Listo, guardé tu perfil de piel/)).toBeNull()
  })

  test('a chat whose profile could not be read offers nothing, and the chat goes on', async () => {
    server.use(http.get(apiPath('/Chatbot/PerfilPiel'), () => new HttpResponse(null, { status: 503 })))
    await renderChat()
    await screen.findByRole('button', { name: 'Mi perfil de piel' })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(within(log()).queryByText(PROMPT)).toBeNull()
    expect(log().querySelectorAll(':scope > ol > li')).toHaveLength(2)
  })
})

describe('the skin profile on the account page', () => {
  const renderSection = () =>
    renderRoutes([{ path: '/profile', element: <SkinProfileSection userKey={EMAIL} /> }], '/profile')

  test('shows the saved answers, saves changes with the consent, and "Eliminar perfil" deletes it', async () => {
    const { puts, deletes } = fakeProfileServer(saved)
    await renderSection()
    const section = screen.getByRole('region', { name: 'Perfil de piel' })
    const grasa = (await within(section).findByRole('radio', { name: 'Grasa' })) as HTMLInputElement
    expect(grasa.checked).toBe(true)
    expect((within(section).getByRole('radio', { name: 'Estoy lactando' }) as HTMLInputElement).checked).toBe(true)
    expect((within(section).getByRole('checkbox', { name: 'Isotretinoína oral' }) as HTMLInputElement).checked).toBe(
      true,
    )
    expect(within(section).getByText('Actualizado el 20 de noviembre de 2026.')).toBeVisible()

    await userEvent.click(within(section).getByRole('checkbox', { name: 'Brillo' }))
    await userEvent.click(within(section).getByRole('radio', { name: 'No' }))
    await userEvent.click(within(section).getByRole('checkbox', { name: SKIN_PROFILE_CONSENT_TEXT }))
    await userEvent.click(within(section).getByRole('button', { name: 'Guardar' }))
    expect(await within(section).findByText('Guardamos tu perfil de piel.')).toBeVisible()
    expect(puts).toEqual([
      {
        userId: EMAIL,
        autorizacion: true,
        perfil: { ...saved, preocupaciones: ['Acné'], embarazo: 'no' },
      },
    ])

    await userEvent.click(within(section).getByRole('button', { name: 'Eliminar perfil' }))
    const confirm = await screen.findByRole('dialog', { name: '¿Eliminar tu perfil de piel?' })
    await userEvent.click(within(confirm).getByRole('button', { name: 'Sí, eliminar' }))
    expect(await within(section).findByText('Eliminamos tu perfil de piel.')).toBeVisible()
    expect(deletes).toEqual([EMAIL])
    // The form starts over empty, and there is nothing left to delete.
    await waitFor(() =>
      expect((within(section).getByRole('radio', { name: 'Grasa' }) as HTMLInputElement).checked).toBe(false),
    )
    expect(within(section).queryByRole('button', { name: 'Eliminar perfil' })).toBeNull()
  })
})
