import './zod-setup'
import { describe, expect, test } from 'vitest'
import { AddressIdQuerySchema, AddressListQuerySchema, AddressSaveSchema, CityQuerySchema } from './addresses'
import { campos } from './testing/campos'

const address = {
  Nomenclatura: ' Calle 18 # 25-40 ',
  NombreRecibe: 'Ana Pérez',
  Telefono: '+57 321 123 4567',
  ciudad: '52001',
  departamento: '52',
}

describe('AddressSaveSchema (spec 000 §3)', () => {
  test('a complete address is trimmed, its phone reduced to 10 digits, and it is not the main one by default', () => {
    expect(AddressSaveSchema.parse(address)).toEqual({
      ...address,
      Nomenclatura: 'Calle 18 # 25-40',
      Telefono: '3211234567',
      esPrincipal: 'No',
    })
  })

  test('every missing field answers «Campo requerido»', () => {
    expect(campos(AddressSaveSchema, {})).toEqual({
      Nomenclatura: 'Campo requerido',
      NombreRecibe: 'Campo requerido',
      Telefono: 'Campo requerido',
      ciudad: 'Campo requerido',
      departamento: 'Campo requerido',
    })
  })

  test.each([
    ['a municipality of 4 digits', { ciudad: '5201' }, { ciudad: 'Municipio inválido' }],
    ['a municipality with letters', { ciudad: 'Pasto' }, { ciudad: 'Municipio inválido' }],
    ['a department of 1 digit', { departamento: '5' }, { departamento: 'Departamento inválido' }],
    [
      'a landline',
      { Telefono: '602 731 0000' },
      { Telefono: 'Número de celular inválido (10 dígitos que empiezan por 3)' },
    ],
    ['a street of 151 characters', { Nomenclatura: 'a'.repeat(151) }, { Nomenclatura: 'Máximo 150 caracteres' }],
    ['a reference of 201 characters', { Referencia: 'a'.repeat(201) }, { Referencia: 'Máximo 200 caracteres' }],
    ['a name of 121 characters', { NombreRecibe: 'a'.repeat(121) }, { NombreRecibe: 'Máximo 120 caracteres' }],
  ])('refuses %s', (_, change, fields) => {
    expect(campos(AddressSaveSchema, { ...address, ...change })).toEqual(fields)
  })

  test('the map point is optional and must be on the globe', () => {
    expect(AddressSaveSchema.parse({ ...address, latitud: '1.2136', longitud: '-77.2811' })).toMatchObject({
      latitud: 1.2136,
      longitud: -77.2811,
    })
    expect(AddressSaveSchema.parse({ ...address, latitud: null, longitud: null })).toMatchObject({
      latitud: null,
      longitud: null,
    })
    expect(Object.keys(campos(AddressSaveSchema, { ...address, latitud: 91, longitud: -181 }))).toEqual([
      'latitud',
      'longitud',
    ])
  })

  test.each([
    ['CC', '1085123456'],
    ['cc', '123'],
    ['CE', '1234567'],
    ['TI', '1004567890'],
    ['TI', '123456'],
    ['NIT', '900123456-7'],
    ['NIT', '900123456'],
    ['PA', 'AB123456'],
    ['PP', 'ab1234'],
    ['PEP', '123456789012345'],
    ['PPT', '5678901'],
  ])('takes a receiver’s %s numbered %s', (tipoIdRecibe, numDocRecibe) => {
    expect(AddressSaveSchema.parse({ ...address, tipoIdRecibe, numDocRecibe })).toMatchObject({
      tipoIdRecibe,
      numDocRecibe,
    })
  })

  test.each([
    ['CC', '12ab', 'La cédula solo lleva números (sin puntos ni letras)'],
    ['CC', '1.085.123.456', 'La cédula solo lleva números (sin puntos ni letras)'],
    ['CC', '10851234567', 'La cédula lleva de 3 a 10 números'],
    ['CE', 'E12345', 'La cédula de extranjería solo lleva números (sin puntos ni letras)'],
    ['CE', '12', 'La cédula de extranjería lleva de 3 a 12 números'],
    ['TI', '12345a', 'La tarjeta de identidad solo lleva números (sin puntos ni letras)'],
    ['TI', '12345', 'La tarjeta de identidad lleva de 6 a 11 números'],
    ['TI', '123456789012', 'La tarjeta de identidad lleva de 6 a 11 números'],
    [
      'NIT',
      '900.123.456-7',
      'El NIT solo lleva números, y si quieres el dígito de verificación tras un guion (sin puntos ni letras), por ejemplo 900123456-7',
    ],
    [
      'NIT',
      '900123456-78',
      'El NIT solo lleva números, y si quieres el dígito de verificación tras un guion (sin puntos ni letras), por ejemplo 900123456-7',
    ],
    ['NIT', '12-3', 'El NIT lleva de 3 a 10 números antes del dígito de verificación'],
    ['PA', 'AB 123456', 'El pasaporte solo lleva letras y números (sin espacios ni símbolos)'],
    ['PA', 'AB1', 'El pasaporte lleva de 4 a 20 letras y números'],
    ['PEP', 'PEP-1234', 'El PEP solo lleva letras y números (sin espacios ni símbolos)'],
    ['PPT', '1234567890123456789012', 'Máximo 20 caracteres'],
    ['PPT', '123', 'El PPT lleva de 4 a 20 letras y números'],
    ['', '12#4', 'Número de documento inválido'],
  ])('refuses a receiver’s %s numbered %s', (tipoIdRecibe, numDocRecibe, message) => {
    expect(campos(AddressSaveSchema, { ...address, tipoIdRecibe, numDocRecibe })).toEqual({ numDocRecibe: message })
  })

  test('a receiver’s document is checked beside the other fields’ errors, on the same submit', () => {
    expect(
      campos(AddressSaveSchema, { ...address, Nomenclatura: '', tipoIdRecibe: 'CC', numDocRecibe: '12ab' }),
    ).toEqual({
      Nomenclatura: 'Campo requerido',
      numDocRecibe: 'La cédula solo lleva números (sin puntos ni letras)',
    })
  })

  test('the person’s id must fit the database', () => {
    expect(campos(AddressSaveSchema, { ...address, idPersona: 2_147_483_648 })).toEqual({
      idPersona: 'idPersona es demasiado grande',
    })
  })
})

