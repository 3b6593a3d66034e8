import { describe, expect, test } from 'vitest'
import { fittedSize, MAX_UNTOUCHED_BYTES, mustReencode } from './image-file'
import { photoMessage } from './photo-checks'

describe('photoMessage: the upload page texts of spec 001 §8', () => {
  test.each([
    ['no-face', 'No se detectó rostro en la imagen.'],
    ['too-small', 'El rostro detectado es muy pequeño.'],
    ['not-frontal', 'El rostro debe estar mirando de frente.'],
    ['face-too-narrow', 'El rostro debe ocupar mas del ancho de la imagen.'],
    ['off-center', 'Por favor centra tu rostro en la imagen.'],
    ['too-dark', 'La imagen está demasiado oscura.'],
    ['blurry', 'La imagen está borrosa.'],
  ] as const)('%s → %s', (code, text) => {
    expect(photoMessage(code)).toBe(text)
  })

  test('ok has no message', () => {
    expect(photoMessage('ok')).toBeNull()
  })
})

describe('photos before upload', () => {
  test.each([
    [
      [888, 1332],
      [888, 1332],
    ],
    [
      [2560, 1920],
      [2560, 1920],
    ],
    [
      [3880, 5184],
      [1916, 2560],
    ],
    [
      [6000, 4000],
      [2560, 1707],
    ],
  ])('fittedSize %o → %o (longest side at most 2560 px)', ([width, height], expected) => {
    const size = fittedSize(width ?? 0, height ?? 0)
    expect([size.width, size.height]).toEqual(expected)
  })

  test.each([
    ['a small JPEG goes as it is', { type: 'image/jpeg', size: 300_000 }, 888, 1332, false],
    ['a small PNG goes as it is', { type: 'image/png', size: 1_000_000 }, 1200, 1200, false],
    ['a photo longer than 2560 px is re-encoded', { type: 'image/jpeg', size: 3_000_000 }, 3880, 5184, true],
    ['a heavy file is re-encoded', { type: 'image/jpeg', size: MAX_UNTOUCHED_BYTES + 1 }, 2000, 1500, true],
    [
      'a type the server does not read (HEIC decoded by the phone) is re-encoded',
      { type: 'image/heic', size: 900_000 },
      1000,
      1000,
      true,
    ],
    ['a file without a type is re-encoded', { type: '', size: 900_000 }, 1000, 1000, true],
  ])('mustReencode: %s', (_name, file, width, height, expected) => {
    expect(mustReencode(file, width, height)).toBe(expected)
  })
})
