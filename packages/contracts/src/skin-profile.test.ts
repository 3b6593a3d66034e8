import './zod-setup'
import { describe, expect, test } from 'vitest'
import { SkinProfileQuerySchema, SkinProfileRequestSchema, SkinProfileSchema } from './skin-profile'
import { campos } from './testing/campos'

const empty = {
  paraQuien: null,
  tipoDePiel: null,
  preocupaciones: [],
  rangoEdad: null,
  embarazo: null,
  medicamentos: [],
  sensibilidades: [],
}

const full = {
  paraQuien: 'yo',
  tipoDePiel: 'Mixta',
  preocupaciones: ['Acné', 'Manchas'],
  rangoEdad: '30_39',
  embarazo: 'lactancia',
  medicamentos: ['isotretinoina'],
  sensibilidades: ['fragancia', 'acidos'],
}

describe('SkinProfileSchema (issue 31): every answer is optional', () => {
  test.each([
    ['a profile with nothing answered', empty],
    ['a profile with every answer', full],
  ])('accepts %s', (_, profile) => {
    expect(SkinProfileSchema.parse(profile)).toEqual(profile)
  })

  test.each([
    ['a repeated concern', { preocupaciones: ['Acné', 'Acné'] }, { preocupaciones: 'Una preocupación está repetida.' }],
    [
      'a repeated medicine',
      { medicamentos: ['corticoide', 'corticoide'] },
      { medicamentos: 'Un medicamento está repetido.' },
    ],
    [
      'a repeated sensitivity',
      { sensibilidades: ['acidos', 'acidos'] },
      { sensibilidades: 'Una sensibilidad está repetida.' },
    ],
  ])('refuses %s', (_, change, fields) => {
    expect(campos(SkinProfileSchema, { ...empty, ...change })).toEqual(fields)
  })

  test.each([
    ['a skin type the catalogue lacks', { tipoDePiel: 'Atópica' }, 'tipoDePiel'],
    ['a concern the catalogue lacks', { preocupaciones: ['Celulitis'] }, 'preocupaciones.0'],
    ['a lower-case concern', { preocupaciones: ['acné'] }, 'preocupaciones.0'],
    ['an unknown age range', { rangoEdad: '20_30' }, 'rangoEdad'],
    ['someone else than me, a child or a baby', { paraQuien: 'mama' }, 'paraQuien'],
  ])('refuses %s', (_, change, field) => {
    expect(Object.keys(campos(SkinProfileSchema, { ...empty, ...change }))).toEqual([field])
  })
})

describe('SkinProfileRequestSchema: saving needs the explicit authorisation (Ley 1581 de 2012)', () => {
  test('a profile with the authorisation is saved', () => {
    expect(SkinProfileRequestSchema.parse({ userId: 'AB12CD34', perfil: full, autorizacion: true })).toEqual({
      userId: 'AB12CD34',
      perfil: full,
      autorizacion: true,
    })
  })

  test.each([false, undefined, 'true'])('autorizacion=%s is refused', (autorizacion) => {
    expect(campos(SkinProfileRequestSchema, { userId: 'AB12CD34', perfil: empty, autorizacion })).toEqual({
      autorizacion:
        'Para guardar tu perfil de piel necesitamos tu autorización para tratar estos datos de salud (Ley 1581 de 2012).',
    })
  })

  test('the chat’s key is required', () => {
    expect(campos(SkinProfileQuerySchema, {})).toEqual({ userId: 'Falta el código del chat.' })
  })
})
