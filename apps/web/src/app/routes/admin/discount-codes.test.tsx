import type {
  AdminCatalogOptions,
  AdminProduct,
  AdminProductPage,
  AdminProductRow,
  DiscountCode,
  ErrorBody,
} from '@piel/contracts'
import { fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, test, vi } from 'vitest'
import { CSRF_COOKIE, CSRF_HEADER } from '@/lib/api-client'
import { setCookie } from '@/testing/cookies'
import { renderRoutes } from '@/testing/render'
import { apiPath, server } from '@/testing/server'
import { Component as DiscountCodes } from './discount-codes'

const cop = (value: number) => `$ ${value.toLocaleString('es-CO')}`

const code = (changes: Partial<DiscountCode> & Pick<DiscountCode, 'id' | 'codigo'>): DiscountCode => ({
  descripcion: '',
  tipo: 'porcentaje',
  valor: 10,
  compraMinima: null,
  desde: null,
  hasta: null,
  usosMaximos: null,
  usosPorPersona: null,
  soloPrimeraCompra: false,
  permiteCorporativo: false,
  productosExcluidos: [],
  catalogosExcluidos: [],
  activo: true,
  creado: '2026-11-01T15:00:00.000Z',
  usos: 0,
  ordenesPagadas: 0,
  ingresos: 0,
  ingresosMoneda: cop(0),
  descuentoOtorgado: 0,
  descuentoOtorgadoMoneda: cop(0),
  ...changes,
})

/** A fixed amount with every rule, running from 2026 until 2099, used 3 times of 100. */
const summer = code({
  id: 1,
  codigo: 'VERANO',
  descripcion: '$ 20.000 en protectores solares',
  tipo: 'valor',
  valor: 20_000,
  compraMinima: 100_000,
  desde: '2026-01-01T05:00:00.000Z',
  hasta: '2100-01-01T05:00:00.000Z',
  usosMaximos: 100,
  usosPorPersona: 1,
  soloPrimeraCompra: true,
  permiteCorporativo: true,
  productosExcluidos: [201, 202],
  catalogosExcluidos: [3],
  usos: 3,
  ordenesPagadas: 2,
  ingresos: 250_000,
  ingresosMoneda: cop(250_000),
  descuentoOtorgado: 40_000,
  descuentoOtorgadoMoneda: cop(40_000),
})
const christmas = code({ id: 2, codigo: 'NAVIDAD2020', hasta: '2021-01-01T05:00:00.000Z', usos: 12 })
const paused = code({ id: 3, codigo: 'PAUSADO', activo: false })
const soon = code({ id: 4, codigo: 'FUTURO', desde: '2099-01-01T05:00:00.000Z' })

const CATALOGS: AdminCatalogOptions = {
  catalogos: [
    { id: 2, nombre: 'Cuidado facial', subcategorias: [] },
    { id: 3, nombre: 'Protección solar', subcategorias: [] },
  ],
  marcas: [],
  caracteristicas: [],
}

const row = (id: number, nombre: string, referencia: string): AdminProductRow => ({
  id,
  referencia,
  nombre,
  marca: 'Piel',
  idCatalogo: 2,
  nombreCatalogo: 'Cuidado facial',
  nombreSubcategoria: null,
  valor: 52_000,
  descuento: 0,
  existencia: 10,
  umbralExistencia: 3,
  enVenta: true,
  vendidos: 0,
  fotoPrincipal: '',
  modificado: '2026-11-01T15:00:00.000Z',
})
const PRODUCTS = [row(201, 'Sérum de niacinamida', 'SER-201'), row(202, 'Sérum de vitamina C', 'SER-202')]

const productOf = (item: AdminProductRow): AdminProduct => ({
  id: item.id,
  nombre: item.nombre,
  marca: item.marca,
  referencia: item.referencia,
  detalle: '',
  registroInvima: null,
  idCatalogo: item.idCatalogo,
  idSubcategoria: null,
  valor: item.valor,
  descuento: 0,
  iva: 19,
  valorCorp: item.valor,
  descuentoCorp: 0,
  ivaCorp: 19,
  umbralExistencia: 3,
  enVenta: true,
  existencia: 10,
  vendidos: 0,
  caracteristicas: [],
  imagenes: [],
  creado: item.modificado,
  modificado: item.modificado,
})

