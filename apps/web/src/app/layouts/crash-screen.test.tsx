import type { ClientErrorReport } from '@piel/contracts'
import { MESSAGES } from '@piel/contracts/values'
import { render, screen } from '@testing-library/react'
import { StrictMode } from 'react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { installErrorReporting, settled } from '@/lib/error-reporting'
import { CrashScreen } from './crash-screen'

let uninstall: () => void
const beacon = vi.fn<(url: string, data: Blob) => boolean>(() => true)
beforeEach(() => {
  beacon.mockClear()
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true, writable: true })
  uninstall = installErrorReporting()
})
afterEach(() => uninstall())

describe('the crash screen (spec 000 §8)', () => {
  test('reports its error once, scrubbed, with the page’s path', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    window.history.replaceState(null, '', '/Cart?cupon=ABC')
    const error = new Error('No se pudo leer el carrito de ana@correo.co')
    // Strict mode runs the screen's effect twice, as development does: still one report.
    render(
      <StrictMode>
        <MemoryRouter>
          <CrashScreen error={error} />
        </MemoryRouter>
      </StrictMode>,
    )

    expect(screen.getByRole('heading', { name: MESSAGES.unexpected })).toBeVisible()
    await settled()
    expect(beacon).toHaveBeenCalledTimes(1)
    const [url, blob] = beacon.mock.calls[0] as [string, Blob]
    expect(url).toBe('/errores-cliente')
    const report = JSON.parse(await blob.text()) as ClientErrorReport
    expect(report).toMatchObject({
      tipo: 'fallo',
      mensaje: 'No se pudo leer el carrito de [correo]',
      pagina: '/Cart',
    })
    expect(report.pila).not.toContain('ana@correo.co')
  })
})