describe('CityQuerySchema: a department code of DIVIPOLA', () => {
  test.each([
    ['52', '52'],
    ['5', '05'],
    [' 8 ', '08'],
  ])('«%s» → %s', (dept, code) => {
    expect(CityQuerySchema.parse({ dept })).toEqual({ dept: code, conEnvio: false })
  })

  test('conEnvio=true keeps only the municipalities delivered to; anything but true or false is refused', () => {
    expect(CityQuerySchema.parse({ dept: '52', conEnvio: 'true' })).toEqual({ dept: '52', conEnvio: true })
    expect(campos(CityQuerySchema, { dept: '52', conEnvio: 'si' })).toEqual({
      conEnvio: 'conEnvio debe ser true o false',
    })
  })

  test.each([
    ['three digits', '123'],
    ['letters', 'AN'],
    ['empty', ''],
  ])('refuses %s', (_, dept) => {
    expect(campos(CityQuerySchema, { dept })).toEqual({
      dept: 'Código de departamento inválido (2 dígitos, por ejemplo 52)',
    })
  })

  test('a missing code answers «dept es requerido»', () => {
    expect(campos(CityQuerySchema, {})).toEqual({ dept: 'dept es requerido' })
  })
})

describe('AddressListQuerySchema and AddressIdQuerySchema', () => {
  test('the person’s id may be left out of the list query, not the address’s id of a deletion', () => {
    expect(AddressListQuerySchema.parse({})).toEqual({})
    expect(AddressListQuerySchema.parse({ id: '12' })).toEqual({ id: 12 })
    expect(AddressIdQuerySchema.parse({ id: '7' })).toEqual({ id: 7 })
    expect(campos(AddressIdQuerySchema, {})).toEqual({ id: 'id debe ser un número' })
  })

  test.each([
    ['a word', 'siete', 'id debe ser un número'],
    ['a number past the database’s integers', '2147483648', 'id es demasiado grande'],
  ])('refuses %s', (_, id, message) => {
    expect(campos(AddressIdQuerySchema, { id })).toEqual({ id: message })
    expect(campos(AddressListQuerySchema, { id })).toEqual({ id: message })
  })

  test('zero and negative ids are refused', () => {
    expect(Object.keys(campos(AddressIdQuerySchema, { id: '0' }))).toEqual(['id'])
    expect(Object.keys(campos(AddressIdQuerySchema, { id: '-3' }))).toEqual(['id'])
  })
})
