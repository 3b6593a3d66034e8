import '../zod-setup'
import { describe, expect, test } from 'vitest'
import { campos } from '../testing/campos'
import {
  AdminCatalogInputSchema,
  AdminProductCreateSchema,
  AdminProductImageOrderSchema,
  AdminProductInputSchema,
  AdminProductQuerySchema,
  AdminSubcategoryCreateSchema,
  AdminSubcategoryUpdateSchema,
  CatalogColorSchema,
  IdOrderSchema,
  StockMovementInputSchema,
  StockMovementQuerySchema,
} from './admin'

const product = {
  nombre: ' Protector solar FPS 50 ',
  marca: 'Piel Lab',
  referencia: 'PL-050/a.1_b',
  detalle: 'Protector de amplio espectro.',
  idSubcategoria: 3,
  valor: 45900,
  descuento: 10,
  iva: 19,
  valorCorp: 40000,
  descuentoCorp: 0,
  ivaCorp: 19,
  umbralExistencia: 5,
  enVenta: true,
}

describe('AdminProductInputSchema: the product form', () => {
  test('a complete product is trimmed; no INVIMA record and no characteristics by default', () => {
    expect(AdminProductInputSchema.parse(product)).toEqual({
      ...product,
      nombre: 'Protector solar FPS 50',
      registroInvima: null,
      caracteristicas: [],
    })
  })

  test('every missing field is named, its adjective agreeing with the field', () => {
    expect(campos(AdminProductInputSchema, {})).toEqual({
      nombre: 'El nombre es obligatorio',
      marca: 'La marca es obligatoria',
      referencia: 'La referencia es obligatoria',
      detalle: 'La descripción es obligatoria',
      idSubcategoria: 'Elige la subcategoría',
      valor: 'El precio debe ser un número',
      descuento: 'El descuento debe ser un número',
      iva: 'El IVA debe ser un número',
      valorCorp: 'El precio corporativo debe ser un número',
      descuentoCorp: 'El descuento corporativo debe ser un número',
      ivaCorp: 'El IVA corporativo debe ser un número',
      umbralExistencia: 'El umbral de existencia baja debe ser un número',
      enVenta: 'enVenta debe ser verdadero o falso',
    })
  })

  test.each([
    ['a price of 0', { valor: 0 }],
    ['the highest price', { valor: 100_000_000 }],
    ['a discount of 100 %', { descuento: 100 }],
    ['no subcategory', { idSubcategoria: null }],
    ['an INVIMA record', { registroInvima: ' INVIMA NSOC12345-22CO ' }],
  ])('accepts %s', (_, change) => {
    expect(AdminProductInputSchema.safeParse({ ...product, ...change }).success).toBe(true)
  })

  test.each([
    ['a price above 100 million', { valor: 100_000_001 }, { valor: 'El precio debe estar entre 0 y 100.000.000' }],
    ['a negative price', { valor: -1 }, { valor: 'El precio debe estar entre 0 y 100.000.000' }],
    ['a price with cents', { valor: 45900.5 }, { valor: 'El precio debe ser un número entero' }],
    ['a price as text', { valor: '45900' }, { valor: 'El precio debe ser un número' }],
    ['a discount of 101 %', { descuento: 101 }, { descuento: 'El descuento debe estar entre 0 y 100' }],
    ['a negative IVA', { iva: -1 }, { iva: 'El IVA debe estar entre 0 y 100' }],
    [
      'a corporate price above 100 million',
      { valorCorp: 100_000_001 },
      { valorCorp: 'El precio corporativo debe estar entre 0 y 100.000.000' },
    ],
    [
      'a stock threshold above a million',
      { umbralExistencia: 1_000_001 },
      { umbralExistencia: 'El umbral de existencia baja debe estar entre 0 y 1.000.000' },
    ],
    [
      'a reference with a space',
      { referencia: 'PL 050' },
      { referencia: 'La referencia lleva solo letras, números, punto, guion o barra, sin espacios' },
    ],
    [
      'a reference with a symbol',
      { referencia: 'PL#050' },
      { referencia: 'La referencia lleva solo letras, números, punto, guion o barra, sin espacios' },
    ],
    ['a name of 161 characters', { nombre: 'a'.repeat(161) }, { nombre: 'El nombre: escribe máximo 160 caracteres' }],
    ['a brand of 121 characters', { marca: 'a'.repeat(121) }, { marca: 'La marca: escribe máximo 120 caracteres' }],
    [
      'an INVIMA record of 61 characters',
      { registroInvima: 'a'.repeat(61) },
      { registroInvima: 'El registro INVIMA: escribe máximo 60 caracteres' },
    ],
    ['a subcategory of 0', { idSubcategoria: 0 }, { idSubcategoria: 'Elige la subcategoría' }],
    ['a sale flag as text', { enVenta: 'si' }, { enVenta: 'enVenta debe ser verdadero o falso' }],
  ])('refuses %s', (_, change, fields) => {
    expect(campos(AdminProductInputSchema, { ...product, ...change })).toEqual(fields)
  })

  test('a characteristic needs a name and at least one value', () => {
    expect(
      campos(AdminProductInputSchema, {
        ...product,
        caracteristicas: [
          { nombre: ' ', valores: ['Seca'] },
          { nombre: 'Tamaño', valores: [] },
          { nombre: 'Textura', valores: [' '] },
        ],
      }),
    ).toEqual({
      'caracteristicas.0.nombre': 'El nombre de la característica es obligatorio',
      'caracteristicas.1.valores': 'Cada característica necesita al menos un valor',
      'caracteristicas.2.valores.0': 'El valor de la característica es obligatorio',
    })
  })

  test('a characteristic named twice, in any case, is refused', () => {
    expect(
      campos(AdminProductInputSchema, {
        ...product,
        caracteristicas: [
          { nombre: 'Tipo de piel', valores: ['Seca'] },
          { nombre: 'TIPO DE PIEL ', valores: ['Grasa'] },
        ],
      }),
    ).toEqual({ caracteristicas: 'Una característica está repetida' })
  })

  test('at most 20 values a characteristic and 30 characteristics', () => {
    const values = Array.from({ length: 21 }, (_, i) => `v${i}`)
    expect(
      campos(AdminProductInputSchema, { ...product, caracteristicas: [{ nombre: 'Tono', valores: values }] }),
    ).toEqual({ 'caracteristicas.0.valores': 'Máximo 20 valores por característica' })
    const many = Array.from({ length: 31 }, (_, i) => ({ nombre: `c${i}`, valores: ['x'] }))
    expect(campos(AdminProductInputSchema, { ...product, caracteristicas: many })).toEqual({
      caracteristicas: 'Máximo 30 características',
    })
  })
})

