import './zod-setup'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import {
  AuditQuerySchema,
  BirthDateSchema,
  CorporateAuthorizationSchema,
  CorporateClientQuerySchema,
  DocumentTypeCodeSchema,
  EmailSchema,
  GenderIdSchema,
  LoginSchema,
  MobileSchema,
  mobileSchema,
  NewPasswordSchema,
  PasswordSchema,
  RecoveryPasswordSchema,
  RegisterSchema,
  UpdatePasswordSchema,
  UpdatePersonSchema,
} from './accounts'
import { campos } from './testing/campos'

describe('EmailSchema', () => {
  test('trims and lower-cases the address', () => {
    expect(EmailSchema.parse('  Ana.Perez@Correo.COM ')).toBe('ana.perez@correo.com')
  })

  test.each([
    ['empty', '', 'Requerido'],
    ['only spaces', '   ', 'Requerido'],
    ['missing', undefined, 'Requerido'],
    ['without a domain', 'ana@', 'Correo inválido'],
    ['without an at sign', 'ana.correo.co', 'Correo inválido'],
    ['with a space inside', 'ana perez@correo.co', 'Correo inválido'],
    ['longer than 200 characters', `${'a'.repeat(195)}@correo.co`, 'Máximo 200 caracteres'],
  ])('refuses an address %s: «%s»', (_, email, message) => {
    expect(campos(EmailSchema, email)).toEqual({ '': message })
  })

  test('recovery and the corporate authorisation read the e-mail the same way', () => {
    expect(RecoveryPasswordSchema.parse({ email: ' ANA@correo.co' })).toEqual({ email: 'ana@correo.co' })
    expect(CorporateAuthorizationSchema.parse({ email: 'Compras@Empresa.CO' })).toEqual({ email: 'compras@empresa.co' })
    expect(campos(RecoveryPasswordSchema, { email: 'x' })).toEqual({ email: 'Correo inválido' })
  })
})

describe('PasswordSchema: at least 8 letters and digits, with a digit and an upper-case letter', () => {
  test.each(['Clave2024', 'ABCDEFG1', 'Ñandú2024', `A1${'b'.repeat(126)}`])('accepts %s', (password) => {
    expect(PasswordSchema.parse(password)).toBe(password)
  })

  test.each([
    ['empty', '', 'Requerido'],
    ['7 characters', 'Clave12', 'Mínimo 8 caracteres'],
    ['without a digit', 'ClaveSegura', 'Debe contener mínimo un número y una letra mayúscula'],
    ['without an upper-case letter', 'clave2024', 'Debe contener mínimo un número y una letra mayúscula'],
    ['with a symbol', 'Clave2024!', 'Debe contener mínimo un número y una letra mayúscula'],
    ['with a space', 'Clave 2024', 'Debe contener mínimo un número y una letra mayúscula'],
    ['of 129 characters', `A1${'b'.repeat(127)}`, 'Máximo 128 caracteres'],
  ])('refuses a password %s', (_, password, message) => {
    expect(campos(PasswordSchema, password)).toEqual({ '': message })
  })

  test('a new password answers with the spec’s own texts (without accents)', () => {
    expect(campos(NewPasswordSchema, 'Clave12')).toEqual({ '': 'Minimo 8 caracteres' })
    expect(campos(NewPasswordSchema, 'clave2024')).toEqual({
      '': 'Debe contener minimo un número y una letra Mayúscula',
    })
    expect(campos(NewPasswordSchema, '')).toEqual({ '': 'Requerido' })
    expect(NewPasswordSchema.parse('Nueva2025')).toBe('Nueva2025')
  })
})

describe('MobileSchema: a Colombian mobile, stored as its 10 digits', () => {
  test.each([
    ['+57 321 123 4567', '3211234567'],
    [' (321) 123-4567 ', '3211234567'],
    ['3001234567', '3001234567'],
  ])('%s → %s', (typed, stored) => {
    expect(MobileSchema.parse(typed)).toBe(stored)
  })

  test.each([
    ['empty', '', 'Requerido'],
    ['missing', undefined, 'Requerido'],
    ['a landline', '601 123 4567', 'Número de celular inválido (10 dígitos que empiezan por 3)'],
    ['9 digits', '321123456', 'Número de celular inválido (10 dígitos que empiezan por 3)'],
  ])('refuses a mobile %s', (_, typed, message) => {
    expect(campos(MobileSchema, typed)).toEqual({ '': message })
  })

  test('a form may name the missing mobile its own way', () => {
    expect(campos(mobileSchema('Campo requerido'), '')).toEqual({ '': 'Campo requerido' })
    expect(campos(mobileSchema('Campo requerido'), '123')).toEqual({
      '': 'Número de celular inválido (10 dígitos que empiezan por 3)',
    })
  })
})

