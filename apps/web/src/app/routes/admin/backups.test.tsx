import type { Backup, BackupList } from '@piel/contracts'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, test } from 'vitest'
import { CSRF_COOKIE, CSRF_HEADER } from '@/lib/api-client'
import { formatDateTime } from '@/lib/format'
import { setCookie } from '@/testing/cookies'
import { renderRoutes } from '@/testing/render'
import { apiPath, server } from '@/testing/server'
import { Component as Backups } from './backups'

const scheduled: Backup = {
  nombre: 'piel-respaldo-20261127-224500Z.tar.gz',
  creado: '2026-11-27T22:45:00.000Z',
  bytes: 4_404_019,
  baseDeDatos: 'pglite',
  fotos: 37,
  origen: 'programado',
}
const fromConsole: Backup = {
  nombre: 'piel-respaldo-20261126-150000Z.tar.gz',
  creado: '2026-11-26T15:00:00.000Z',
  bytes: 812_000,
  baseDeDatos: 'pglite',
  fotos: 1,
  origen: 'consola',
}
const made: Backup = {
  nombre: 'piel-respaldo-20261128-143000Z.tar.gz',
  creado: '2026-11-28T14:30:00.000Z',
  bytes: 4_500_000,
  baseDeDatos: 'pglite',
  fotos: 37,
  origen: 'manual',
}

const listOf = (respaldos: Backup[], changes: Partial<BackupList> = {}): BackupList => ({
  respaldos,
  cadaHoras: 24,
  conservar: 14,
  proximo: '2026-11-28T22:45:00.000Z',
  enCurso: false,
  ...changes,
})

/** Answers the list with `current()` and counts how often it was asked. */
function serveList(current: () => BackupList) {
  const asked = { count: 0 }
  server.use(
    http.get(apiPath('/admin/respaldos'), () => {
      asked.count++
      return HttpResponse.json(current())
    }),
  )
  return asked
}

const renderPage = () => renderRoutes([{ path: '/admin/respaldos', Component: Backups }], '/admin/respaldos')

/** The rows of the list, newest first. */
async function rows() {
  const list = await screen.findByRole('list')
  return within(list).getAllByRole('listitem')
}

