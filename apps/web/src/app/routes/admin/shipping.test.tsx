import type { City, Department, ShippingAdmin, ShippingZone } from '@piel/contracts'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, test, vi } from 'vitest'
import { CSRF_COOKIE, CSRF_HEADER } from '@/lib/api-client'
import { setCookie } from '@/testing/cookies'
import { renderRoutes } from '@/testing/render'
import { apiPath, server } from '@/testing/server'
import { Component as Shipping } from './shipping'

const zone = (changes: Partial<ShippingZone> & Pick<ShippingZone, 'id'>): ShippingZone => ({
  departamento: '52',
  nombreDepartamento: 'Nariño',
  municipio: null,
  nombreMunicipio: null,
  costo: 12_000,
  costoMoneda: 'COP',
  diasMin: 2,
  diasMax: 4,
  activa: true,
  ...changes,
})

const narino = zone({ id: 1 })
const pasto = zone({ id: 2, municipio: '52001', nombreMunicipio: 'Pasto', costo: 8_000, diasMin: 1, diasMax: 1 })
const cauca = zone({
  id: 3,
  departamento: '19',
  nombreDepartamento: 'Cauca',
  costo: 20_000,
  diasMin: null,
  diasMax: null,
  activa: false,
})

const DEPARTMENTS: Department[] = [
  { id: '52', nombre: 'Nariño', paraDirecciones: true, porDefecto: true },
  { id: '19', nombre: 'Cauca', paraDirecciones: true, porDefecto: false },
  { id: '05', nombre: 'Antioquia', paraDirecciones: false, porDefecto: false },
]
const CITIES: Record<string, City[]> = {
  '52': [
    { id: '52356', nombre: 'Ipiales', idDepartamento: '52' },
    { id: '52001', nombre: 'Pasto', idDepartamento: '52' },
  ],
  '19': [{ id: '19001', nombre: 'Popayán', idDepartamento: '19' }],
  '05': [
    { id: '05001', nombre: 'Medellín', idDepartamento: '05' },
    { id: '05088', nombre: 'Bello', idDepartamento: '05' },
  ],
}

const adminOf = (zonas: ShippingZone[], envioGratisDesde: number | null = 150_000): ShippingAdmin => ({
  zonas,
  envioGratisDesde,
})

/** Answers the shipping with `current()` and the places of the pickers. */
function serve(current: () => ShippingAdmin) {
  server.use(
    http.get(apiPath('/admin/envios'), () => HttpResponse.json(current())),
    http.get(apiPath('/ciudades/Departamentos'), () => HttpResponse.json(DEPARTMENTS)),
    http.get(apiPath('/ciudades/GetCiudadesxDep'), ({ request }) =>
      HttpResponse.json(CITIES[new URL(request.url).searchParams.get('dept') ?? ''] ?? []),
    ),
  )
}

type Sent = { method: string; path: string; body: unknown; csrf: string | null }

/** Records every write to `admin/envios/…` and answers it with `answer` (the new shipping, or a refusal). */
function recordWrites(answer: (sent: Sent) => Response) {
  const sent: Sent[] = []
  const handler = async ({ request }: { request: Request }) => {
    const text = await request.text()
    const entry = {
      method: request.method,
      path: new URL(request.url).pathname.replace('/swagger/api', ''),
      body: text ? JSON.parse(text) : undefined,
      csrf: request.headers.get(CSRF_HEADER),
    }
    sent.push(entry)
    return answer(entry)
  }
  server.use(
    http.post(apiPath('/admin/envios/zonas'), handler),
    http.put(apiPath('/admin/envios/zonas/:id'), handler),
    http.delete(apiPath('/admin/envios/zonas/:id'), handler),
    http.put(apiPath('/admin/envios/ajustes'), handler),
  )
  return sent
}

const renderPage = () => renderRoutes([{ path: '/admin/envios', Component: Shipping }], '/admin/envios')

/** The zones' rows as listed (the table's header row is hidden from assistive technology). */
async function rows() {
  const list = await screen.findByRole('list', { name: 'Zonas de envío' })
  return within(list).getAllByRole('listitem')
}

/** Opens "Nueva zona" and waits for its form. */
async function openNewZone(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Nueva zona' }))
  return screen.findByRole('form', { name: 'Nueva zona' })
}

