import type { DiscountCode } from '@piel/contracts'
import { describe, expect, test } from 'vitest'
import { codeResolver, toInput } from './code-resolver'
import {
  benefitText,
  codeState,
  colombiaDayText,
  colombiaInputOf,
  exclusionsText,
  isoOfColombia,
  rulesOf,
  validityText,
} from './code-text'

const code = (changes: Partial<DiscountCode> = {}): DiscountCode => ({
  id: 1,
  codigo: 'NAVIDAD',
  descripcion: '',
  tipo: 'porcentaje',
  valor: 10,
  compraMinima: null,
  desde: null,
  hasta: null,
  usosMaximos: null,
  usosPorPersona: null,
  soloPrimeraCompra: false,
  permiteCorporativo: false,
  productosExcluidos: [],
  catalogosExcluidos: [],
  activo: true,
  creado: '2026-11-01T15:00:00.000Z',
  usos: 0,
  ordenesPagadas: 0,
  ingresos: 0,
  ingresosMoneda: '$ 0',
  descuentoOtorgado: 0,
  descuentoOtorgadoMoneda: '$ 0',
  ...changes,
})

describe("a code's dates in Colombia's time (UTC−5)", () => {
  test.each([
    ['2026-12-01T05:00:00.000Z', '2026-12-01T00:00'],
    ['2026-12-01T04:59:00.000Z', '2026-11-30T23:59'],
    ['2027-01-01T04:59:00.000Z', '2026-12-31T23:59'],
  ])('%s is %s on a Colombian clock', (iso, local) => {
    expect(colombiaInputOf(iso)).toBe(local)
    expect(Date.parse(isoOfColombia(local) ?? '')).toBe(Date.parse(iso))
  })

  test('an empty input is no date; a typed date gets its seconds and offset', () => {
    expect(isoOfColombia('')).toBeNull()
    expect(colombiaInputOf(null)).toBe('')
    expect(isoOfColombia('2026-12-01T08:30')).toBe('2026-12-01T08:30:00-05:00')
    expect(isoOfColombia('2026-12-01T08:30:15')).toBe('2026-12-01T08:30:15-05:00')
  })

  test('a day reads "1 dic. 2026", with its time unless midnight', () => {
    expect(colombiaDayText('2026-12-01T05:00:00.000Z')).toBe('1 dic. 2026')
    expect(colombiaDayText('2027-01-01T04:59:00.000Z')).toBe('31 dic. 2026, 11:59 p. m.')
    expect(colombiaDayText('2026-09-15T13:05:00.000Z')).toBe('15 sept. 2026, 8:05 a. m.')
    expect(colombiaDayText('2026-05-02T17:00:00.000Z')).toBe('2 may. 2026, 12:00 p. m.')
  })

  test('an end reads as the last day the code runs', () => {
    expect(colombiaDayText('2027-01-01T05:00:00.000Z', { end: true })).toBe('31 dic. 2026')
    expect(colombiaDayText('2027-01-01T04:59:00.000Z', { end: true })).toBe('31 dic. 2026')
    expect(colombiaDayText('2026-03-01T05:00:00.000Z', { end: true })).toBe('28 feb. 2026')
    expect(colombiaDayText('2026-12-31T23:00:00.000Z', { end: true })).toBe('31 dic. 2026, 6:00 p. m.')
  })
})

