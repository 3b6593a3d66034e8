import { describe, expect, test } from 'vitest'
import {
  ChatCodeSchema,
  PhotoRejectionSchema,
  SkinAnalysisResultSchema,
  StoredSkinAnalysisResultSchema,
  UploadPhotoQuerySchema,
} from './index'
import { ACNE_GRADE_NAMES, hayashiGrade } from './values'

const measure = { ui_score: 70, raw_score: 55.25, confianza: 0.9, motivos: [] }

/** An analysis as `/analyze-skin` answered it before the skin age, the lesions and the acne grade. */
const storedBefore = {
  redness: measure,
  wrinkle: measure,
  pore: measure,
  acne: measure,
  eye_bag: measure,
  texture: measure,
  firmness: measure,
  overall: { ui_score: 70, raw_score: 55 },
  confianza: { valor: 0.9, nivel: 'alta', motivos: [] },
  regions: [{ name: 'frente', polygon: [[1, 2]], values: { wrinkle: 40 } }],
}

const answer = {
  ...storedBefore,
  edadPiel: 27,
  lesiones: [
    { x: 120.5, y: 300.1, radio: 4.2 },
    { x: 180, y: 310.4, radio: 3 },
  ],
  gradoAcne: { escala: 'Hayashi', grado: 'leve', lesiones: 2, nombre: 'Acné leve' },
}

describe('SkinAnalysisResultSchema (the /analyze-skin answer)', () => {
  test('a new answer carries the lesions and the acne grade', () => {
    const parsed = SkinAnalysisResultSchema.parse(answer)
    expect(parsed.lesiones).toEqual(answer.lesiones)
    expect(parsed.gradoAcne).toEqual(answer.gradoAcne)
  })

  test.each([
    ['without lesiones', { ...answer, lesiones: undefined }],
    ['without gradoAcne', { ...answer, gradoAcne: undefined }],
    ['a grade of another scale', { ...answer, gradoAcne: { ...answer.gradoAcne, escala: 'GAGS' } }],
    ['an unknown grade', { ...answer, gradoAcne: { ...answer.gradoAcne, grado: 'grave' } }],
    ['a lesion count that is not whole', { ...answer, gradoAcne: { ...answer.gradoAcne, lesiones: 2.5 } }],
    ['a lesion without its radius', { ...answer, lesiones: [{ x: 1, y: 2 }] }],
    ['a lesion with a negative radius', { ...answer, lesiones: [{ x: 1, y: 2, radio: -1 }] }],
  ])('refuses an answer %s', (_, value) => {
    expect(SkinAnalysisResultSchema.safeParse(value).success).toBe(false)
  })
})

describe('StoredSkinAnalysisResultSchema (an analysis read back from the database)', () => {
  test('one stored before the skin age, the lesions and the acne grade still parses, without them', () => {
    const parsed = StoredSkinAnalysisResultSchema.parse(storedBefore)
    expect(parsed.edadPiel).toBeUndefined()
    expect(parsed.lesiones).toBeUndefined()
    expect(parsed.gradoAcne).toBeUndefined()
    expect(SkinAnalysisResultSchema.safeParse(storedBefore).success).toBe(false)
  })

  test('one stored now keeps them', () => {
    expect(StoredSkinAnalysisResultSchema.parse(answer)).toMatchObject({
      edadPiel: 27,
      lesiones: answer.lesiones,
      gradoAcne: answer.gradoAcne,
    })
  })
})

describe('the Hayashi grade', () => {
  test.each([
    [0, 'sin_lesiones'],
    [1, 'leve'],
    [5, 'leve'],
    [6, 'moderado'],
    [20, 'moderado'],
    [21, 'severo'],
    [50, 'severo'],
    [51, 'muy_severo'],
  ] as const)('%i lesions on half of the face → %s', (count, grade) => {
    expect(hayashiGrade(count)).toBe(grade)
  })

  test('each grade has its Spanish name', () => {
    expect(ACNE_GRADE_NAMES).toEqual({
      sin_lesiones: 'Sin lesiones inflamatorias visibles',
      leve: 'Acné leve',
      moderado: 'Acné moderado',
      severo: 'Acné severo',
      muy_severo: 'Acné muy severo',
    })
  })
})

describe('ChatCodeSchema: the key of a chat (an 8-character code or a shopper’s e-mail)', () => {
  test.each([
    ['AB12CD34', 'AB12CD34'],
    ['  AB12CD34  ', 'AB12CD34'],
    ['ana.perez_1@correo-co.com', 'ana.perez_1@correo-co.com'],
    ['a'.repeat(64), 'a'.repeat(64)],
  ])('accepts «%s»', (typed, key) => {
    expect(ChatCodeSchema.parse(typed)).toBe(key)
  })

  test.each([
    ['missing', undefined, 'Falta el código del chat.'],
    ['of 7 characters', 'AB12CD3', 'El código del chat debe tener entre 8 y 64 caracteres.'],
    ['of 65 characters', 'a'.repeat(65), 'El código del chat debe tener entre 8 y 64 caracteres.'],
    ['with a space', 'AB12 CD34', 'El código del chat solo admite letras, números, @, punto, guion y guion bajo.'],
    ['with a slash', 'AB12/CD34', 'El código del chat solo admite letras, números, @, punto, guion y guion bajo.'],
    [
      'with a plus sign',
      'ana+piel@correo.co',
      'El código del chat solo admite letras, números, @, punto, guion y guion bajo.',
    ],
  ])('refuses a key %s', (_, typed, message) => {
    expect(ChatCodeSchema.safeParse(typed).error?.issues[0]?.message).toBe(message)
  })
})

describe('PhotoRejectionSchema: a 422 never says the photo was fine', () => {
  test('carries a quality code other than ok', () => {
    expect(PhotoRejectionSchema.parse({ codigo: 'blurry', mensaje: 'La imagen está borrosa.' })).toEqual({
      codigo: 'blurry',
      mensaje: 'La imagen está borrosa.',
    })
    expect(PhotoRejectionSchema.safeParse({ codigo: 'ok', mensaje: 'x' }).success).toBe(false)
  })
})

describe('UploadPhotoQuerySchema: a phone-upload link', () => {
  test('reads the link’s expiry as milliseconds', () => {
    expect(UploadPhotoQuerySchema.parse({ code: 'ana@correo.co', firma: 'f1', vence: '1764000000000' })).toEqual({
      code: 'ana@correo.co',
      firma: 'f1',
      vence: 1764000000000,
    })
  })

  test('refuses an expiry that is not a number', () => {
    expect(UploadPhotoQuerySchema.safeParse({ vence: 'mañana' }).error?.issues[0]?.message).toBe(
      'vence debe ser un número',
    )
  })
})
