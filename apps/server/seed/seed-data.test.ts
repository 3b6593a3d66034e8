import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { seedCatalogs } from './catalogs'
import { renderBanner, renderProductImage } from './drawing/images'
import { demoPictureJobs, readDemoPictures } from './pictures'
import { seedProducts } from './products'
import type { SeedProduct } from './types'

const REQUIRED_CHARACTERISTICS = ['Marca', 'Tipo de producto', 'Tipo de piel', 'Preocupación', 'Ingrediente activo']

/** Lower-cased, accents removed: two values with the same fold are two spellings of one value. */
const fold = (value: string) =>
  value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim()

describe('demo catalogue', () => {
  test('has enough products, each with a unique reference', () => {
    expect(seedProducts.length).toBeGreaterThanOrEqual(60)
    const references = seedProducts.map((product) => product.reference)
    expect(new Set(references).size).toBe(references.length)
  })

  test('places every product in an existing catalogue and sub-category, and fills every sub-category', () => {
    const subcategoriesOf = new Map(
      seedCatalogs.map((catalog) => [catalog.key, catalog.subcategories.map((s) => s.key)]),
    )
    for (const product of seedProducts) {
      expect(subcategoriesOf.get(product.catalogKey), product.reference).toContain(product.subcategoryKey)
    }
    for (const catalog of seedCatalogs) {
      for (const sub of catalog.subcategories) {
        const count = seedProducts.filter((p) => p.catalogKey === catalog.key && p.subcategoryKey === sub.key).length
        expect(count, `${catalog.key}/${sub.key}`).toBeGreaterThan(0)
      }
    }
  })

  test('prices are whole pesos with IVA 19 %, sane discounts and a lower corporate price', () => {
    for (const product of seedProducts) {
      expect(Number.isInteger(product.price) && product.price > 0, product.reference).toBe(true)
      expect(product.price % 100, product.reference).toBe(0)
      expect(product.discount).toBeGreaterThanOrEqual(0)
      expect(product.discount).toBeLessThanOrEqual(60)
      expect(Number.isInteger(product.corporatePrice) && product.corporatePrice > 0).toBe(true)
      expect(product.corporatePrice, product.reference).toBeLessThan(product.price)
      expect(product.corporatePrice / product.price).toBeGreaterThanOrEqual(0.85)
      expect(product.corporateDiscount).toBeGreaterThanOrEqual(0)
      expect(product.corporateDiscount).toBeLessThanOrEqual(10)
      expect(product.iva).toBe(19)
      expect(product.corporateIva).toBe(19)
    }
    const discounted = seedProducts.filter((product) => product.discount > 0).length
    expect(discounted / seedProducts.length).toBeGreaterThan(0.2)
  })

  test('some products are sold out and a few are almost gone', () => {
    expect(seedProducts.filter((product) => product.stock === 0).length).toBeGreaterThanOrEqual(3)
    expect(seedProducts.filter((product) => product.stock > 0 && product.stock <= 3).length).toBeGreaterThanOrEqual(2)
  })

  test('sales and comments are plausible (the stars a product shows are the average of its comments)', () => {
    for (const product of seedProducts) {
      expect(product.sold).toBeGreaterThanOrEqual(0)
      for (const comment of product.comments) {
        expect(comment.rating).toBeGreaterThanOrEqual(1)
        expect(comment.rating).toBeLessThanOrEqual(5)
        expect(comment.date).toMatch(/^2026-\d\d-\d\d$/)
        expect(Number.isNaN(Date.parse(comment.date))).toBe(false)
      }
    }
    expect(new Set(seedProducts.map((product) => product.sold)).size).toBeGreaterThan(seedProducts.length / 2)
  })

  test('every product has the characteristics the filter panel relies on', () => {
    for (const product of seedProducts) {
      for (const name of REQUIRED_CHARACTERISTICS) {
        expect(product.characteristics[name]?.length ?? 0, `${product.reference} ${name}`).toBeGreaterThan(0)
      }
      expect(product.characteristics.Marca).toEqual([product.brand])
    }
  })

  test('every product says for whom it is: from what age, whether in pregnancy, with or without perfume (issue 31)', () => {
    const vocabulary: Record<string, readonly string[]> = {
      'Edad mínima': [
        'Desde el nacimiento',
        'Desde los 3 meses',
        'Desde los 6 meses',
        'Desde los 12 meses',
        'Desde los 3 años',
        'Desde los 12 años',
        'Adultos',
      ],
      'Apto en embarazo': ['Sí', 'Consultar con el médico', 'No'],
      Perfume: ['Sin perfume', 'Con perfume'],
    }
    for (const product of seedProducts) {
      for (const [name, values] of Object.entries(vocabulary)) {
        expect(product.characteristics[name], `${product.reference} ${name}`).toHaveLength(1)
        expect(values, `${product.reference} ${name}`).toContain(product.characteristics[name]?.[0])
      }
      expect(product.characteristics.Zona?.length ?? 0, product.reference).toBeGreaterThan(0)
    }
    const of = (name: string, value: string) => seedProducts.filter((p) => p.characteristics[name]?.[0] === value)
    // What the issue names: retinol, salicylic acid, Thiamidol are not for pregnancy; baby emollients from birth.
    for (const product of seedProducts) {
      const actives = product.characteristics['Ingrediente activo'] ?? []
      if (actives.some((a) => ['Retinol', 'Thiamidol'].includes(a))) {
        expect(product.characteristics['Apto en embarazo'], product.reference).toEqual(['No'])
      }
      if (actives.includes('Ácido salicílico')) {
        expect(product.characteristics['Apto en embarazo'], product.reference).not.toEqual(['Sí'])
      }
      // Nothing exfoliating or with retinoids for a child under 12.
      if (actives.some((a) => ['Retinol', 'Ácido salicílico', 'Thiamidol'].includes(a))) {
        expect(['Desde los 12 años', 'Adultos'], product.reference).toContain(
          product.characteristics['Edad mínima']?.[0],
        )
      }
    }
    const fromBirth = of('Edad mínima', 'Desde el nacimiento').map((p) => p.name)
    for (const name of ['Lipikar Baume AP+M', 'Atoderm Crema Ultra', 'XeraCalm A.D', 'Cicaplast Baume B5+']) {
      expect(
        fromBirth.some((n) => n.startsWith(name)),
        name,
      ).toBe(true)
    }
    // The shop can protect a baby from 6 months and a child: sunscreens for them, without perfume.
    const sunscreens = seedProducts.filter((p) => p.characteristics['Tipo de producto']?.includes('Protector solar'))
    const forSmallChildren = sunscreens.filter((p) =>
      ['Desde los 6 meses', 'Desde los 12 meses'].includes(p.characteristics['Edad mínima']?.[0] ?? ''),
    )
    expect(forSmallChildren.length).toBeGreaterThanOrEqual(2)
    for (const p of forSmallChildren) expect(p.characteristics.Perfume, p.reference).toEqual(['Sin perfume'])
    expect(sunscreens.every((p) => p.characteristics['Edad mínima']?.[0] !== 'Desde el nacimiento')).toBe(true)
  })

  test('each characteristic spells a value one way only (case and accents included)', () => {
    const spellings = new Map<string, Map<string, Set<string>>>()
    for (const product of seedProducts) {
      for (const [name, values] of Object.entries(product.characteristics)) {
        const byFold = spellings.get(name) ?? new Map<string, Set<string>>()
        spellings.set(name, byFold)
        for (const value of values) {
          const variants = byFold.get(fold(value)) ?? new Set<string>()
          byFold.set(fold(value), variants)
          variants.add(value)
        }
      }
    }
    const clashes = [...spellings.entries()].flatMap(([name, byFold]) =>
      [...byFold.values()]
        .filter((variants) => variants.size > 1)
        .map((variants) => `${name}: ${[...variants].join(' / ')}`),
    )
    expect(clashes).toEqual([])
  })

  test('INVIMA codes, when present, look like NSO codes', () => {
    for (const product of seedProducts) {
      if (product.invima !== null) expect(product.invima, product.reference).toMatch(/^NSOC\d{5}-\d{2}CO$/)
    }
  })
})

