import { describe, expect, test } from 'vitest'
import { documentNumberProblem, normalizeColombianMobile } from './accounts'

describe('normalizeColombianMobile: 10 digits starting with 3', () => {
  test.each([
    ['3211234567', '3211234567'],
    ['+57 321 123 4567', '3211234567'],
    ['+573211234567', '3211234567'],
    ['57 321 123 4567', '3211234567'],
    ['321-123-4567', '3211234567'],
    ['(321) 123 4567', '3211234567'],
    ['321.123.45.67', '3211234567'],
    ['+57 (321) 123-45-67', '3211234567'],
  ])('%s → %s', (typed, mobile) => {
    expect(normalizeColombianMobile(typed)).toBe(mobile)
  })

  test.each([
    ['a landline (starts with 6)', '6011234567'],
    ['a landline with the country code', '+57 601 123 4567'],
    ['9 digits', '321123456'],
    ['11 digits', '32112345678'],
    ['the international prefix 00', '0057 321 123 4567'],
    ['another country code', '+1 321 123 4567'],
    ['the country code twice', '57 57 321 123 4567'],
    ['letters', '321abc4567'],
    ['the empty text', ''],
  ])('refuses %s', (_, typed) => {
    expect(normalizeColombianMobile(typed)).toBeNull()
  })
})

describe('documentNumberProblem: a document number as its kind writes it (issue 35)', () => {
  test.each([
    ['CC', '1085123456'],
    ['CE', '123456789012'],
    ['TI', '12345678901'],
    ['NIT', '9001234567'],
    ['NIT', '900123456-7'],
    ['PPT', 'a1B2c3'],
    [undefined, 'E-12345'],
  ])('%s %s is right', (type, number) => {
    expect(documentNumberProblem(type, number)).toBeUndefined()
  })

  test('a missing number is the field’s own «Requerido», not a wrong form', () => {
    expect(documentNumberProblem('CC', '')).toBeUndefined()
    expect(documentNumberProblem('CC', null)).toBeUndefined()
  })

  test('the kind is read in any letter case; an unknown kind holds the number to letters, digits and hyphens', () => {
    expect(documentNumberProblem('cc', '12ab')).toBe('La cédula solo lleva números (sin puntos ni letras)')
    expect(documentNumberProblem('XX', '12ab')).toBeUndefined()
    expect(documentNumberProblem('XX', '12.3')).toBe('Número de documento inválido')
  })
})
