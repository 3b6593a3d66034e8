import './zod-setup'
import { describe, expect, test } from 'vitest'
import {
  AdminCatalogInputSchema,
  AdminSubcategoryCreateSchema,
  AdminSubcategoryUpdateSchema,
  CatalogColorSchema,
} from './admin-catalogs'
import { campos } from './testing/campos'

describe('CatalogColorSchema: a tile’s background as #RRGGBB', () => {
  test.each([
    ['#FDE8E4', '#FDE8E4'],
    [' #fde8e4 ', '#FDE8E4'],
    ['#00aBcD', '#00ABCD'],
  ])('«%s» → %s', (typed, color) => {
    expect(CatalogColorSchema.parse(typed)).toBe(color)
  })

  test.each([
    ['without #', 'FDE8E4'],
    ['the short form', '#FFF'],
    ['with alpha', '#FDE8E4FF'],
    ['with a letter past F', '#FDE8G4'],
    ['a colour name', 'rosa'],
  ])('refuses a colour %s', (_, typed) => {
    expect(campos(CatalogColorSchema, typed)).toEqual({
      '': 'El color debe tener la forma #RRGGBB, por ejemplo #FDE8E4',
    })
  })

  test('a missing colour is required', () => {
    expect(campos(CatalogColorSchema, undefined)).toEqual({ '': 'El color es obligatorio' })
  })
})

describe('AdminCatalogInputSchema', () => {
  test('a catalogue’s name is trimmed, its colour upper-cased', () => {
    expect(AdminCatalogInputSchema.parse({ nombre: ' Solares ', colorFondo: '#fde8e4', icono: 'sun' })).toEqual({
      nombre: 'Solares',
      colorFondo: '#FDE8E4',
      icono: 'sun',
    })
  })

  test('names a missing name, a bad colour and an unknown icon', () => {
    expect(campos(AdminCatalogInputSchema, { nombre: '  ', colorFondo: 'rosa', icono: 'star' })).toEqual({
      nombre: 'El nombre del catálogo es obligatorio',
      colorFondo: 'El color debe tener la forma #RRGGBB, por ejemplo #FDE8E4',
      icono: 'El icono debe ser uno de: sun, droplet, sparkles, face, eye, leaf, shield, baby, body, flask',
    })
  })

  test('a name of 60 characters is the longest', () => {
    const input = { colorFondo: '#FFFFFF', icono: 'leaf' }
    expect(AdminCatalogInputSchema.parse({ ...input, nombre: 'a'.repeat(60) }).nombre).toHaveLength(60)
    expect(campos(AdminCatalogInputSchema, { ...input, nombre: 'a'.repeat(61) })).toEqual({
      nombre: 'El nombre del catálogo: escribe máximo 60 caracteres',
    })
  })
})

describe('AdminSubcategoryCreateSchema', () => {
  test('needs a name', () => {
    expect(AdminSubcategoryCreateSchema.parse({ nombre: ' Protector facial ' })).toEqual({
      nombre: 'Protector facial',
    })
    expect(campos(AdminSubcategoryCreateSchema, {})).toEqual({
      nombre: 'El nombre de la subcategoría es obligatorio',
    })
    expect(campos(AdminSubcategoryCreateSchema, { nombre: 'a'.repeat(61) })).toEqual({
      nombre: 'El nombre de la subcategoría: escribe máximo 60 caracteres',
    })
  })
})

describe('AdminSubcategoryUpdateSchema: a new name, another catalogue, or both', () => {
  test.each([
    ['a new name', { nombre: 'Geles' }],
    ['another catalogue', { idCatalogo: 4 }],
    ['both', { nombre: 'Geles', idCatalogo: 4 }],
  ])('accepts %s', (_, change) => {
    expect(AdminSubcategoryUpdateSchema.parse(change)).toEqual(change)
  })

  test('a change with neither is refused on the name', () => {
    expect(campos(AdminSubcategoryUpdateSchema, {})).toEqual({
      nombre: 'Indica el nuevo nombre o el catálogo al que pasa',
    })
  })

  test.each([
    ['as text', '4', 'idCatalogo debe ser un número'],
    ['of 0', 0, 'idCatalogo debe ser un número positivo'],
    ['fractional', 4.5, 'idCatalogo debe ser un número entero'],
    ['past the database’s integers', 2_147_483_648, 'idCatalogo es demasiado grande'],
  ])('refuses a catalogue id %s', (_, idCatalogo, message) => {
    expect(campos(AdminSubcategoryUpdateSchema, { idCatalogo })).toEqual({ idCatalogo: message })
  })
})