describe('generated pictures', () => {
  const longAccented: Pick<SeedProduct, 'name' | 'brand' | 'image' | 'characteristics'> = {
    name: 'Fotoprotector Fusión Hidratante Ultraligero con Ácido Hialurónico y Niacinamida Edición Especial Montaña FPS 50+ 50 ml',
    brand: 'Laboratorios Dermatológicos Señorial de Colombia',
    image: { shape: 'tube', color: '#FFFFFF', accent: '#1D5FAE' },
    characteristics: { Tamaño: ['50 ml'], FPS: ['50+'], Textura: ['Crema'] },
  }

  test.each([0, 1, 2] as const)('view %i of a product with a long accented name is a 640×640 WebP', async (view) => {
    const bytes = await renderProductImage(longAccented, view)
    const meta = await sharp(bytes).metadata()
    expect(meta.format).toBe('webp')
    expect(meta.width).toBe(640)
    expect(meta.height).toBe(640)
  })

  test('product pictures are deterministic', async () => {
    const first = await renderProductImage(longAccented, 1)
    const second = await renderProductImage(longAccented, 1)
    expect(first.equals(second)).toBe(true)
  })

  test('every package shape of the catalogue renders', async () => {
    const oneOfEachShape = [...new Map(seedProducts.map((product) => [product.image.shape, product])).values()]
    for (const product of oneOfEachShape) {
      const meta = await sharp(await renderProductImage(product, 0)).metadata()
      expect(meta.width, product.image.shape).toBe(640)
    }
  })

  test.each([0, 1, 2, 3] as const)('banner %i is a 1600×600 WebP', async (index) => {
    const meta = await sharp(await renderBanner(index)).metadata()
    expect(meta.format).toBe('webp')
    expect(meta.width).toBe(1600)
    expect(meta.height).toBe(600)
  })
})

describe('the pictures the build draws', () => {
  test('one per view of each product and per banner, each under its own key', () => {
    const keys = demoPictureJobs().map((job) => job.key)
    expect(keys).toHaveLength(seedProducts.length * 3 + 4)
    expect(new Set(keys).size).toBe(keys.length)
    expect(keys.slice(0, 4)).toEqual(['banner-1.webp', 'banner-2.webp', 'banner-3.webp', 'banner-4.webp'])
  })

  test('a folder without them is refused in Spanish, naming the file and the build that draws them', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'piel-demo-pictures-'))
    try {
      await expect(readDemoPictures(dir)).rejects.toThrow(
        /^Falta la imagen de demostración .+\.webp\. La compilación las dibuja: ejecute npm run build/,
      )
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