describe('AdminProductCreateSchema: a new product may bring its first units', () => {
  test('starts with 0 units unless told', () => {
    expect(AdminProductCreateSchema.parse(product)).toMatchObject({ existenciaInicial: 0 })
    expect(AdminProductCreateSchema.parse({ ...product, existenciaInicial: 24 })).toMatchObject({
      existenciaInicial: 24,
    })
  })

  test('refuses first units out of range, with the product’s own rules still applied', () => {
    expect(campos(AdminProductCreateSchema, { ...product, valor: -1, existenciaInicial: -1 })).toEqual({
      valor: 'El precio debe estar entre 0 y 100.000.000',
      existenciaInicial: 'La existencia inicial debe estar entre 0 y 1.000.000',
    })
  })
})

describe('AdminProductImageOrderSchema: the pictures kept, in order', () => {
  test('takes up to 8 different keys', () => {
    const keys = Array.from({ length: 8 }, (_, i) => `k${i}`)
    expect(AdminProductImageOrderSchema.parse({ claves: keys })).toEqual({ claves: keys })
  })

  test.each([
    ['a repeated key', { claves: ['a', 'b', 'a'] }, 'Una imagen está repetida'],
    ['9 keys', { claves: Array.from({ length: 9 }, (_, i) => `k${i}`) }, 'Un producto tiene máximo 8 imágenes'],
  ])('refuses %s', (_, body, message) => {
    expect(campos(AdminProductImageOrderSchema, body)).toEqual({ claves: message })
  })
})

