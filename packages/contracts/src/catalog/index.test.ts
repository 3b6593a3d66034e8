import '../zod-setup'
import { describe, expect, test } from 'vitest'
import { campos } from '../testing/campos'
import {
  CatalogProductsQuerySchema,
  ChosenOptionSchema,
  FilterQuerySchema,
  FilterSetSchema,
  FilterStoreQuerySchema,
  IdQuerySchema,
  KeywordQuerySchema,
  ProductByNameQuerySchema,
  ProductReviewQuerySchema,
  SortSchema,
  StoreProductsQuerySchema,
  StoreQuerySchema,
} from '.'

describe('the catalogue’s paged queries', () => {
  test('each list has its own default size and store', () => {
    expect(FilterQuerySchema.parse({})).toEqual({ pagina: 1, tamanio: 12 })
    expect(StoreProductsQuerySchema.parse({})).toEqual({ IdTienda: 10018, pagina: 1, tamanio: 10 })
    expect(FilterStoreQuerySchema.parse({})).toEqual({ idTienda: 10018, pagina: 1, tamanio: 12 })
    expect(StoreQuerySchema.parse({ IdTienda: '7' })).toEqual({ IdTienda: 7 })
  })
})

describe('the query ids of the catalogue calls', () => {
  test.each([
    ['id', IdQuerySchema],
    ['IdProducto', ProductReviewQuerySchema],
  ])('a missing %s is named', (name, schema) => {
    expect(campos(schema, {})).toEqual({ [name]: `${name} debe ser un número entero` })
  })

  test('a catalogue’s products may be narrowed to a subcategory', () => {
    expect(CatalogProductsQuerySchema.parse({ id: '4', idSubcategoria: '9' })).toEqual({
      id: 4,
      idSubcategoria: 9,
      pagina: 1,
      tamanio: 12,
    })
    expect(campos(CatalogProductsQuerySchema, { id: '4', idSubcategoria: '-9' })).toEqual({
      idSubcategoria: 'idSubcategoria debe ser mayor que 0',
    })
  })
})

describe('KeywordQuerySchema and ProductByNameQuerySchema: searches', () => {
  test('a keyword is trimmed and searched in the default store', () => {
    expect(KeywordQuerySchema.parse({ keyWord: ' protector ' })).toEqual({ keyWord: 'protector', idTinda: 10018 })
  })

  test.each([
    ['a keyword of spaces', KeywordQuerySchema, { keyWord: '  ' }, { keyWord: 'keyWord es requerido' }],
    [
      'a keyword of 201 characters',
      KeywordQuerySchema,
      { keyWord: 'a'.repeat(201) },
      { keyWord: 'keyWord es demasiado largo' },
    ],
    ['an empty name', ProductByNameQuerySchema, { nombre: '' }, { nombre: 'nombre es requerido' }],
    [
      'a name of 301 characters',
      ProductByNameQuerySchema,
      { nombre: 'a'.repeat(301) },
      { nombre: 'nombre es demasiado largo' },
    ],
  ])('refuses %s', (_, schema, query, fields) => {
    expect(campos(schema, query)).toEqual(fields)
  })
})

describe('SortSchema', () => {
  test('takes DEFAULT, ASC or DESC only', () => {
    expect(SortSchema.parse('ASC')).toBe('ASC')
    expect(campos(SortSchema, 'asc')).toEqual({ '': 'sort debe ser DEFAULT, ASC o DESC' })
  })
})

describe('ChosenOptionSchema: a filter option', () => {
  test('is a value alone or a characteristic with its value, trimmed', () => {
    expect(ChosenOptionSchema.parse(' Seca ')).toBe('Seca')
    expect(ChosenOptionSchema.parse({ caracteristica: 'Tipo de piel', valor: ' Seca' })).toEqual({
      caracteristica: 'Tipo de piel',
      valor: 'Seca',
    })
  })

  test('refuses an empty value', () => {
    expect(ChosenOptionSchema.safeParse('  ').success).toBe(false)
    expect(ChosenOptionSchema.safeParse({ caracteristica: 'Tipo de piel', valor: '' }).success).toBe(false)
  })
})

describe('FilterSetSchema (spec 000 §3)', () => {
  test('an empty filter chooses nothing and sorts by default', () => {
    expect(FilterSetSchema.parse({})).toEqual({ opciones: [], categorias: [], subcategorias: [], sort: 'DEFAULT' })
  })

  test.each([
    ['a range', { min: 10000, max: 50000 }],
    ['a range of one price', { min: 45900, max: 45900 }],
    ['only a minimum', { min: 10000 }],
    ['only a maximum', { max: 10000, min: null }],
    ['discounted products only', { discount: true }],
    ['a least discount of 20 %', { discount: 20 }],
  ])('accepts %s', (_, filter) => {
    expect(FilterSetSchema.safeParse(filter).success).toBe(true)
  })

  test('the lowest price may not be above the highest', () => {
    expect(campos(FilterSetSchema, { min: 50000, max: 10000 })).toEqual({
      min: 'El precio mínimo no puede ser mayor que el precio máximo.',
    })
  })

  test.each([
    ['a negative minimum', { min: -1 }, { min: 'min debe ser mayor o igual a 0' }],
    ['a maximum above a billion', { max: 1_000_000_001 }, { max: 'max es demasiado grande' }],
    ['a price as text', { max: '10000' }, { max: 'max debe ser un número' }],
    ['an unknown sort', { sort: 'PRECIO' }, { sort: 'sort debe ser DEFAULT, ASC o DESC' }],
    ['a store past the database’s integers', { IdTienda: 2_147_483_648 }, { IdTienda: 'IdTienda es demasiado grande' }],
    [
      'a catalogue past the database’s integers',
      { categorias: [2_147_483_648] },
      { 'categorias.0': 'categorias es demasiado grande' },
    ],
  ])('refuses %s', (_, filter, fields) => {
    expect(campos(FilterSetSchema, filter)).toEqual(fields)
  })

  test('a discount above 100 % is refused', () => {
    expect(Object.keys(campos(FilterSetSchema, { discount: 101 }))).toEqual(['discount'])
  })
})