describe('BirthDateSchema: a date that is not in the future', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-03-10T12:00:00Z') })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  test.each([
    ['1990-07-15', '1990-07-15'],
    ['1900-01-01', '1900-01-01'],
    ['2026-03-10', '2026-03-10'],
    ['2000-02-29', '2000-02-29'],
    [' 1985-12-01T00:00:00.000Z ', '1985-12-01'],
    ['2000-05-10T23:00:00-05:00', '2000-05-10'],
  ])('%s → %s', (typed, date) => {
    expect(BirthDateSchema.parse(typed)).toBe(date)
  })

  test.each([
    ['tomorrow', '2026-03-11', 'La fecha de nacimiento no puede ser futura'],
    ['next year', '2027-01-01', 'La fecha de nacimiento no puede ser futura'],
    ['before 1900', '1899-12-31', 'Fecha inválida'],
    ['a day that no month has', '2020-01-32', 'Fecha inválida'],
    ['month 13', '2020-13-01', 'Fecha inválida'],
    ['31 February (not rolled into March)', '2023-02-31', 'Fecha inválida'],
    ['31 April', '2023-04-31', 'Fecha inválida'],
    ['29 February of a common year', '2023-02-29', 'Fecha inválida'],
    ['day-month-year', '15/07/1990', 'Fecha inválida'],
    ['empty', '', 'Requerido'],
    ['a number', 19900715, 'Requerido'],
  ])('refuses %s', (_, typed, message) => {
    expect(campos(BirthDateSchema, typed)).toEqual({ '': message })
  })

  test("the future is Colombia's: at 20:00 in Bogotá (01:00 UTC the next day) tomorrow is still refused", () => {
    vi.setSystemTime(new Date('2026-03-11T01:00:00Z'))
    expect(campos(BirthDateSchema, '2026-03-11')).toEqual({ '': 'La fecha de nacimiento no puede ser futura' })
    expect(BirthDateSchema.parse('2026-03-10')).toBe('2026-03-10')
  })
})

describe('GenderIdSchema: 0 female, 1 male', () => {
  test.each([
    [0, 0],
    [1, 1],
    ['0', 0],
    ['1', 1],
  ])('%j → %i', (typed, gender) => {
    expect(GenderIdSchema.parse(typed)).toBe(gender)
  })

  test.each([
    ['missing', undefined],
    ['2', 2],
    ['-1', -1],
    ['half', 0.5],
    ['a word', 'mujer'],
    ['null (never read as 0, female)', null],
    ['empty', ''],
    ['false', false],
  ])('refuses %s', (_, typed) => {
    expect(campos(GenderIdSchema, typed)).toEqual({ '': 'Requerido' })
  })
})

describe('DocumentTypeCodeSchema', () => {
  test('takes the two document types of an account', () => {
    expect(DocumentTypeCodeSchema.parse('CC')).toBe('CC')
    expect(DocumentTypeCodeSchema.parse('CE')).toBe('CE')
  })

  test('refuses any other with «Requerido»', () => {
    expect(campos(DocumentTypeCodeSchema, 'TI')).toEqual({ '': 'Requerido' })
    expect(campos(DocumentTypeCodeSchema, undefined)).toEqual({ '': 'Requerido' })
  })
})

const registration = {
  nombres: ' Ana ',
  apellidos: 'Pérez',
  fechaNacimiento: '1990-07-15',
  idGenero: '0',
  tipoIdentificacion: 'CC',
  numeroDocumento: '1085234567',
  telefono: '+57 321 123 4567',
  email: 'Ana@Correo.co',
  clave: 'Clave2024',
  confirmaClave: 'Clave2024',
}