describe('the back office’s shipping', () => {
  test('lists each zone with its place, cost, delivery days and state, and the free-shipping purchase', async () => {
    serve(() => adminOf([narino, pasto, cauca]))
    await renderPage()

    const [first, second, third, ...others] = await rows()
    expect(others).toHaveLength(0)
    expect(first?.textContent).toContain('Nariño')
    expect(first?.textContent).toContain('Todo el departamento')
    expect(first?.textContent).toContain('Costo: $ 12.000')
    expect(first?.textContent).toContain('Entrega: 2 a 4 días hábiles')
    expect(first?.textContent).toContain('Estado: Activa')

    expect(second?.textContent).toContain('Pasto')
    expect(second?.textContent).toContain('Municipio de Nariño')
    expect(second?.textContent).toContain('Costo: $ 8.000')
    expect(second?.textContent).toContain('Entrega: 1 día hábil')

    const paused = third as HTMLElement
    expect(paused.textContent).toContain('Cauca')
    expect(paused.textContent).toContain('Costo: $ 20.000')
    expect(paused.textContent).toContain('Entrega: Sin estimado')
    expect(paused.textContent).toContain('Estado: Pausada')
    expect(paused.textContent).toContain('Mientras esté pausada, no se envía a Cauca.')
    expect(
      within(paused).getByRole('button', { name: 'Activar la zona de Cauca (todo el departamento)' }),
    ).toBeEnabled()
    expect(
      within(second as HTMLElement).getByRole('button', { name: 'Pausar la zona de Pasto (Nariño)' }),
    ).toBeEnabled()
    expect(
      within(second as HTMLElement).getByRole('button', { name: 'Editar la zona de Pasto (Nariño)' }),
    ).toBeEnabled()
    expect(
      within(second as HTMLElement).getByRole('button', { name: 'Eliminar la zona de Pasto (Nariño)' }),
    ).toBeEnabled()

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Envíos')
    expect(screen.getByText(/^Cada zona es/).textContent).toBe(
      'Cada zona es un departamento entero o un municipio; un municipio con zona propia tiene precedencia sobre su departamento. A los lugares sin zona activa no se envía.',
    )
    expect(screen.getByText('3 zonas · 2 activas')).toBeVisible()
    expect(screen.getByText(/^Ahora:/).textContent).toBe(
      'Ahora: las compras desde $ 150.000 (subtotal con IVA) no pagan envío.',
    )
    expect((screen.getByLabelText('Envío gratis desde (pesos)') as HTMLInputElement).value).toBe('150.000')
    expect(screen.getByRole('checkbox', { name: 'Sin envío gratis' })).not.toBeChecked()
  })

  test('with no zones it says nothing is delivered', async () => {
    serve(() => adminOf([], null))
    await renderPage()
    expect(await screen.findByText('Todavía no hay zonas de envío: la tienda no envía a ningún lugar.')).toBeVisible()
    expect(screen.getByText(/^Ahora:/).textContent).toBe(
      'Ahora: sin envío gratis; toda compra paga el envío de su zona.',
    )
    expect(screen.getByRole('checkbox', { name: 'Sin envío gratis' })).toBeChecked()
    expect(screen.getByLabelText('Envío gratis desde (pesos)')).toBeDisabled()
  })

  test('a new zone for a municipality posts its place, cost and days with the CSRF header, and lists it', async () => {
    const user = userEvent.setup()
    setCookie(CSRF_COOKIE, 'token-envios')
    let current = adminOf([narino, pasto])
    serve(() => current)
    const medellin = zone({
      id: 9,
      departamento: '05',
      nombreDepartamento: 'Antioquia',
      municipio: '05001',
      nombreMunicipio: 'Medellín',
      costo: 15_000,
      diasMin: 3,
      diasMax: 5,
    })
    const sent = recordWrites(() => {
      current = adminOf([medellin, narino, pasto])
      return HttpResponse.json(current)
    })
    await renderPage()

    const form = await openNewZone(user)
    const department = within(form).getByRole('combobox', { name: /^Departamento/ }) as HTMLSelectElement
    expect(department.value).toBe('52')
    await user.selectOptions(department, 'Antioquia')
    const municipality = within(form).getByRole('combobox', { name: 'Municipio' }) as HTMLSelectElement
    await within(form).findByRole('option', { name: 'Medellín' })
    expect(within(municipality).getAllByRole('option')[0]?.textContent).toBe('Todo el departamento')
    await user.selectOptions(municipality, 'Medellín')
    await user.type(within(form).getByLabelText(/^Costo del envío/), '15.000')
    await user.type(within(form).getByLabelText('Entrega desde (días hábiles)'), '3')
    await user.type(within(form).getByLabelText('Entrega hasta (días hábiles)'), '5')
    expect(within(form).getByRole('checkbox', { name: 'Zona activa' })).toBeChecked()
    await user.click(within(form).getByRole('button', { name: 'Crear zona' }))

    expect(await screen.findByText('Zona de envío guardada.')).toBeVisible()
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/admin/envios/zonas',
        body: { departamento: '05', municipio: '05001', costo: 15_000, diasMin: 3, diasMax: 5, activa: true },
        csrf: 'token-envios',
      },
    ])
    expect(screen.queryByRole('form', { name: 'Nueva zona' })).toBeNull()
    const [first] = await rows()
    expect(first?.textContent).toContain('Medellín')
    expect(first?.textContent).toContain('Costo: $ 15.000')
    expect(first?.textContent).toContain('Entrega: 3 a 5 días hábiles')
  })

  test('a whole department without an estimate sends no municipality and no days', async () => {
    const user = userEvent.setup()
    serve(() => adminOf([narino]))
    const sent = recordWrites(() => HttpResponse.json(adminOf([narino])))
    await renderPage()

    const form = await openNewZone(user)
    await user.selectOptions(within(form).getByRole('combobox', { name: /^Departamento/ }), 'Cauca')
    await user.type(within(form).getByLabelText(/^Costo del envío/), '0')
    await user.click(within(form).getByRole('checkbox', { name: 'Zona activa' }))
    await user.click(within(form).getByRole('button', { name: 'Crear zona' }))

    await vi.waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]?.body).toEqual({
      departamento: '19',
      municipio: null,
      costo: 0,
      diasMin: null,
      diasMax: null,
      activa: false,
    })
  })

  test('a place that already has a zone (409) shows the server’s message by the municipality', async () => {
    const user = userEvent.setup()
    serve(() => adminOf([narino, pasto]))
    recordWrites(() =>
      HttpResponse.json(
        {
          mensaje: 'Ya hay una zona para ese lugar.',
          codigo: 'zona_repetida',
          campos: { municipio: 'Ya hay una zona para ese lugar.' },
        },
        { status: 409 },
      ),
    )
    await renderPage()

    const form = await openNewZone(user)
    await within(form).findByRole('option', { name: 'Pasto' })
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Municipio' }), 'Pasto')
    await user.type(within(form).getByLabelText(/^Costo del envío/), '9000')
    await user.click(within(form).getByRole('button', { name: 'Crear zona' }))

    const municipality = within(form).getByRole('combobox', { name: 'Municipio' })
    await vi.waitFor(() => expect(municipality).toHaveAccessibleDescription(/Ya hay una zona para ese lugar\./))
    expect(municipality).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByRole('form', { name: 'Nueva zona' })).toBeVisible()
    expect(await rows()).toHaveLength(2)
  })

  test('the form refuses a last delivery day before the first, and days without their pair, before sending', async () => {
    const user = userEvent.setup()
    serve(() => adminOf([narino]))
    const sent = recordWrites(() => HttpResponse.json(adminOf([narino])))
    await renderPage()

    const form = await openNewZone(user)
    await user.type(within(form).getByLabelText(/^Costo del envío/), '10000')
    await user.type(within(form).getByLabelText('Entrega desde (días hábiles)'), '5')
    await user.type(within(form).getByLabelText('Entrega hasta (días hábiles)'), '2')
    await user.click(within(form).getByRole('button', { name: 'Crear zona' }))

    const last = within(form).getByLabelText('Entrega hasta (días hábiles)')
    await vi.waitFor(() => expect(last).toHaveAccessibleDescription(/diasMax no puede ser menor que diasMin\./))
    expect(within(form).getByText('diasMax no puede ser menor que diasMin.')).toBeVisible()

    await user.clear(last)
    await user.click(within(form).getByRole('button', { name: 'Crear zona' }))
    expect(await within(form).findByText('Escribe los dos días de entrega o ninguno.')).toBeVisible()

    await user.clear(within(form).getByLabelText(/^Costo del envío/))
    await user.type(within(form).getByLabelText(/^Costo del envío/), '2500000')
    await user.click(within(form).getByRole('button', { name: 'Crear zona' }))
    expect(await within(form).findByText('costo admite máximo 2000000')).toBeVisible()
    expect(sent).toEqual([])
  })

  test('"Pausar" sends the zone as it is with activa false', async () => {
    const user = userEvent.setup()
    let current = adminOf([narino, pasto])
    serve(() => current)
    const sent = recordWrites(() => {
      current = adminOf([narino, { ...pasto, activa: false }])
      return HttpResponse.json(current)
    })
    await renderPage()

    await user.click(await screen.findByRole('button', { name: 'Pausar la zona de Pasto (Nariño)' }))

    expect(await screen.findByText('Zona pausada.')).toBeVisible()
    expect(sent).toEqual([
      {
        method: 'PUT',
        path: '/admin/envios/zonas/2',
        body: { departamento: '52', municipio: '52001', costo: 8_000, diasMin: 1, diasMax: 1, activa: false },
        csrf: null,
      },
    ])
    const [, second] = await rows()
    expect(second?.textContent).toContain('Estado: Pausada')
    expect(second?.textContent).toContain('Mientras esté pausada, rige la zona de Nariño.')
    expect(
      within(second as HTMLElement).getByRole('button', { name: 'Activar la zona de Pasto (Nariño)' }),
    ).toBeEnabled()
  })

  test('"Editar" fills the form with the zone and puts the changes', async () => {
    const user = userEvent.setup()
    serve(() => adminOf([narino, pasto, cauca]))
    const sent = recordWrites(() => HttpResponse.json(adminOf([narino, { ...pasto, costo: 9_500 }, cauca])))
    await renderPage()

    await user.click(await screen.findByRole('button', { name: 'Editar la zona de Cauca (todo el departamento)' }))
    const other = await screen.findByRole('form', { name: 'Editar la zona de Cauca (todo el departamento)' })
    expect((within(other).getByRole('combobox', { name: /^Departamento/ }) as HTMLSelectElement).value).toBe('19')
    expect((within(other).getByRole('combobox', { name: 'Municipio' }) as HTMLSelectElement).value).toBe('')
    expect((within(other).getByLabelText('Entrega desde (días hábiles)') as HTMLInputElement).value).toBe('')
    expect(within(other).getByRole('checkbox', { name: 'Zona activa' })).not.toBeChecked()

    await user.click(await screen.findByRole('button', { name: 'Editar la zona de Pasto (Nariño)' }))
    const form = await screen.findByRole('form', { name: 'Editar la zona de Pasto (Nariño)' })
    expect((within(form).getByRole('combobox', { name: /^Departamento/ }) as HTMLSelectElement).value).toBe('52')
    expect((within(form).getByRole('combobox', { name: 'Municipio' }) as HTMLSelectElement).value).toBe('52001')
    const cost = within(form).getByLabelText(/^Costo del envío/) as HTMLInputElement
    expect(cost.value).toBe('8.000')
    await user.clear(cost)
    await user.type(cost, '9.500')
    await user.click(within(form).getByRole('button', { name: 'Guardar cambios' }))

    await vi.waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]).toMatchObject({
      method: 'PUT',
      path: '/admin/envios/zonas/2',
      body: { departamento: '52', municipio: '52001', costo: 9_500, diasMin: 1, diasMax: 1, activa: true },
    })
    expect((await rows())[1]?.textContent).toContain('Costo: $ 9.500')
  })

  test('"Eliminar" asks first, and deletes only when confirmed', async () => {
    const user = userEvent.setup()
    let current = adminOf([narino, pasto])
    serve(() => current)
    const sent = recordWrites(() => {
      current = adminOf([narino])
      return HttpResponse.json(current)
    })
    await renderPage()

    await user.click(await screen.findByRole('button', { name: 'Eliminar la zona de Pasto (Nariño)' }))
    let dialog = await screen.findByRole('dialog', { name: '¿Eliminar esta zona?' })
    expect(dialog.textContent).toContain('La zona de Pasto (Nariño) deja de existir.')
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }))
    expect(sent).toEqual([])

    await user.click(screen.getByRole('button', { name: 'Eliminar la zona de Pasto (Nariño)' }))
    dialog = await screen.findByRole('dialog', { name: '¿Eliminar esta zona?' })
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }))

    expect(await screen.findByText('Zona de envío eliminada.')).toBeVisible()
    expect(sent).toMatchObject([{ method: 'DELETE', path: '/admin/envios/zonas/2' }])
    expect(await rows()).toHaveLength(1)
  })

  test('the free-shipping purchase is saved as whole pesos, or as none', async () => {
    const user = userEvent.setup()
    let current = adminOf([narino])
    serve(() => current)
    const sent = recordWrites((entry) => {
      current = adminOf([narino], (entry.body as { envioGratisDesde: number | null }).envioGratisDesde)
      return HttpResponse.json(current)
    })
    await renderPage()

    const amount = await screen.findByLabelText('Envío gratis desde (pesos)')
    await user.clear(amount)
    await user.type(amount, '200.000')
    await user.click(screen.getByRole('button', { name: 'Guardar' }))
    expect(await screen.findByText('Envío gratis actualizado.')).toBeVisible()
    expect(await screen.findByText(/desde \$ 200\.000/)).toBeVisible()

    await user.click(screen.getByRole('checkbox', { name: 'Sin envío gratis' }))
    await user.click(screen.getByRole('button', { name: 'Guardar' }))
    expect(await screen.findByText(/^Ahora: sin envío gratis/)).toBeVisible()
    expect(sent.map((entry) => [entry.path, entry.body])).toEqual([
      ['/admin/envios/ajustes', { envioGratisDesde: 200_000 }],
      ['/admin/envios/ajustes', { envioGratisDesde: null }],
    ])
  })
})
