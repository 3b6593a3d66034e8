import type { MailPreview, MailPreviewList } from '@piel/contracts'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, test } from 'vitest'
import { renderRoutes } from '@/testing/render'
import { apiPath, server } from '@/testing/server'
import { Component as MailPreviews } from './mail-previews'

const LIST: MailPreviewList = [
  {
    clave: 'orden-recibida',
    nombre: 'Orden recibida',
    grupo: 'ordenes',
    cuando: 'Cuando alguien hace una orden.',
    asunto: 'Recibimos tu orden N.º 1047 - Piel Dermocosmética',
  },
  {
    clave: 'orden-en-camino',
    nombre: 'Orden en camino',
    grupo: 'ordenes',
    cuando: 'Cuando la tienda pasa la orden a «Orden en camino».',
    asunto: 'Tu orden N.º 1047 va en camino - Piel Dermocosmética',
  },
  {
    clave: 'pago-aprobado',
    nombre: 'Pago aprobado',
    grupo: 'pagos',
    cuando: 'Cuando Wompi aprueba el pago de una orden.',
    asunto: 'Pago aprobado - orden N.º 1047 - Piel Dermocosmética',
  },
  {
    clave: 'cuenta-bienvenida',
    nombre: 'Bienvenida',
    grupo: 'cuenta',
    cuando: 'Cuando alguien crea su cuenta.',
    asunto: 'Te damos la bienvenida a Piel Dermocosmética',
  },
  {
    clave: 'aviso-disponible',
    nombre: 'Producto disponible de nuevo',
    grupo: 'otros',
    cuando: 'Cuando un producto agotado vuelve a estar a la venta.',
    asunto: 'Sensibio H2O Agua Micelar 250 ml ya está disponible en Piel Dermocosmética',
  },
]

const shipped = LIST[1] as MailPreview
const SHIPPED: MailPreview = {
  ...shipped,
  para: 'ana.rosero@example.com',
  html: '<!doctype html><html lang="es"><body><p>Hola, Ana Lucía &#60;b&#62;&#38; familia&#60;/b&#62;:</p><p>Transportadora: Servientrega</p></body></html>',
  texto:
    'Tu orden N.º 1047 va en camino\n\nHola, Ana Lucía <b>& familia</b>:\n\nTransportadora: Servientrega\nNúmero de guía: 2145887301\n',
}

/** Answers the list, the shipped e-mail, and a 404 for any other key; records the keys asked for. */
function serve() {
  const asked: string[] = []
  server.use(
    http.get(apiPath('/admin/correos'), () => HttpResponse.json(LIST)),
    http.get(apiPath('/admin/correos/:clave'), ({ params }) => {
      const key = String(params.clave)
      asked.push(key)
      if (key === SHIPPED.clave) return HttpResponse.json(SHIPPED)
      return HttpResponse.json(
        { mensaje: `No hay ningún correo con la clave «${key}».`, codigo: 'no_encontrado' },
        { status: 404 },
      )
    }),
  )
  return asked
}

const renderPage = (url = '/admin/correos') => renderRoutes([{ path: '/admin/correos', Component: MailPreviews }], url)

describe('the back office’s e-mails', () => {
  test('lists the shop’s e-mails grouped as Órdenes, Pagos, Cuenta and Otros, each with its subject', async () => {
    serve()
    await renderPage()

    const list = await screen.findByRole('navigation', { name: 'Correos de la tienda' })
    const groups = within(list)
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent)
    expect(groups).toEqual(['Órdenes', 'Pagos', 'Cuenta', 'Otros'])
    const orders = within(list).getByRole('region', { name: 'Órdenes' })
    const links = within(orders).getAllByRole('link')
    expect(links.map((link) => link.textContent)).toEqual([
      'Orden recibidaRecibimos tu orden N.º 1047 - Piel Dermocosmética',
      'Orden en caminoTu orden N.º 1047 va en camino - Piel Dermocosmética',
    ])
    expect(within(list).getByRole('region', { name: 'Otros' }).textContent).toContain('Producto disponible de nuevo')
    expect(screen.getByText('Elige un correo para verlo como lo recibe el cliente.')).toBeInTheDocument()
  })

  test('opens one as its shopper receives it: subject, the HTML in a frame that runs no script, and its text version', async () => {
    const asked = serve()
    const user = userEvent.setup()
    const { router } = await renderPage()

    await user.click(await screen.findByRole('link', { name: /Orden en camino/ }))
    expect(router.state.location.search).toBe('?correo=orden-en-camino')
    const mail = await screen.findByRole('article', { name: 'Orden en camino' })
    expect(asked).toEqual(['orden-en-camino'])
    expect(within(mail).getByText('Tu orden N.º 1047 va en camino - Piel Dermocosmética')).toBeInTheDocument()
    expect(within(mail).getByText('ana.rosero@example.com')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /Orden en camino/ })).toHaveAttribute('aria-current', 'true')

    // The e-mail's HTML, sandboxed with no script allowed.
    const frame = within(mail).getByTitle('Vista del correo «Orden en camino»')
    expect(frame.tagName).toBe('IFRAME')
    expect(frame.getAttribute('srcdoc')).toBe(SHIPPED.html)
    expect(frame.getAttribute('sandbox')).not.toContain('allow-scripts')
    expect(within(mail).getByRole('tab', { name: 'Vista del correo' })).toHaveAttribute('aria-selected', 'true')

    // Its text part, as typed markup and all.
    await user.click(within(mail).getByRole('tab', { name: 'Versión de texto' }))
    expect(within(mail).getByRole('tab', { name: 'Versión de texto' })).toHaveAttribute('aria-selected', 'true')
    const text = within(mail).getByRole('tabpanel', { name: 'Versión de texto' })
    const pre = text.querySelector('pre')
    expect(pre?.textContent).toBe(SHIPPED.texto)
    expect(pre?.textContent).toContain('Hola, Ana Lucía <b>& familia</b>:')
    expect(pre?.textContent).toContain('Número de guía: 2145887301')
    expect(within(mail).queryByTitle('Vista del correo «Orden en camino»')).not.toBeInTheDocument()

    // The keyboard moves between the two versions.
    await user.keyboard('{ArrowLeft}')
    expect(within(mail).getByRole('tab', { name: 'Vista del correo' })).toHaveAttribute('aria-selected', 'true')
    expect(within(mail).getByRole('tab', { name: 'Vista del correo' })).toHaveFocus()
  })

  test('`?correo=` in the address opens that e-mail', async () => {
    serve()
    await renderPage('/admin/correos?correo=orden-en-camino')
    const mail = await screen.findByRole('article', { name: 'Orden en camino' })
    expect(within(mail).getByText('Tu orden N.º 1047 va en camino - Piel Dermocosmética')).toBeInTheDocument()
  })

  test('an unknown e-mail says so in the server’s words, with the way back to the list', async () => {
    serve()
    await renderPage('/admin/correos?correo=orden-perdida')
    const notice = await screen.findByText('No hay ningún correo con la clave «orden-perdida».')
    expect(notice.closest('[role="alert"]')).not.toBeNull()
    expect(screen.getByRole('link', { name: '← Volver a la lista' })).toHaveAttribute('href', '/admin/correos')
  })
})
