import type { Clima } from '@piel/contracts'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { renderRoutes } from '@/testing/render'
import { apiPath, server } from '@/testing/server'
import { useAssistantIdentity } from '../use-assistant-identity'
import { WEATHER_TEXTS, WeatherButton } from './weather-button'

/** The button as /chatbot uses it: the weather kept in this browser by the chat's identity hook. */
function Weather() {
  const { clima, setClima, clearClima } = useAssistantIdentity(null, undefined)
  return <WeatherButton clima={clima} onClima={setClima} onClear={clearClima} />
}

const stored = () => JSON.parse(localStorage.getItem('climaContexto') ?? 'null') as Clima | null

/** The browser's location: found (Pasto) or refused. */
function geolocation(found: boolean) {
  const getCurrentPosition = vi.fn((ok: PositionCallback, fail: PositionErrorCallback) =>
    found
      ? ok({ coords: { latitude: 1.21, longitude: -77.28 } } as GeolocationPosition)
      : fail({ code: 1, message: 'denied' } as GeolocationPositionError),
  )
  vi.stubGlobal('navigator', Object.create(navigator, { geolocation: { value: { getCurrentPosition } } }))
  return getCurrentPosition
}

afterEach(() => vi.unstubAllGlobals())

describe('the stored weather', () => {
  test('"Actualizar" reads it again where the shopper is now and keeps the new one', async () => {
    localStorage.setItem('climaContexto', JSON.stringify({ temperatura: 27, humedad: 81, uv: 10, estado: 'Soleado' }))
    const asked: unknown[] = []
    server.use(
      http.post(apiPath('/Clima'), async ({ request }) => {
        asked.push(await request.json())
        return HttpResponse.json({ temperatura: 14.6, humedad: 88, uv: 3, estado: 'Lluvia ligera' } satisfies Clima)
      }),
    )
    geolocation(true)
    await renderRoutes([{ path: '/chatbot', element: <Weather /> }], '/chatbot')
    expect(screen.getByText('27 °C · humedad 81 % · UV 10')).toBeVisible()

    await userEvent.click(screen.getByRole('button', { name: 'Actualizar el clima' }))
    expect(await screen.findByText('15 °C · humedad 88 % · UV 3')).toBeVisible()
    expect(screen.getByText(WEATHER_TEXTS.updated).getAttribute('role')).toBe('status')
    expect(asked).toEqual([{ Latitud: 1.21, Longitud: -77.28 }])
    expect(stored()).toEqual({ temperatura: 14.6, humedad: 88, uv: 3, estado: 'Lluvia ligera' })
  })

  test('a refused location keeps the weather there was, and says why', async () => {
    localStorage.setItem('climaContexto', JSON.stringify({ temperatura: 27, humedad: 81, uv: 10 }))
    geolocation(false)
    await renderRoutes([{ path: '/chatbot', element: <Weather /> }], '/chatbot')
    await userEvent.click(screen.getByRole('button', { name: 'Actualizar el clima' }))
    const notice = await screen.findByText(
      'No se pudo obtener la ubicación. No pudimos actualizar el clima; seguimos con el que tenías.',
    )
    expect(notice.getAttribute('role')).toBe('status')
    expect(screen.getByText('27 °C · humedad 81 % · UV 10')).toBeVisible()
    expect(stored()).toEqual({ temperatura: 27, humedad: 81, uv: 10 })
  })

  test('"Quitar" forgets it: nothing stored, the advice reads "No especificado", and it can be asked for again', async () => {
    localStorage.setItem('climaContexto', JSON.stringify({ temperatura: 27, humedad: 81, uv: 10 }))
    const locate = geolocation(true)
    await renderRoutes([{ path: '/chatbot', element: <Weather /> }], '/chatbot')
    await userEvent.click(screen.getByRole('button', { name: 'Quitar el clima' }))
    expect(localStorage.getItem('climaContexto')).toBeNull()
    expect(screen.queryByText(/°C/)).toBeNull()
    expect(screen.getByText(WEATHER_TEXTS.cleared).getAttribute('role')).toBe('status')
    expect(screen.getByRole('button', { name: 'Adaptar al clima de mi ciudad' })).toBeEnabled()
    expect(locate).not.toHaveBeenCalled()
  })

  test('an unknown weather offers only to ask for it', async () => {
    await renderRoutes([{ path: '/chatbot', element: <Weather /> }], '/chatbot')
    expect(screen.getByRole('button', { name: 'Adaptar al clima de mi ciudad' })).toBeEnabled()
    expect(screen.queryByRole('button', { name: 'Actualizar el clima' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Quitar el clima' })).toBeNull()
  })
})