/** Answers the codes with `current()`, the catalogues, and the products' search and pages. */
function serve(current: () => DiscountCode[]) {
  const searches: string[] = []
  server.use(
    http.get(apiPath('/admin/codigos'), () => HttpResponse.json(current())),
    http.get(apiPath('/admin/catalogo/opciones'), () => HttpResponse.json(CATALOGS)),
    http.get(apiPath('/admin/productos'), ({ request }) => {
      const text = new URL(request.url).searchParams.get('buscar') ?? ''
      searches.push(text)
      const found = PRODUCTS.filter((item) => item.nombre.toLowerCase().includes(text.toLowerCase()))
      return HttpResponse.json({
        productos: found,
        total: found.length,
        pagina: 1,
        tamanio: 8,
        hayMas: false,
      } satisfies AdminProductPage)
    }),
    http.get(apiPath('/admin/productos/:id'), ({ params }) => {
      const item = PRODUCTS.find((other) => other.id === Number(params.id))
      return item ? HttpResponse.json(productOf(item)) : HttpResponse.json({}, { status: 404 })
    }),
  )
  return searches
}

type Sent = { method: string; path: string; body: unknown; csrf: string | null }

/** Records every write to `admin/codigos…` and answers it with `answer` (the code, or a refusal). */
function recordWrites(answer: (sent: Sent) => Response) {
  const sent: Sent[] = []
  const handler = async ({ request }: { request: Request }) => {
    const entry = {
      method: request.method,
      path: new URL(request.url).pathname.replace('/swagger/api', ''),
      body: await request.json(),
      csrf: request.headers.get(CSRF_HEADER),
    }
    sent.push(entry)
    return answer(entry)
  }
  server.use(
    http.post(apiPath('/admin/codigos'), handler),
    http.put(apiPath('/admin/codigos/:id'), handler),
    http.post(apiPath('/admin/codigos/:id/activo'), handler),
  )
  return sent
}

const renderPage = () => renderRoutes([{ path: '/admin/codigos', Component: DiscountCodes }], '/admin/codigos')

/** The codes' rows as listed (the table's header row is hidden from assistive technology). */
async function rows() {
  const list = await screen.findByRole('list', { name: 'Códigos de descuento' })
  return within(list)
    .getAllByRole('listitem')
    .filter((item) => item.parentElement === list)
}

async function openNewCode(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Nuevo código' }))
  return screen.findByRole('form', { name: 'Nuevo código' })
}

/** The code's own name field (not "Código activo"). */
const codeField = (form: HTMLElement) => within(form).getByRole('textbox', { name: 'Código' })

/** A date-time input takes its value as the browser's picker sets it. */
const setDateTime = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } })

