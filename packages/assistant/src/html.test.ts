import { describe, expect, it } from 'vitest'
import { escapeHtml, isShopPath, toSafeHtml } from './html'

describe('the bot text as safe HTML', () => {
  it('turns paragraphs and line breaks into <p> and <br>', () => {
    expect(toSafeHtml('Hola.\n\nPrimera línea\nSegunda línea')).toBe(
      '<p>Hola.</p><p>Primera línea<br>Segunda línea</p>',
    )
  })

  it('escapes every markup attempt: no tag, attribute or entity of the text survives as HTML', () => {
    const attacks = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '"><svg onload=alert(1)>',
      "' onmouseover='alert(1)",
      '<a href="javascript:alert(1)">clic</a>',
      '&lt;script&gt;',
      // A template literal's placeholder, as plain text.
      ['`', '$', '{alert(1)}', '`'].join(''),
    ]
    for (const attack of attacks) {
      const html = toSafeHtml(`Tu mensaje: ${attack}`)
      expect(html).not.toMatch(/<(?!\/?p>|br>)/)
      expect(html).not.toMatch(/["'`]/)
      expect(html).toContain(escapeHtml(attack))
    }
  })

  it('links only to the shop’s own pages', () => {
    const html = toSafeHtml('Mira tus pedidos.', [
      { texto: 'Mis órdenes', ruta: '/order' },
      { texto: 'fuera', ruta: 'https://malo.example/x' },
      { texto: 'protocolo', ruta: '//malo.example' },
      { texto: 'js', ruta: 'javascript:alert(1)' },
      { texto: '<b>x</b>', ruta: '/contacts' },
    ])
    expect(html).toBe(
      '<p>Mira tus pedidos.</p><p><a href="/order">Mis órdenes</a> · <a href="/contacts">&lt;b&gt;x&lt;/b&gt;</a></p>',
    )
    expect(isShopPath('/detailProducts/1,2')).toBe(true)
    expect(isShopPath('/a b')).toBe(false)
  })
})
