import type { StockAlertByToken, StockAlertStatus } from '@piel/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, test, vi } from 'vitest'
import { CSRF_COOKIE, CSRF_HEADER } from '@/lib/api-client'
import { setCookie } from '@/testing/cookies'
import { person } from '@/testing/fixtures'
import { renderRoutes } from '@/testing/render'
import { apiPath, server } from '@/testing/server'
import { AlertWithdrawal } from './alert-withdrawal'
import { RestockAlert } from './restock-alert'

type Sent = { method: string; body: unknown; csrf: string | null }

/** Records the writes to the product's alert and answers each with `answer`. */
function recordWrites(answer: (sent: Sent) => Response) {
  const sent: Sent[] = []
  const handler = async ({ request }: { request: Request }) => {
    const text = await request.text()
    const entry = {
      method: request.method,
      body: text ? JSON.parse(text) : undefined,
      csrf: request.headers.get(CSRF_HEADER),
    }
    sent.push(entry)
    return answer(entry)
  }
  server.use(
    http.post(apiPath('/Producto/7/AvisoDisponibilidad'), handler),
    http.delete(apiPath('/Producto/7/AvisoDisponibilidad'), handler),
  )
  return sent
}

const requested = (correo: string) =>
  HttpResponse.json({ exito: true, mensaje: `Te avisaremos a ${correo} cuando vuelva a estar disponible.`, correo })

function renderAlert(onAvailable = vi.fn()) {
  return renderRoutes([{ path: '/p', element: <RestockAlert productId={7} onAvailable={onAvailable} /> }], '/p')
}

/** The button, once the session is known (until then it shows, not yet usable). */
async function askButton() {
  const find = () => screen.getByRole('button', { name: 'Avísame cuando llegue' })
  await waitFor(() => expect(find()).toBeEnabled())
  return find()
}

function loggedIn(status: StockAlertStatus) {
  setCookie(CSRF_COOKIE, 'token-csrf')
  server.use(
    http.get(apiPath('/persona/Sesion'), () => HttpResponse.json({ persona: person })),
    http.get(apiPath('/Producto/7/AvisoDisponibilidad'), () => HttpResponse.json(status)),
  )
}

describe('“Avísame cuando llegue” without a session', () => {
  test('asks for the e-mail and the consent (never pre-ticked), says what is missing, then sends both', async () => {
    const user = userEvent.setup()
    const sent = recordWrites(() => requested('lucia@ejemplo.com'))
    await renderAlert()

    await user.click(await askButton())
    const form = await screen.findByRole('form', { name: 'Avísame cuando llegue' })
    const email = within(form).getByRole('textbox', { name: /Tu correo/ })
    const consent = within(form).getByRole('checkbox', {
      name: 'Acepto que Piel use mi correo solo para avisarme de este producto.',
    })
    expect(consent).not.toBeChecked()
    expect(within(form).getByRole('link', { name: 'política de tratamiento de datos' })).toHaveAttribute(
      'href',
      '/documentos/tratamiento-de-datos#avisos-de-disponibilidad',
    )

    await user.click(within(form).getByRole('button', { name: 'Avisarme' }))
    expect(await within(form).findByText('Escribe tu correo para avisarte.')).toBeVisible()
    expect(within(form).getByText('Para avisarte necesitamos que aceptes el uso de tu correo.')).toBeVisible()
    expect(email).toHaveAttribute('aria-invalid', 'true')
    expect(consent).toHaveAttribute('aria-invalid', 'true')
    expect(sent).toHaveLength(0)

    await user.type(email, 'lucia@')
    await user.click(consent)
    await user.click(within(form).getByRole('button', { name: 'Avisarme' }))
    expect(await within(form).findByText('Correo inválido')).toBeVisible()
    expect(sent).toHaveLength(0)

    await user.type(email, 'ejemplo.com')
    await user.click(within(form).getByRole('button', { name: 'Avisarme' }))
    expect(await screen.findByText('Te avisaremos a lucia@ejemplo.com cuando vuelva a estar disponible.')).toBeVisible()
    expect(screen.getByText('Te avisaremos cuando llegue')).toBeVisible()
    expect(screen.queryByRole('form')).toBeNull()
    expect(sent).toEqual([
      { method: 'POST', body: { correo: 'lucia@ejemplo.com', aceptaTratamiento: true }, csrf: null },
    ])
  })

  test('the server’s refusal of a field shows under it; a product back in stock tells the page', async () => {
    const user = userEvent.setup()
    const onAvailable = vi.fn()
    let answer = HttpResponse.json(
      { mensaje: 'Correo inválido', codigo: 'datos_invalidos', campos: { correo: 'Correo inválido' } },
      { status: 400 },
    )
    recordWrites(() => answer)
    await renderAlert(onAvailable)
    await user.click(await askButton())
    const form = await screen.findByRole('form', { name: 'Avísame cuando llegue' })
    await user.type(within(form).getByRole('textbox', { name: /Tu correo/ }), 'raro@ejemplo.com')
    await user.click(within(form).getByRole('checkbox'))
    await user.click(within(form).getByRole('button', { name: 'Avisarme' }))
    expect(await within(form).findByText('Correo inválido')).toBeVisible()
    expect(onAvailable).not.toHaveBeenCalled()

    answer = HttpResponse.json(
      { mensaje: 'Este producto ya está disponible.', codigo: 'producto_disponible' },
      { status: 409 },
    )
    await user.click(within(form).getByRole('button', { name: 'Avisarme' }))
    expect(await within(form).findByText('Este producto ya está disponible.')).toBeVisible()
    expect(onAvailable).toHaveBeenCalledTimes(1)
  })
})

