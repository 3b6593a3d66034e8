import { describe, expect, test } from 'vitest'
import { catalogNameKey } from './catalog'

describe('catalogNameKey: catalogue names compared without accents, case or surrounding spaces', () => {
  test.each([
    ['Solares', 'solares'],
    ['  solarés ', 'solares'],
    ['PROTECCIÓN Solar', 'proteccion solar'],
    ['Cuidado del Bebé', 'cuidado del bebe'],
  ])('%s → %s', (name, key) => {
    expect(catalogNameKey(name)).toBe(key)
  })

  test('«Solares» and «solarés» are the same name', () => {
    expect(catalogNameKey('Solares')).toBe(catalogNameKey(' solarés'))
  })

  test('words that differ in a letter stay different names', () => {
    expect(catalogNameKey('Solares')).not.toBe(catalogNameKey('Solar'))
  })

  test('inner spaces are kept', () => {
    expect(catalogNameKey('Piel  grasa')).toBe('piel  grasa')
  })
})
