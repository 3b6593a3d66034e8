import type { DeletePhotosResult } from '@piel/contracts'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, test } from 'vitest'
import { renderRoutes } from '@/testing/render'
import { server } from '@/testing/server'
import { DeletePhotos, deletionSummary } from './delete-photos'

const result = (fotos: number, analisis: number, perfil: boolean): DeletePhotosResult => ({
  eliminadas: fotos + analisis,
  fotos,
  analisis,
  perfil,
})

describe('"Eliminar mis fotos"', () => {
  test.each([
    [result(2, 1, false), 'Listo: eliminamos 2 fotos y 1 análisis de este código.'],
    [result(1, 2, true), 'Listo: eliminamos 1 foto y 2 análisis de este código, y tu perfil de piel.'],
    [result(0, 0, false), 'No había fotos ni análisis guardados con este código.'],
    [result(0, 0, true), 'Listo: eliminamos tu perfil de piel. No había fotos ni análisis guardados con este código.'],
  ])('%o reads "%s"', (deleted, text) => {
    expect(deletionSummary(deleted)).toBe(text)
  })

  test('the confirmation names the skin profile, and the result says it went', async () => {
    const codes: string[] = []
    server.use(
      http.delete('*/mis-fotos', ({ request }) => {
        codes.push(new URL(request.url).searchParams.get('code') ?? '')
        return HttpResponse.json(result(2, 2, true))
      }),
    )
    let deleted = 0
    await renderRoutes(
      [{ path: '/chatbot', element: <DeletePhotos code="Ab3dEf7h" onDeleted={() => deleted++} /> }],
      '/chatbot',
    )
    expect(screen.getByText(/junto con tu perfil de piel/)).toBeVisible()
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar mis fotos' }))
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar tus fotos?' })
    expect(within(dialog).getByText(/y tu perfil de piel\. No se puede deshacer\./)).toBeVisible()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sí, eliminar' }))
    expect(
      await screen.findByText('Listo: eliminamos 2 fotos y 2 análisis de este código, y tu perfil de piel.'),
    ).toBeVisible()
    expect(codes).toEqual(['Ab3dEf7h'])
    expect(deleted).toBe(1)
  })
})