describe('what a code gives and its rules in plain Spanish', () => {
  test('a percentage or a fixed amount', () => {
    expect(benefitText({ tipo: 'porcentaje', valor: 10 })).toBe('10 %')
    expect(benefitText({ tipo: 'valor', valor: 20_000 })).toBe('$ 20.000')
  })

  test('its dates, from both ends or one', () => {
    expect(validityText({ desde: '2026-12-01T05:00:00.000Z', hasta: '2027-01-01T05:00:00.000Z' })).toBe(
      'Del 1 dic. 2026 al 31 dic. 2026',
    )
    expect(validityText({ desde: '2026-12-01T13:30:00.000Z', hasta: null })).toBe('Desde el 1 dic. 2026, 8:30 a. m.')
    expect(validityText({ desde: null, hasta: '2027-01-01T04:59:00.000Z' })).toBe('Hasta el 31 dic. 2026')
    expect(validityText({ desde: null, hasta: null })).toBeNull()
  })

  test.each([
    [0, 0, null],
    [1, 0, '1 producto excluido'],
    [0, 1, '1 catálogo excluido'],
    [2, 0, '2 productos excluidos'],
    [1, 1, '1 producto y 1 catálogo excluidos'],
    [3, 2, '3 productos y 2 catálogos excluidos'],
  ])('%i products and %i catalogues left out: %s', (products, catalogs, text) => {
    expect(exclusionsText(products, catalogs)).toBe(text)
  })

  test('every rule a code has, in order; none for a code without rules', () => {
    expect(rulesOf(code())).toEqual([])
    expect(
      rulesOf(
        code({
          compraMinima: 100_000,
          desde: '2026-12-01T05:00:00.000Z',
          hasta: '2027-01-01T05:00:00.000Z',
          usosMaximos: 100,
          usos: 3,
          usosPorPersona: 1,
          soloPrimeraCompra: true,
          permiteCorporativo: true,
          productosExcluidos: [4, 5],
          catalogosExcluidos: [2],
        }),
      ),
    ).toEqual([
      'Compra mínima de $ 100.000',
      'Del 1 dic. 2026 al 31 dic. 2026',
      '3 de 100 usos',
      '1 por persona',
      'Solo primera compra',
      'También clientes corporativos',
      '2 productos y 1 catálogo excluidos',
    ])
  })
})

describe("a code's state now", () => {
  const now = new Date('2026-12-10T12:00:00Z')
  test.each([
    ['usable', code(), 'Activo'],
    ['paused', code({ activo: false }), 'Pausado'],
    ['not started', code({ desde: '2026-12-15T05:00:00.000Z' }), 'Programado'],
    ['started', code({ desde: '2026-12-01T05:00:00.000Z', hasta: '2026-12-31T05:00:00.000Z' }), 'Activo'],
    ['ended', code({ hasta: '2026-12-10T12:00:00.000Z' }), 'Vencido'],
    ['ended and paused', code({ hasta: '2026-12-01T05:00:00.000Z', activo: false }), 'Vencido'],
    ['used up', code({ usosMaximos: 5, usos: 5 }), 'Agotado'],
    ['used up and paused', code({ usosMaximos: 5, usos: 5, activo: false }), 'Agotado'],
    ['one use left', code({ usosMaximos: 5, usos: 4 }), 'Activo'],
    ['paused before its start', code({ activo: false, desde: '2026-12-15T05:00:00.000Z' }), 'Pausado'],
  ])('%s → %s', (_what, value, state) => {
    expect(codeState(value, now)).toBe(state)
  })
})

describe("the form's values as the contract reads them", () => {
  const form = {
    codigo: 'verano',
    descripcion: '',
    tipo: 'valor' as const,
    valor: '$ 20.000',
    compraMinima: '',
    desde: '',
    hasta: '',
    usosMaximos: '1.000',
    usosPorPersona: '',
    soloPrimeraCompra: false,
    permiteCorporativo: false,
    activo: true,
    productosExcluidos: [],
    catalogosExcluidos: [],
  }

  test('amounts without their dots and sign, empty limits as none', () => {
    expect(toInput(form)).toMatchObject({ valor: 20_000, compraMinima: null, usosMaximos: 1000, usosPorPersona: null })
  })

  test('every refusal at once, the rules between fields included', async () => {
    const result = await codeResolver(
      { ...form, codigo: 'x', tipo: 'porcentaje', valor: '', desde: '2026-12-10T00:00', hasta: '2026-12-01T00:00' },
      undefined,
      { fields: {}, shouldUseNativeValidation: false },
    )
    expect(Object.fromEntries(Object.entries(result.errors).map(([field, error]) => [field, error?.message]))).toEqual({
      codigo: 'El código tiene al menos 3 caracteres',
      valor: 'Escribe cuánto descuenta el código.',
      hasta: 'La fecha final debe ser posterior a la inicial.',
    })
  })

  test('an amount that is no whole number keeps the contract’s message', async () => {
    const result = await codeResolver({ ...form, valor: 'diez' }, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    })
    expect(result.errors.valor?.message).toBe('valor debe ser un número entero')
  })

  test('a valid form gives the contract’s values, the code in upper case', async () => {
    const result = await codeResolver(form, undefined, { fields: {}, shouldUseNativeValidation: false })
    expect(result.errors).toEqual({})
    expect(result.values).toMatchObject({ codigo: 'VERANO', tipo: 'valor', valor: 20_000, usosMaximos: 1000 })
  })
})
