import { describe, expect, test } from 'vitest'
import { findUncleanText, isCleanText, UNCLEAN_TEXT_MESSAGE } from './text'

describe('isCleanText: the one rule for incoming text', () => {
  test.each([
    ['plain Spanish', 'Crema hidratante para piel seca, ¿cuál me recomiendas?'],
    ['accents and ñ', 'Protección solar para niños'],
    ['an emoji (a surrogate pair)', 'Me encantó 😀'],
    ['a tab', 'a\tb'],
    ['a line feed', 'línea 1\nlínea 2'],
    ['a carriage return and line feed', 'línea 1\r\nlínea 2'],
    ['the empty text', ''],
  ])('accepts %s', (_, text) => {
    expect(isCleanText(text)).toBe(true)
  })

  test.each([
    ['NUL, which PostgreSQL text refuses', 'a\u0000b'],
    ['the bell control character', 'hola\u0007'],
    ['the escape character', '\u001b[31mrojo'],
    ['the unit separator (31, the last C0 control)', 'a\u001fb'],
    ['DEL (127)', 'a\u007fb'],
    ['a lone high surrogate (half an emoji)', 'Me encantó \uD83D'],
    ['a lone low surrogate', '\uDE00 fin'],
    ['a surrogate pair in the wrong order', '\uDE00\uD83D'],
  ])('refuses %s', (_, text) => {
    expect(isCleanText(text)).toBe(false)
  })

  test('the refusal reads in Spanish', () => {
    expect(UNCLEAN_TEXT_MESSAGE).toBe('Tiene caracteres no válidos.')
  })
})

describe('findUncleanText: where a request body breaks the rule', () => {
  test('a clean body has no unclean place', () => {
    const body = { nombre: 'Ana', productos: [{ idProducto: 3, nota: 'sin perfume\n' }], activo: true, extra: null }
    expect(findUncleanText(body)).toBeNull()
  })

  test('a nested field is named by its dotted path, array indexes included', () => {
    const body = { productos: [{ nombre: 'Crema' }, { nombre: 'Gel\u0000' }] }
    expect(findUncleanText(body)).toBe('productos.1.nombre')
  })

  test('a key is checked as well as its value', () => {
    expect(findUncleanText({ ok: 'sí', 'mal\u0001': 'valor limpio' })).toBe('mal\u0001')
  })

  test('an unclean text given alone is the value itself: the empty path', () => {
    expect(findUncleanText('a\u0000')).toBe('')
  })

  test('the path starts from the one given', () => {
    expect(findUncleanText({ a: { b: ['x', '\uD800'] } }, 'body')).toBe('body.a.b.1')
  })

  test.each([
    ['a number', 5],
    ['a boolean', false],
    ['null', null],
    ['undefined', undefined],
    ['a clean text', 'hola'],
  ])('%s has no unclean place', (_, value) => {
    expect(findUncleanText(value)).toBeNull()
  })

  test('a body nested 100,000 levels deep is searched without overflowing the stack', () => {
    let body: unknown = 'fondo\u0000'
    for (let i = 0; i < 100_000; i++) body = { a: body }
    expect(findUncleanText(body)).toBe(Array(100_000).fill('a').join('.'))
  })
})