describe('“Avísame cuando llegue” with a session', () => {
  test('one button: the account’s e-mail, nothing typed; then it shows the alert waits and can be cancelled', async () => {
    const user = userEvent.setup()
    loggedIn({ activo: false, correo: person.email, pedidoEl: null })
    const sent = recordWrites((entry) =>
      entry.method === 'POST'
        ? requested(person.email)
        : HttpResponse.json({ exito: true, mensaje: 'Listo: ya no te avisaremos de este producto.' }),
    )
    await renderAlert()

    expect(
      await screen.findByText('Te escribiremos al correo de tu cuenta solo para avisarte de este producto.'),
    ).toBeVisible()
    expect(screen.queryByRole('textbox')).toBeNull()
    expect(screen.queryByRole('checkbox')).toBeNull()
    await user.click(await askButton())
    expect(await screen.findByText(`Te avisaremos a ${person.email} cuando vuelva a estar disponible.`)).toBeVisible()
    expect(screen.getByText('Te avisaremos cuando llegue')).toBeVisible()
    expect(sent[0]).toEqual({ method: 'POST', body: {}, csrf: 'token-csrf' })

    await user.click(screen.getByRole('button', { name: 'Cancelar el aviso' }))
    expect(await screen.findByText('Listo: ya no te avisaremos de este producto.')).toBeVisible()
    expect(screen.getByRole('button', { name: 'Avísame cuando llegue' })).toBeEnabled()
    expect(sent[1]).toMatchObject({ method: 'DELETE', csrf: 'token-csrf' })
  })

  test('after a reload the server says the alert waits: the page shows it, with no button to ask again', async () => {
    loggedIn({ activo: true, correo: person.email, pedidoEl: '2026-11-20T15:00:00.000Z' })
    await renderAlert()
    expect(await screen.findByText('Te avisaremos cuando llegue')).toBeVisible()
    expect(screen.getByText(new RegExp(`una sola vez a ${person.email}`))).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Avísame cuando llegue' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Cancelar el aviso' })).toBeEnabled()
  })
})

describe('the withdrawal link of the e-mail', () => {
  const alert: StockAlertByToken = {
    idProducto: 7,
    producto: 'Sérum de vitamina C',
    correo: 'lu•••@ejemplo.com',
    estado: 'avisado',
    pedidoEl: '2026-11-02T15:00:00.000Z',
    avisadoEl: '2026-11-20T15:00:00.000Z',
  }
  const TOKEN = 'abcdefghijklmnopqrstuvwxyz012345'
  const renderWithdrawal = (onClose = vi.fn()) =>
    renderRoutes([{ path: '/p', element: <AlertWithdrawal token={TOKEN} onClose={onClose} /> }], '/p')

  test('shows what was asked without changing anything, and deletes it only once confirmed', async () => {
    const user = userEvent.setup()
    const withdrawn = vi.fn()
    server.use(
      http.get(apiPath(`/AvisoDisponibilidad/${TOKEN}`), () => HttpResponse.json(alert)),
      http.post(apiPath(`/AvisoDisponibilidad/${TOKEN}/Retirar`), () => {
        withdrawn()
        return HttpResponse.json({ exito: true, mensaje: 'Listo: borramos tu correo de este aviso.' })
      }),
    )
    await renderWithdrawal()
    const section = await screen.findByRole('region', { name: 'Tu aviso de disponibilidad' })
    expect(await within(section).findByText('Sérum de vitamina C')).toBeVisible()
    expect(section).toHaveTextContent('lu•••@ejemplo.com')
    expect(section).toHaveTextContent('Te escribimos el')
    expect(withdrawn).not.toHaveBeenCalled()

    await user.click(within(section).getByRole('button', { name: 'Sí, borrar mi correo' }))
    expect(await within(section).findByText('Listo: borramos tu correo de este aviso.')).toBeVisible()
    expect(withdrawn).toHaveBeenCalledTimes(1)
  })

  test('a link already used says the alert no longer exists', async () => {
    server.use(
      http.get(apiPath(`/AvisoDisponibilidad/${TOKEN}`), () =>
        HttpResponse.json({ mensaje: 'Este aviso ya no existe.', codigo: 'no_encontrado' }, { status: 404 }),
      ),
    )
    await renderWithdrawal()
    const section = await screen.findByRole('region', { name: 'Tu aviso de disponibilidad' })
    expect(
      await within(section).findByText('Este aviso ya no existe: lo retiraste antes o ya lo borramos.'),
    ).toBeVisible()
    expect(within(section).queryByRole('button', { name: 'Sí, borrar mi correo' })).toBeNull()
  })
})