describe('RegisterSchema (spec 000 §5)', () => {
  test('a complete form is normalised: trimmed names, the mobile’s digits, the e-mail in lower case', () => {
    expect(RegisterSchema.parse({ ...registration, campoDesconocido: 'x' })).toEqual({
      ...registration,
      nombres: 'Ana',
      idGenero: 0,
      telefono: '3211234567',
      email: 'ana@correo.co',
      clienteCorp: false,
    })
  })

  test('every missing field answers «Requerido»', () => {
    expect(campos(RegisterSchema, {})).toEqual({
      nombres: 'Requerido',
      apellidos: 'Requerido',
      fechaNacimiento: 'Requerido',
      idGenero: 'Requerido',
      tipoIdentificacion: 'Requerido',
      numeroDocumento: 'Requerido',
      telefono: 'Requerido',
      email: 'Requerido',
      clave: 'Requerido',
      confirmaClave: 'Requerido',
    })
  })

  test('passwords that differ are refused on the confirmation', () => {
    expect(campos(RegisterSchema, { ...registration, confirmaClave: 'Clave2025' })).toEqual({
      confirmaClave: 'Las contraseñas no coinciden',
    })
  })

  test('the checks across fields answer together with the fields’ own (one submit shows every error, issue 35)', () => {
    expect(
      campos(RegisterSchema, {
        ...registration,
        nombres: '',
        email: 'ana@',
        numeroDocumento: '12ab',
        confirmaClave: 'Clave2025',
        clienteCorp: true,
        nit: '900.123.456-7',
      }),
    ).toEqual({
      nombres: 'Requerido',
      email: 'Correo inválido',
      numeroDocumento: 'La cédula solo lleva números (sin puntos ni letras)',
      confirmaClave: 'Las contraseñas no coinciden',
      nit: 'El NIT solo lleva números, y si quieres el dígito de verificación tras un guion (sin puntos ni letras), por ejemplo 900123456-7',
    })
    // A confirmation that is missing says so, not that it differs.
    expect(campos(RegisterSchema, { ...registration, nombres: '', confirmaClave: '' })).toEqual({
      nombres: 'Requerido',
      confirmaClave: 'Requerido',
    })
  })

  test('a corporate client needs a NIT, written as a NIT', () => {
    expect(campos(RegisterSchema, { ...registration, clienteCorp: true })).toEqual({ nit: 'Requerido' })
    expect(campos(RegisterSchema, { ...registration, clienteCorp: true, nit: '   ' })).toEqual({ nit: 'Requerido' })
    expect(RegisterSchema.parse({ ...registration, clienteCorp: true, nit: ' 900123456-7 ' }).nit).toBe('900123456-7')
    expect(RegisterSchema.parse({ ...registration, clienteCorp: true, nit: '900123456' }).nit).toBe('900123456')
    expect(campos(RegisterSchema, { ...registration, clienteCorp: true, nit: 'NIT900' })).toEqual({
      nit: 'El NIT solo lleva números, y si quieres el dígito de verificación tras un guion (sin puntos ni letras), por ejemplo 900123456-7',
    })
    expect(campos(RegisterSchema, { ...registration, clienteCorp: true, nit: '90012345678-9' })).toEqual({
      nit: 'El NIT lleva de 3 a 10 números antes del dígito de verificación',
    })
    // Not a corporate client: a NIT left in the hidden field is not read.
    expect(RegisterSchema.parse({ ...registration, nit: 'x' }).clienteCorp).toBe(false)
  })

  test.each([
    ['CC', '1085234567'],
    ['CC', '123'],
    ['CE', '123456'],
    ['CE', '123456789012'],
  ])('takes a %s numbered %s', (tipoIdentificacion, numeroDocumento) => {
    expect(RegisterSchema.parse({ ...registration, tipoIdentificacion, numeroDocumento })).toMatchObject({
      tipoIdentificacion,
      numeroDocumento,
    })
  })

  const CEDULA_DIGITS = 'La cédula solo lleva números (sin puntos ni letras)'
  const FOREIGN_DIGITS = 'La cédula de extranjería solo lleva números (sin puntos ni letras)'
  test.each([
    ['CC', 'letters («12ab», issue 35)', '12ab', CEDULA_DIGITS],
    ['CC', 'a space', '1085 234', CEDULA_DIGITS],
    ['CC', 'dots', '1.085.123.456', CEDULA_DIGITS],
    ['CC', 'a hyphen', '1085-234', CEDULA_DIGITS],
    ['CC', '2 digits', '12', 'La cédula lleva de 3 a 10 números'],
    ['CC', '11 digits', '10852345678', 'La cédula lleva de 3 a 10 números'],
    ['CC', '21 characters', '1'.repeat(21), 'Máximo 20 caracteres'],
    ['CE', 'letters', 'E-12345', FOREIGN_DIGITS],
    ['CE', '13 digits', '1234567890123', 'La cédula de extranjería lleva de 3 a 12 números'],
  ])('refuses a %s with %s', (tipoIdentificacion, _, numeroDocumento, message) => {
    expect(campos(RegisterSchema, { ...registration, tipoIdentificacion, numeroDocumento })).toEqual({
      numeroDocumento: message,
    })
  })

  test('names are limited to 80 characters', () => {
    expect(campos(RegisterSchema, { ...registration, nombres: 'a'.repeat(81) })).toEqual({
      nombres: 'Máximo 80 caracteres',
    })
  })
})