describe('AdminProductQuerySchema', () => {
  test('lists every product by default, 20 a page', () => {
    expect(AdminProductQuerySchema.parse({})).toEqual({ estado: 'todos', pagina: 1, tamanio: 20 })
  })

  test('reads a catalogue filter and a sort', () => {
    expect(AdminProductQuerySchema.parse({ idCatalogo: '4', orden: '-vendidos', existencia: 'baja' })).toMatchObject({
      idCatalogo: 4,
      orden: '-vendidos',
      existencia: 'baja',
    })
  })

  test('names the allowed values of each refused filter', () => {
    expect(
      campos(AdminProductQuerySchema, { estado: 'activo', existencia: 'poca', orden: 'precio', idCatalogo: 'x' }),
    ).toEqual({
      estado: 'estado debe ser en-venta, oculto o todos',
      existencia: 'existencia debe ser baja o agotado',
      orden: 'orden debe ser uno de: nombre, -nombre, valor, -valor, existencia, -existencia, -vendidos, -modificado',
      idCatalogo: 'idCatalogo debe ser un número',
    })
  })
})

describe('StockMovementInputSchema: units received or a count corrected', () => {
  test.each([
    ['a reception of 12 units', { tipo: 'recepcion', cantidad: 12 }],
    ['a correction down', { tipo: 'correccion', cantidad: -3 }],
    ['a correction up by the most allowed', { tipo: 'correccion', cantidad: 100_000 }],
    ['a correction down by the most allowed', { tipo: 'correccion', cantidad: -100_000 }],
  ])('accepts %s', (_, movement) => {
    expect(StockMovementInputSchema.parse(movement)).toEqual(movement)
  })

  test('a note is trimmed and kept', () => {
    expect(StockMovementInputSchema.parse({ tipo: 'recepcion', cantidad: 1, nota: ' Factura 991 ' }).nota).toBe(
      'Factura 991',
    )
  })

  test.each([
    [
      'a reception that takes units',
      { tipo: 'recepcion', cantidad: -5 },
      { cantidad: 'Una recepción suma unidades: cantidad debe ser mayor que 0.' },
    ],
    ['a movement of 0', { tipo: 'correccion', cantidad: 0 }, { cantidad: 'cantidad no puede ser 0' }],
    [
      'more than 100,000 units',
      { tipo: 'correccion', cantidad: 100_001 },
      { cantidad: 'cantidad debe estar entre -100000 y 100000' },
    ],
    [
      'less than -100,000 units',
      { tipo: 'correccion', cantidad: -100_001 },
      { cantidad: 'cantidad debe estar entre -100000 y 100000' },
    ],
    ['half a unit', { tipo: 'recepcion', cantidad: 1.5 }, { cantidad: 'cantidad debe ser un número entero' }],
    ['a quantity as text', { tipo: 'recepcion', cantidad: '5' }, { cantidad: 'cantidad debe ser un número' }],
    ['an unknown kind', { tipo: 'venta', cantidad: 5 }, { tipo: 'tipo debe ser recepcion o correccion' }],
    [
      'a note of 301 characters',
      { tipo: 'recepcion', cantidad: 5, nota: 'a'.repeat(301) },
      { nota: 'Escribe máximo 300 caracteres.' },
    ],
  ])('refuses %s', (_, movement, fields) => {
    expect(campos(StockMovementInputSchema, movement)).toEqual(fields)
  })
})

describe('StockMovementQuerySchema', () => {
  test('pages the movements 20 at a time by default', () => {
    expect(StockMovementQuerySchema.parse({})).toEqual({ pagina: 1, tamanio: 20 })
  })
})

describe('IdOrderSchema: a new order of a list', () => {
  test('takes every id once', () => {
    expect(IdOrderSchema.parse({ ids: [3, 1, 2] })).toEqual({ ids: [3, 1, 2] })
    expect(IdOrderSchema.parse({ ids: [] })).toEqual({ ids: [] })
  })

  test.each([
    ['a repeated id', { ids: [1, 2, 1] }, { ids: 'ids: un id está repetido' }],
    ['something other than a list', { ids: '1,2' }, { ids: 'ids debe ser una lista de ids' }],
    ['an id of 0', { ids: [0] }, { 'ids.0': 'Cada id debe ser un número positivo' }],
    ['an id as text', { ids: [1, '2'] }, { 'ids.1': 'Cada id debe ser un número' }],
    ['a fractional id', { ids: [1.5] }, { 'ids.0': 'Cada id debe ser un número entero' }],
    ['an id past the database’s integers', { ids: [2_147_483_648] }, { 'ids.0': 'Un id es demasiado grande' }],
    ['501 ids', { ids: Array.from({ length: 501 }, (_, i) => i + 1) }, { ids: 'ids: máximo 500' }],
  ])('refuses %s', (_, body, fields) => {
    expect(campos(IdOrderSchema, body)).toEqual(fields)
  })
})