describe('the back office’s backups', () => {
  test('lists the backups kept with their date, size, photos and origin, a download each, and the schedule', async () => {
    serveList(() => listOf([scheduled, fromConsole]))
    await renderPage()

    const [newest, older, ...others] = await rows()
    expect(others).toHaveLength(0)
    const first = newest as HTMLElement
    const shown = formatDateTime(scheduled.creado)
    expect(shown).toMatch(/2026, \d{1,2}:\d{2} [ap]\. m\.$/)
    expect(first.querySelector('time')?.textContent).toBe(shown)
    expect(first.querySelector('time')?.getAttribute('datetime')).toBe('2026-11-27T22:45:00.000Z')
    expect(first.textContent).toContain('piel-respaldo-20261127-224500Z.tar.gz')
    expect(first.textContent).toContain('Tamaño: 4,2 MB')
    expect(first.textContent).toContain('Fotos: 37 fotos')
    expect(first.textContent).toContain('Origen: Programado')
    const download = within(first).getByRole('link', { name: `Descargar el respaldo del ${shown}` })
    expect(download.getAttribute('href')).toBe('/swagger/api/admin/respaldos/piel-respaldo-20261127-224500Z.tar.gz')
    expect(download.hasAttribute('download')).toBe(true)

    const second = older as HTMLElement
    expect(second.textContent).toContain('Tamaño: 793 KB')
    expect(second.textContent).toContain('Fotos: 1 foto')
    expect(second.textContent).toContain('Origen: Desde la consola')
    expect(
      within(second)
        .getByRole('link', { name: `Descargar el respaldo del ${formatDateTime(fromConsole.creado)}` })
        .getAttribute('href'),
    ).toBe('/swagger/api/admin/respaldos/piel-respaldo-20261126-150000Z.tar.gz')

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Respaldos')
    expect(screen.getByText('2 respaldos').textContent).toBe('2 respaldos')
    expect(screen.getByText(/^Se hace uno cada/).textContent).toBe(
      `Se hace uno cada 24 horas y se conservan los 14 más recientes. Próximo: ${formatDateTime('2026-11-28T22:45:00.000Z')}`,
    )
    expect(screen.getByText(/^Cada respaldo lleva/).textContent).toBe(
      'Cada respaldo lleva todos los datos de la tienda, también los personales: guárdelo fuera de este servidor y en un lugar seguro.',
    )
    const button = screen.getByRole('button', { name: 'Crear respaldo ahora' }) as HTMLButtonElement
    expect(button.disabled).toBe(false)
  })

  test('with none yet it says so, and says when the schedule is off', async () => {
    serveList(() => listOf([], { cadaHoras: null, proximo: null }))
    await renderPage()

    expect((await screen.findByText('Todavía no hay respaldos.')).textContent).toBe('Todavía no hay respaldos.')
    expect(screen.queryByRole('list')).toBeNull()
    expect(screen.getByText(/^Los respaldos programados/).textContent).toBe(
      'Los respaldos programados están apagados (BACKUP_EVERY=0). Se conservan los 14 más recientes.',
    )
  })

  test('"Crear respaldo ahora" posts with the CSRF header, waits, then names the new file and lists it', async () => {
    const user = userEvent.setup()
    setCookie(CSRF_COOKIE, 'token-respaldos')
    let current = listOf([scheduled, fromConsole])
    const asked = serveList(() => current)
    let release = () => {}
    const finished = new Promise<void>((resolve) => {
      release = resolve
    })
    const posted: { csrf: string | null; body: string }[] = []
    server.use(
      http.post(apiPath('/admin/respaldos'), async ({ request }) => {
        posted.push({ csrf: request.headers.get(CSRF_HEADER), body: await request.text() })
        await finished
        current = listOf([made, scheduled, fromConsole])
        return HttpResponse.json(made, { status: 201 })
      }),
    )
    await renderPage()
    expect(await rows()).toHaveLength(2)

    await user.click(screen.getByRole('button', { name: 'Crear respaldo ahora' }))

    const busy = (await screen.findByRole('button', { name: 'Creando respaldo…' })) as HTMLButtonElement
    expect(busy.disabled).toBe(true)
    expect(posted).toEqual([{ csrf: 'token-respaldos', body: '' }])
    const askedBefore = asked.count

    release()

    const success = await screen.findByText('Respaldo creado: piel-respaldo-20261128-143000Z.tar.gz (4,3 MB).')
    expect(success.closest('[role="status"]')).not.toBeNull()
    expect(asked.count).toBeGreaterThan(askedBefore)
    const [newest, ...rest] = await rows()
    expect(rest).toHaveLength(2)
    expect(newest?.textContent).toContain('piel-respaldo-20261128-143000Z.tar.gz')
    expect(newest?.textContent).toContain('Origen: Desde la oficina')
    expect(screen.getByText('3 respaldos').textContent).toBe('3 respaldos')
    expect((screen.getByRole('button', { name: 'Crear respaldo ahora' }) as HTMLButtonElement).disabled).toBe(false)
    // No failure is shown (the notices' own alert region stays empty too).
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['', ''])
  })

  test('a backup already running (409) shows the server’s message', async () => {
    const user = userEvent.setup()
    serveList(() => listOf([scheduled]))
    server.use(
      http.post(apiPath('/admin/respaldos'), () =>
        HttpResponse.json(
          { mensaje: 'Ya se está haciendo un respaldo; espere a que termine.', codigo: 'respaldo_en_curso' },
          { status: 409 },
        ),
      ),
    )
    await renderPage()

    await user.click(await screen.findByRole('button', { name: 'Crear respaldo ahora' }))

    const message = await screen.findByText('Ya se está haciendo un respaldo; espere a que termine.')
    const alert = message.closest('[role="alert"]')
    expect(alert?.textContent).toContain('Ya se está haciendo un respaldo; espere a que termine.')
    expect(alert?.textContent).not.toContain('409')
    expect(screen.queryByText(/^Respaldo creado/)).toBeNull()
    expect(await rows()).toHaveLength(1)
  })

  test('while one is being made the button waits and says so', async () => {
    serveList(() => listOf([scheduled], { enCurso: true }))
    await renderPage()

    const busy = (await screen.findByRole('button', { name: 'Creando respaldo…' })) as HTMLButtonElement
    expect(busy.disabled).toBe(true)
    expect(screen.getByText(/^Se está haciendo un respaldo/).textContent).toBe(
      'Se está haciendo un respaldo; la lista se actualiza cuando termine.',
    )
  })
})