describe('LoginSchema', () => {
  test('asks for the user and the password', () => {
    expect(campos(LoginSchema, {})).toEqual({ email: 'Escriba su usuario', password: 'Escriba la contraseña' })
    expect(campos(LoginSchema, { email: '  ', password: '' })).toEqual({
      email: 'Escriba su usuario',
      password: 'Escriba la contraseña',
    })
  })

  test('keeps the password as typed (spaces count) and trims the user', () => {
    expect(LoginSchema.parse({ email: ' ana@correo.co ', password: ' x ' })).toEqual({
      email: 'ana@correo.co',
      password: ' x ',
    })
  })
})

describe('UpdatePersonSchema', () => {
  test('takes the phone, birth date and gender, and an optional document', () => {
    expect(UpdatePersonSchema.parse({ telefono: '321 123 4567', fechaNacimiento: '1990-07-15', idGenero: 1 })).toEqual({
      telefono: '3211234567',
      fechaNacimiento: '1990-07-15',
      idGenero: 1,
    })
  })

  test('a document number is checked against its kind (issue 35)', () => {
    const profile = { telefono: '3211234567', fechaNacimiento: '1990-07-15', idGenero: 1 }
    expect(UpdatePersonSchema.parse({ ...profile, tipoIdentificacion: 'CC', numeroDocumento: '1085234567' })).toEqual({
      ...profile,
      tipoIdentificacion: 'CC',
      numeroDocumento: '1085234567',
    })
    expect(campos(UpdatePersonSchema, { ...profile, tipoIdentificacion: 'CC', numeroDocumento: '12ab' })).toEqual({
      numeroDocumento: 'La cédula solo lleva números (sin puntos ni letras)',
    })
    // Beside the other fields' errors, at once.
    expect(
      campos(UpdatePersonSchema, { ...profile, telefono: '12', tipoIdentificacion: 'CE', numeroDocumento: 'E1' }),
    ).toEqual({
      telefono: 'Número de celular inválido (10 dígitos que empiezan por 3)',
      numeroDocumento: 'La cédula de extranjería solo lleva números (sin puntos ni letras)',
    })
  })

  test('a document number sent empty answers «requerido» in lower case', () => {
    expect(
      campos(UpdatePersonSchema, {
        telefono: '3211234567',
        fechaNacimiento: '1990-07-15',
        idGenero: 1,
        numeroDocumento: ' ',
      }),
    ).toEqual({ numeroDocumento: 'requerido' })
  })

  test('an id past the database’s integers is refused', () => {
    expect(
      campos(UpdatePersonSchema, {
        id: 2_147_483_648,
        telefono: '3211234567',
        fechaNacimiento: '1990-07-15',
        idGenero: 1,
      }),
    ).toEqual({ id: 'id es demasiado grande' })
  })
})

describe('UpdatePasswordSchema', () => {
  test('the confirmation is optional, but must match when sent', () => {
    expect(UpdatePasswordSchema.parse({ currentPassword: 'x', newPassword: 'Nueva2025' })).toEqual({
      currentPassword: 'x',
      newPassword: 'Nueva2025',
    })
    expect(
      campos(UpdatePasswordSchema, { currentPassword: 'x', newPassword: 'Nueva2025', confirmPassword: 'Nueva2026' }),
    ).toEqual({ confirmPassword: 'Las contraseñas no coinciden' })
  })

  test('the current password is required and the new one follows the rule', () => {
    expect(campos(UpdatePasswordSchema, { currentPassword: '', newPassword: 'abc' })).toEqual({
      currentPassword: 'Requerido',
      newPassword: 'Minimo 8 caracteres',
    })
  })
})

describe('CorporateClientQuerySchema', () => {
  test('lists the pending requests by default, 20 a page', () => {
    expect(CorporateClientQuerySchema.parse({})).toEqual({ estado: 'pendientes', pagina: 1, tamanio: 20 })
  })

  test('refuses an unknown state and a search longer than 200 characters', () => {
    expect(campos(CorporateClientQuerySchema, { estado: 'rechazados', buscar: 'a'.repeat(201) })).toEqual({
      estado: 'estado debe ser pendientes, autorizados o todos',
      buscar: 'Escribe máximo 200 caracteres.',
    })
  })
})

describe('AuditQuerySchema', () => {
  test('takes a product, order or person and its id', () => {
    expect(AuditQuerySchema.parse({ entidad: 'orden', id: '7' })).toEqual({
      entidad: 'orden',
      id: 7,
      pagina: 1,
      tamanio: 20,
    })
  })

  test('refuses another entity and an id that is not a number', () => {
    expect(campos(AuditQuerySchema, { entidad: 'catalogo', id: 'siete' })).toEqual({
      entidad: 'entidad debe ser producto, orden o persona',
      id: 'id debe ser un número',
    })
  })
})