describe('CatalogColorSchema: a tile’s background as #RRGGBB', () => {
  test.each([
    ['#FDE8E4', '#FDE8E4'],
    [' #fde8e4 ', '#FDE8E4'],
    ['#00aBcD', '#00ABCD'],
  ])('«%s» → %s', (typed, color) => {
    expect(CatalogColorSchema.parse(typed)).toBe(color)
  })

  test.each([
    ['without #', 'FDE8E4'],
    ['the short form', '#FFF'],
    ['with alpha', '#FDE8E4FF'],
    ['with a letter past F', '#FDE8G4'],
    ['a colour name', 'rosa'],
  ])('refuses a colour %s', (_, typed) => {
    expect(campos(CatalogColorSchema, typed)).toEqual({
      '': 'El color debe tener la forma #RRGGBB, por ejemplo #FDE8E4',
    })
  })

  test('a missing colour is required', () => {
    expect(campos(CatalogColorSchema, undefined)).toEqual({ '': 'El color es obligatorio' })
  })
})

describe('AdminCatalogInputSchema', () => {
  test('a catalogue’s name is trimmed, its colour upper-cased', () => {
    expect(AdminCatalogInputSchema.parse({ nombre: ' Solares ', colorFondo: '#fde8e4', icono: 'sun' })).toEqual({
      nombre: 'Solares',
      colorFondo: '#FDE8E4',
      icono: 'sun',
    })
  })

  test('names a missing name, a bad colour and an unknown icon', () => {
    expect(campos(AdminCatalogInputSchema, { nombre: '  ', colorFondo: 'rosa', icono: 'star' })).toEqual({
      nombre: 'El nombre del catálogo es obligatorio',
      colorFondo: 'El color debe tener la forma #RRGGBB, por ejemplo #FDE8E4',
      icono: 'El icono debe ser uno de: sun, droplet, sparkles, face, eye, leaf, shield, baby, body, flask',
    })
  })

  test('a name of 60 characters is the longest', () => {
    const input = { colorFondo: '#FFFFFF', icono: 'leaf' }
    expect(AdminCatalogInputSchema.parse({ ...input, nombre: 'a'.repeat(60) }).nombre).toHaveLength(60)
    expect(campos(AdminCatalogInputSchema, { ...input, nombre: 'a'.repeat(61) })).toEqual({
      nombre: 'El nombre del catálogo: escribe máximo 60 caracteres',
    })
  })
})

describe('AdminSubcategoryCreateSchema', () => {
  test('needs a name', () => {
    expect(AdminSubcategoryCreateSchema.parse({ nombre: ' Protector facial ' })).toEqual({
      nombre: 'Protector facial',
    })
    expect(campos(AdminSubcategoryCreateSchema, {})).toEqual({
      nombre: 'El nombre de la subcategoría es obligatorio',
    })
    expect(campos(AdminSubcategoryCreateSchema, { nombre: 'a'.repeat(61) })).toEqual({
      nombre: 'El nombre de la subcategoría: escribe máximo 60 caracteres',
    })
  })
})

describe('AdminSubcategoryUpdateSchema: a new name, another catalogue, or both', () => {
  test.each([
    ['a new name', { nombre: 'Geles' }],
    ['another catalogue', { idCatalogo: 4 }],
    ['both', { nombre: 'Geles', idCatalogo: 4 }],
  ])('accepts %s', (_, change) => {
    expect(AdminSubcategoryUpdateSchema.parse(change)).toEqual(change)
  })

  test('a change with neither is refused on the name', () => {
    expect(campos(AdminSubcategoryUpdateSchema, {})).toEqual({
      nombre: 'Indica el nuevo nombre o el catálogo al que pasa',
    })
  })

  test.each([
    ['as text', '4', 'idCatalogo debe ser un número'],
    ['of 0', 0, 'idCatalogo debe ser un número positivo'],
    ['fractional', 4.5, 'idCatalogo debe ser un número entero'],
    ['past the database’s integers', 2_147_483_648, 'idCatalogo es demasiado grande'],
  ])('refuses a catalogue id %s', (_, idCatalogo, message) => {
    expect(campos(AdminSubcategoryUpdateSchema, { idCatalogo })).toEqual({ idCatalogo: message })
  })
})
