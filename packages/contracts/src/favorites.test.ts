import './zod-setup'
import { describe, expect, test } from 'vitest'
import { FavoriteListQuerySchema, FavoriteQuerySchema } from './favorites'
import { campos } from './testing/campos'

describe('FavoriteQuerySchema: a product to add or remove', () => {
  test('reads the ids of the query string; the person is optional', () => {
    expect(FavoriteQuerySchema.parse({ IdProducto: '12' })).toEqual({ IdProducto: 12 })
    expect(FavoriteQuerySchema.parse({ IdProducto: '12', IdPersona: '3' })).toEqual({ IdProducto: 12, IdPersona: 3 })
  })

  test.each([
    ['missing', {}, { IdProducto: 'IdProducto debe ser un número' }],
    ['a word', { IdProducto: 'crema' }, { IdProducto: 'IdProducto debe ser un número' }],
    ['past the database’s integers', { IdProducto: '2147483648' }, { IdProducto: 'IdProducto es demasiado grande' }],
  ])('refuses a product id %s', (_, query, fields) => {
    expect(campos(FavoriteQuerySchema, query)).toEqual(fields)
  })

  test('refuses a person id past the database’s integers', () => {
    expect(campos(FavoriteQuerySchema, { IdProducto: '1', IdPersona: '2147483648' })).toEqual({
      IdPersona: 'IdPersona es demasiado grande',
    })
  })
})

describe('FavoriteListQuerySchema', () => {
  test('the person may be left out (the session’s is used)', () => {
    expect(FavoriteListQuerySchema.parse({})).toEqual({})
  })

  test('refuses a person id that is not a number', () => {
    expect(campos(FavoriteListQuerySchema, { IdPersona: 'ana' })).toEqual({ IdPersona: 'IdPersona debe ser un número' })
  })
})
