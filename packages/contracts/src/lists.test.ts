import './zod-setup'
import { describe, expect, test } from 'vitest'
import { IdParamsSchema, PageQuerySchema } from './lists'
import { campos } from './testing/campos'

describe('PageQuerySchema: query-string pages', () => {
  const Page = PageQuerySchema(12)

  test('the first page, of the list’s own size, by default', () => {
    expect(Page.parse({})).toEqual({ pagina: 1, tamanio: 12 })
  })

  test('reads the numbers of the query string', () => {
    expect(Page.parse({ pagina: '3', tamanio: '24' })).toEqual({ pagina: 3, tamanio: 24 })
  })

  test.each([
    ['100', 100],
    ['101', 100],
    ['5000', 100],
  ])('a page size of %s is capped at %i, not refused', (tamanio, size) => {
    expect(Page.parse({ tamanio }).tamanio).toBe(size)
  })

  test.each([
    ['a word', 'doce', 'pagina debe ser un número entero'],
    ['a fraction', '1.5', 'pagina debe ser un número entero'],
    ['zero', '0', 'pagina debe ser mayor que 0'],
    ['a negative number', '-1', 'pagina debe ser mayor que 0'],
    ['a number past the database’s integers', '2147483648', 'pagina es demasiado grande'],
  ])('refuses a page that is %s', (_, pagina, message) => {
    expect(campos(Page, { pagina })).toEqual({ pagina: message })
  })

  test('a size of 0 is refused', () => {
    expect(campos(Page, { tamanio: '0' })).toEqual({ tamanio: 'tamanio debe ser mayor que 0' })
  })
})

describe('IdParamsSchema: the `{id}` of the back office’s calls', () => {
  test('reads the path’s text as a number', () => {
    expect(IdParamsSchema.parse({ id: '15' })).toEqual({ id: 15 })
  })

  test.each([
    ['abc', 'id debe ser un número'],
    ['1.5', 'id debe ser un número entero'],
    ['0', 'id debe ser un número positivo'],
    ['2147483648', 'id es demasiado grande'],
  ])('refuses «%s»: %s', (id, message) => {
    expect(campos(IdParamsSchema, { id })).toEqual({ id: message })
  })
})