describe('the back office’s discount codes', () => {
  test('lists each code with what it gives, its rules, its state and its figures', async () => {
    serve(() => [summer, christmas, paused, soon])
    await renderPage()

    const [first, second, third, fourth, ...others] = await rows()
    expect(others).toHaveLength(0)
    const text = (item: HTMLElement | undefined) => item?.textContent ?? ''
    expect(text(first)).toContain('VERANO')
    expect(text(first)).toContain('$ 20.000 en protectores solares')
    expect(text(first)).toContain('Descuento: $ 20.000')
    for (const rule of [
      'Compra mínima de $ 100.000',
      'Del 1 ene. 2026 al 31 dic. 2099',
      '3 de 100 usos',
      '1 por persona',
      'Solo primera compra',
      'También clientes corporativos',
      '2 productos y 1 catálogo excluidos',
    ]) {
      expect(within(first as HTMLElement).getByText(rule)).toBeVisible()
    }
    expect(text(first)).toContain('Estado: Activo')
    const figures = within(first as HTMLElement)
    const figure = (term: string) => figures.getByText(term).nextElementSibling?.textContent
    expect(figure('Usos')).toBe('3')
    expect(figure('Órdenes pagadas')).toBe('2')
    expect(figure('Ingresos')).toBe('$ 250.000')
    expect(figure('Descuento otorgado')).toBe('$ 40.000')
    expect(figures.getByRole('button', { name: 'Pausar el código VERANO' })).toBeEnabled()
    expect(figures.getByRole('button', { name: 'Editar el código VERANO' })).toBeEnabled()

    expect(text(second)).toContain('Descuento: 10 %')
    expect(text(second)).toContain('Estado: Vencido')
    expect(text(second)).toContain('Hasta el 31 dic. 2020')
    expect(text(third)).toContain('Estado: Pausado')
    expect(text(third)).toContain('Sin condiciones')
    expect(within(third as HTMLElement).getByRole('button', { name: 'Reactivar el código PAUSADO' })).toBeEnabled()
    expect(text(fourth)).toContain('Estado: Programado')

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Códigos de descuento')
    expect(screen.getByText('4 códigos · 1 activo')).toBeVisible()
  })

  test('with no codes it says so', async () => {
    serve(() => [])
    await renderPage()
    expect(await screen.findByText('Todavía no hay códigos de descuento.')).toBeVisible()
    expect(screen.getByText('0 códigos · 0 activos')).toBeVisible()
  })

  test('a new code posts every rule as the contract takes it, with the CSRF header, and lists it first', async () => {
    const user = userEvent.setup()
    setCookie(CSRF_COOKIE, 'token-codigos')
    let current = [summer]
    const searches = serve(() => current)
    const created = code({
      id: 9,
      codigo: 'BIENVENIDA10',
      descripcion: '10 % en tu primera compra',
      compraMinima: 50_000,
      desde: '2026-12-01T05:00:00.000Z',
      hasta: '2027-01-01T04:59:00.000Z',
      usosMaximos: 1000,
      usosPorPersona: 1,
      soloPrimeraCompra: true,
      productosExcluidos: [202],
      catalogosExcluidos: [3],
    })
    const sent = recordWrites(() => {
      current = [created, summer]
      return HttpResponse.json(created, { status: 201 })
    })
    await renderPage()

    const form = await openNewCode(user)
    const name = codeField(form)
    await user.type(name, ' bienvenida10')
    await user.tab()
    expect((name as HTMLInputElement).value).toBe('BIENVENIDA10')
    await user.type(within(form).getByLabelText('Descripción'), '10 % en tu primera compra')
    expect(within(form).getByRole('radio', { name: 'Porcentaje' })).toBeChecked()
    await user.type(within(form).getByRole('textbox', { name: 'Descuento (%)' }), '10')
    await user.type(within(form).getByLabelText('Compra mínima (pesos)'), '50.000')
    setDateTime(within(form).getByLabelText('Válido desde'), '2026-12-01T00:00')
    setDateTime(within(form).getByLabelText('Válido hasta'), '2026-12-31T23:59')
    await user.type(within(form).getByLabelText('Usos máximos'), '1.000')
    await user.type(within(form).getByLabelText('Usos por persona'), '1')
    await user.click(within(form).getByRole('checkbox', { name: 'Solo primera compra' }))

    // A product found by name, then a catalogue from the store's list.
    await user.type(within(form).getByRole('searchbox', { name: 'Buscar productos para excluir' }), 'vitamina')
    await user.click(await within(form).findByRole('checkbox', { name: /Sérum de vitamina C/ }))
    expect(searches.at(-1)).toBe('vitamina')
    await user.click(await within(form).findByRole('checkbox', { name: 'Protección solar' }))
    const chosenProducts = within(form).getByRole('list', { name: 'Productos excluidos elegidos' })
    expect(chosenProducts.textContent).toContain('Sérum de vitamina C')
    expect(within(form).getByRole('list', { name: 'Catálogos excluidos elegidos' }).textContent).toContain(
      'Protección solar',
    )
    expect(within(form).getByRole('checkbox', { name: 'Código activo' })).toBeChecked()
    await user.click(within(form).getByRole('button', { name: 'Crear código' }))

    expect(await screen.findByText('Código BIENVENIDA10 creado.')).toBeVisible()
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/admin/codigos',
        body: {
          codigo: 'BIENVENIDA10',
          descripcion: '10 % en tu primera compra',
          tipo: 'porcentaje',
          valor: 10,
          compraMinima: 50_000,
          desde: '2026-12-01T00:00:00-05:00',
          hasta: '2026-12-31T23:59:00-05:00',
          usosMaximos: 1000,
          usosPorPersona: 1,
          soloPrimeraCompra: true,
          permiteCorporativo: false,
          productosExcluidos: [202],
          catalogosExcluidos: [3],
          activo: true,
        },
        csrf: 'token-codigos',
      },
    ])
    expect(screen.queryByRole('form', { name: 'Nuevo código' })).toBeNull()
    const [first] = await rows()
    expect(first?.textContent).toContain('BIENVENIDA10')
    expect(first?.textContent).toContain('Del 1 dic. 2026 al 31 dic. 2026')
  })

  test('a chosen exclusion can be removed from its chip before saving', async () => {
    const user = userEvent.setup()
    serve(() => [])
    const sent = recordWrites(() => HttpResponse.json(code({ id: 5, codigo: 'FIJO', tipo: 'valor', valor: 5000 })))
    await renderPage()

    const form = await openNewCode(user)
    await user.type(codeField(form), 'fijo')
    await user.click(within(form).getByRole('radio', { name: 'Valor fijo' }))
    await user.type(within(form).getByRole('textbox', { name: 'Descuento (pesos)' }), '5.000')
    await user.type(within(form).getByRole('searchbox', { name: 'Buscar productos para excluir' }), 'sérum')
    await user.click(await within(form).findByRole('checkbox', { name: /Sérum de niacinamida/ }))
    await user.click(within(form).getByRole('checkbox', { name: /Sérum de vitamina C/ }))
    await user.click(within(form).getByRole('button', { name: 'Quitar Sérum de niacinamida de las exclusiones' }))
    expect(within(form).getByRole('checkbox', { name: /Sérum de niacinamida/ })).not.toBeChecked()
    await user.click(within(form).getByRole('button', { name: 'Crear código' }))

    await vi.waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]?.body).toMatchObject({
      codigo: 'FIJO',
      tipo: 'valor',
      valor: 5000,
      compraMinima: null,
      desde: null,
      hasta: null,
      usosMaximos: null,
      productosExcluidos: [202],
      catalogosExcluidos: [],
    })
  })

  test('a code that already exists (409 codigo_repetido) shows the server’s message by the field', async () => {
    const user = userEvent.setup()
    serve(() => [summer])
    const sent = recordWrites(() =>
      HttpResponse.json(
        {
          mensaje: 'Ya existe un código con ese nombre.',
          codigo: 'codigo_repetido',
          campos: { codigo: 'Ya existe un código con ese nombre.' },
        } satisfies ErrorBody,
        { status: 409 },
      ),
    )
    await renderPage()

    const form = await openNewCode(user)
    await user.type(codeField(form), 'verano')
    await user.type(within(form).getByRole('textbox', { name: 'Descuento (%)' }), '15')
    await user.click(within(form).getByRole('button', { name: 'Crear código' }))

    const name = codeField(form)
    await vi.waitFor(() => expect(name).toHaveAccessibleDescription(/Ya existe un código con ese nombre\./))
    expect(name).toHaveAttribute('aria-invalid', 'true')
    expect(name).toHaveFocus()
    expect(sent).toHaveLength(1)
    expect(screen.getByRole('form', { name: 'Nuevo código' })).toBeVisible()
    expect(await rows()).toHaveLength(1)
  })

  test('the form shows every error at once before sending: the code, the amount and the dates', async () => {
    const user = userEvent.setup()
    serve(() => [summer])
    const sent = recordWrites(() => HttpResponse.json(summer))
    await renderPage()

    const form = await openNewCode(user)
    await user.type(codeField(form), 'a b')
    setDateTime(within(form).getByLabelText('Válido desde'), '2026-12-10T00:00')
    setDateTime(within(form).getByLabelText('Válido hasta'), '2026-12-01T00:00')
    await user.type(within(form).getByLabelText('Usos por persona'), '0')
    await user.click(within(form).getByRole('button', { name: 'Crear código' }))

    expect(await within(form).findByText('El código solo tiene letras sin tilde, números, - o _')).toBeVisible()
    expect(within(form).getByText('Escribe cuánto descuenta el código.')).toBeVisible()
    expect(within(form).getByText('La fecha final debe ser posterior a la inicial.')).toBeVisible()
    expect(within(form).getByText('usosPorPersona debe ser al menos 1')).toBeVisible()
    expect(within(form).getByLabelText('Válido hasta')).toHaveAttribute('aria-invalid', 'true')

    // A percentage above 100 is refused too.
    await user.type(within(form).getByRole('textbox', { name: 'Descuento (%)' }), '150')
    await user.click(within(form).getByRole('button', { name: 'Crear código' }))
    expect(await within(form).findByText('Un porcentaje va de 1 a 100.')).toBeVisible()
    expect(sent).toEqual([])
  })

  test('"Pausar" posts activo false, says so, and the code shows as paused', async () => {
    const user = userEvent.setup()
    let current = [summer, paused]
    serve(() => current)
    const sent = recordWrites((entry) => {
      const next = { ...summer, activo: (entry.body as { activo: boolean }).activo }
      current = [next, paused]
      return HttpResponse.json(next)
    })
    await renderPage()

    await user.click(await screen.findByRole('button', { name: 'Pausar el código VERANO' }))

    expect(await screen.findByText('Código VERANO pausado.')).toBeVisible()
    expect(sent).toMatchObject([{ method: 'POST', path: '/admin/codigos/1/activo', body: { activo: false } }])
    const [first] = await rows()
    expect(first?.textContent).toContain('Estado: Pausado')
    await user.click(within(first as HTMLElement).getByRole('button', { name: 'Reactivar el código VERANO' }))
    expect(await screen.findByText('Código VERANO reactivado.')).toBeVisible()
    expect(sent.map((entry) => entry.body)).toEqual([{ activo: false }, { activo: true }])
    expect((await rows())[0]?.textContent).toContain('Estado: Activo')
  })

  test('"Editar" fills the form with the code, its exclusions by name, and puts the changes', async () => {
    const user = userEvent.setup()
    serve(() => [summer])
    const sent = recordWrites(() => HttpResponse.json({ ...summer, valor: 25_000, ingresosMoneda: cop(250_000) }))
    await renderPage()

    await user.click(await screen.findByRole('button', { name: 'Editar el código VERANO' }))
    const form = await screen.findByRole('form', { name: 'Editar el código VERANO' })
    expect((codeField(form) as HTMLInputElement).value).toBe('VERANO')
    expect(within(form).getByRole('radio', { name: 'Valor fijo' })).toBeChecked()
    const amount = within(form).getByRole('textbox', { name: 'Descuento (pesos)' }) as HTMLInputElement
    expect(amount.value).toBe('20.000')
    expect((within(form).getByLabelText('Compra mínima (pesos)') as HTMLInputElement).value).toBe('100.000')
    expect((within(form).getByLabelText('Válido desde') as HTMLInputElement).value).toBe('2026-01-01T00:00')
    expect((within(form).getByLabelText('Válido hasta') as HTMLInputElement).value).toBe('2100-01-01T00:00')
    expect(within(form).getByRole('checkbox', { name: 'También clientes corporativos' })).toBeChecked()
    const chosen = within(form).getByRole('list', { name: 'Productos excluidos elegidos' })
    await within(chosen).findByText('Sérum de niacinamida')
    expect(within(chosen).getByText('Sérum de vitamina C')).toBeVisible()
    expect(
      await within(within(form).getByRole('list', { name: 'Catálogos excluidos elegidos' })).findByText(
        'Protección solar',
      ),
    ).toBeVisible()

    await user.clear(amount)
    await user.type(amount, '25.000')
    await user.click(within(form).getByRole('button', { name: 'Guardar cambios' }))

    expect(await screen.findByText('Código VERANO guardado.')).toBeVisible()
    expect(sent).toMatchObject([
      {
        method: 'PUT',
        path: '/admin/codigos/1',
        body: {
          codigo: 'VERANO',
          tipo: 'valor',
          valor: 25_000,
          compraMinima: 100_000,
          desde: '2026-01-01T00:00:00-05:00',
          hasta: '2100-01-01T00:00:00-05:00',
          usosMaximos: 100,
          usosPorPersona: 1,
          soloPrimeraCompra: true,
          permiteCorporativo: true,
          productosExcluidos: [201, 202],
          catalogosExcluidos: [3],
          activo: true,
        },
      },
    ])
    expect((await rows())[0]?.textContent).toContain('Descuento: $ 25.000')
  })
})
