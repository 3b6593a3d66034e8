import './zod-setup'
import { describe, expect, test } from 'vitest'
import { CarouselSlideFormFieldsSchema, CarouselSlideInputSchema, ShopPathSchema } from './carousel'
import { campos } from './testing/campos'

describe('ShopPathSchema: a slide leads only inside the shop', () => {
  test.each([
    ['/', '/'],
    ['/chatbot', '/chatbot'],
    ['  /storeProducts/1?q=hidratante  ', '/storeProducts/1?q=hidratante'],
    ['/producto/gel#opiniones', '/producto/gel#opiniones'],
  ])('accepts «%s»', (typed, path) => {
    expect(ShopPathSchema.parse(typed)).toBe(path)
  })

  test.each([
    ['another site', 'https://otra-tienda.co'],
    ['a protocol-relative address', '//otra-tienda.co/oferta'],
    ['a backslash the browser reads as another site', '/\\otra-tienda.co'],
    ['a javascript: address', 'javascript:alert(1)'],
    ['a relative path', 'chatbot'],
    ['a space inside', '/mis compras'],
  ])('refuses %s', (_, typed) => {
    expect(campos(ShopPathSchema, typed)).toEqual({
      '': 'El enlace debe ser una ruta de la tienda que empiece por /, por ejemplo /chatbot',
    })
  })

  test.each([
    ['missing', undefined, 'El enlace es obligatorio'],
    ['only spaces', '   ', 'El enlace es obligatorio'],
    ['not a text', 5, 'El enlace debe ser un texto'],
    ['of 301 characters', `/${'a'.repeat(300)}`, 'El enlace: escribe máximo 300 caracteres'],
  ])('refuses a link %s', (_, typed, message) => {
    expect(campos(ShopPathSchema, typed)).toEqual({ '': message })
  })
})

describe('CarouselSlideInputSchema: a slide’s copy, link and visibility', () => {
  test('the optional texts default to empty and a slide shows by default', () => {
    expect(CarouselSlideInputSchema.parse({ titulo: ' Verano ', boton: 'Ver más', enlace: '/chatbot' })).toEqual({
      antetitulo: '',
      titulo: 'Verano',
      texto: '',
      boton: 'Ver más',
      enlace: '/chatbot',
      activa: true,
    })
  })

  test('names each missing required field', () => {
    expect(campos(CarouselSlideInputSchema, {})).toEqual({
      titulo: 'El título es obligatorio',
      boton: 'El texto del botón es obligatorio',
      enlace: 'El enlace es obligatorio',
    })
  })

  test.each([
    [
      'a pre-title of 41 characters',
      { antetitulo: 'a'.repeat(41) },
      { antetitulo: 'El antetítulo: escribe máximo 40 caracteres' },
    ],
    ['a title of 81 characters', { titulo: 'a'.repeat(81) }, { titulo: 'El título: escribe máximo 80 caracteres' }],
    ['a text of 201 characters', { texto: 'a'.repeat(201) }, { texto: 'El texto: escribe máximo 200 caracteres' }],
    [
      'a button of 31 characters',
      { boton: 'a'.repeat(31) },
      { boton: 'El texto del botón: escribe máximo 30 caracteres' },
    ],
    ['a title that is a number', { titulo: 7 }, { titulo: 'El título debe ser un texto' }],
    ['a title of spaces', { titulo: '  ' }, { titulo: 'El título es obligatorio' }],
    ['a visibility as text', { activa: 'si' }, { activa: 'activa debe ser true o false' }],
  ])('refuses %s', (_, change, fields) => {
    expect(campos(CarouselSlideInputSchema, { titulo: 'Verano', boton: 'Ver', enlace: '/', ...change })).toEqual(fields)
  })
})

describe('CarouselSlideFormFieldsSchema: the same fields in a multipart form', () => {
  test.each([
    ['true', true],
    ['false', false],
  ])('activa «%s» → %s', (activa, shown) => {
    expect(CarouselSlideFormFieldsSchema.parse({ titulo: 'T', boton: 'B', enlace: '/', activa }).activa).toBe(shown)
  })

  test('a slide shows when the form leaves activa out', () => {
    expect(CarouselSlideFormFieldsSchema.parse({ titulo: 'T', boton: 'B', enlace: '/' }).activa).toBe(true)
  })

  test('refuses any other text', () => {
    expect(campos(CarouselSlideFormFieldsSchema, { titulo: 'T', boton: 'B', enlace: '/', activa: 'si' })).toEqual({
      activa: 'activa debe ser true o false',
    })
  })
})
