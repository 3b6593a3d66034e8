import { describe, expect, it } from 'vitest'
import { type CatalogueProduct, recommendRoutine } from './recommend'

let nextId = 1
const product = (p: Partial<CatalogueProduct> & Pick<CatalogueProduct, 'tipo'>): CatalogueProduct => ({
  id: nextId++,
  nombre: `Producto ${nextId}`,
  marca: 'Marca',
  preocupaciones: [],
  activos: [],
  tiposDePiel: ['Todo tipo de piel'],
  existencia: 10,
  vendidos: 100,
  ...p,
})

const cleanser = product({ tipo: ['Limpiador'], preocupaciones: ['Acné'], activos: ['Ácido salicílico'] })
const micellar = product({ tipo: ['Agua micelar'], preocupaciones: ['Sensibilidad'], vendidos: 900 })
const salicylicSerum = product({
  tipo: ['Sérum'],
  preocupaciones: ['Acné'],
  activos: ['Ácido salicílico', 'Niacinamida'],
})
const niacinamideSerum = product({ tipo: ['Sérum'], preocupaciones: ['Brillo'], activos: ['Niacinamida'] })
const retinolSerum = product({ tipo: ['Sérum'], preocupaciones: ['Arrugas'], activos: ['Retinol'] })
const soldOutSerum = product({
  tipo: ['Sérum'],
  preocupaciones: ['Acné'],
  activos: ['Ácido salicílico', 'Zinc'],
  existencia: 0,
})
const gelCream = product({
  tipo: ['Gel hidratante'],
  preocupaciones: ['Deshidratación'],
  activos: ['Ácido hialurónico'],
  texturas: ['Gel'],
})
const repairCream = product({
  tipo: ['Crema reparadora'],
  preocupaciones: ['Sensibilidad'],
  activos: ['Ceramidas', 'Pantenol'],
})
const spf30 = product({
  tipo: ['Protector solar'],
  preocupaciones: ['Protección solar'],
  activos: ['Filtros UV'],
  fps: 30,
  vendidos: 800,
})
const spf50 = product({
  tipo: ['Protector solar'],
  preocupaciones: ['Protección solar'],
  activos: ['Filtros UV'],
  fps: 50,
})
const eyeContour = product({ tipo: ['Contorno de ojos'], preocupaciones: ['Ojeras'], activos: ['Cafeína'] })
const bodyLotion = product({ tipo: ['Loción corporal'], preocupaciones: ['Resequedad corporal'], vendidos: 5000 })

const catalogue = [
  cleanser,
  micellar,
  salicylicSerum,
  niacinamideSerum,
  retinolSerum,
  soldOutSerum,
  gelCream,
  repairCream,
  spf30,
  spf50,
  eyeContour,
  bodyLotion,
]
const ids = new Set(catalogue.map((p) => p.id))

describe('a routine from the catalogue', () => {
  it('fills morning and night steps with in-stock products of the catalogue, each with a reason', () => {
    const r = recommendRoutine(catalogue, ['acne', 'pore'])
    expect(r.respaldo).toBe(false)
    expect(r.manana.map((i) => i.paso)).toEqual(['limpiar', 'tratar', 'hidratar', 'proteger'])
    expect(r.noche.map((i) => i.paso)).toEqual(['limpiar', 'tratar', 'hidratar'])
    for (const item of [...r.manana, ...r.noche]) {
      expect(ids.has(item.productoId)).toBe(true)
      expect(item.productoId).not.toBe(soldOutSerum.id)
      expect(item.productoId).not.toBe(bodyLotion.id)
      expect(item.razon.length).toBeGreaterThan(10)
    }
    expect(new Set(r.productos.map((p) => p.id)).size).toBe(r.productos.length)
  })

  it('treats the first measure in focus, and keeps acids and retinol for the night', () => {
    const r = recommendRoutine(catalogue, ['acne'])
    const morningTreat = r.manana.find((i) => i.paso === 'tratar')
    const nightTreat = r.noche.find((i) => i.paso === 'tratar')
    expect(nightTreat?.productoId).toBe(salicylicSerum.id)
    expect(nightTreat?.razon).toBe('Sérum con ácido salicílico para las imperfecciones.')
    expect(morningTreat?.productoId).toBe(niacinamideSerum.id)
    expect(r.manana.find((i) => i.paso === 'limpiar')?.productoId).not.toBe(cleanser.id)
  })

  it('adds the eye contour at night when eye bags are in focus', () => {
    const r = recommendRoutine(catalogue, ['eye_bag', 'acne'])
    expect(r.noche.some((i) => i.productoId === eyeContour.id)).toBe(true)
  })

  it('lets the weather choose: FPS 50 under a high UV index, gel textures in humid heat, repair in the cold', () => {
    // Acne: neither moisturiser speaks to it, so the weather decides between them.
    const sunny = recommendRoutine(catalogue, ['acne'], { weather: { uv: 11, temperatura: 30, humedad: 80 } })
    expect(sunny.manana.find((i) => i.paso === 'proteger')?.productoId).toBe(spf50.id)
    expect(sunny.manana.find((i) => i.paso === 'hidratar')?.productoId).toBe(gelCream.id)
    expect(sunny.consejosClima.join(' ')).toContain('FPS 50')
    const cold = recommendRoutine(catalogue, ['acne'], { weather: { uv: 2, temperatura: 9, humedad: 35 } })
    expect(cold.manana.find((i) => i.paso === 'hidratar')?.productoId).toBe(repairCream.id)
    expect(cold.consejosClima.join(' ')).toContain('ceramidas')
    expect(recommendRoutine(catalogue, ['wrinkle']).consejosClima).toEqual([])
  })

  it('keeps clear skin to the basics: cleanse, moisturise, protect', () => {
    const r = recommendRoutine(catalogue, [])
    expect(r.manana.map((i) => i.paso)).toEqual(['limpiar', 'hidratar', 'proteger'])
    expect(r.noche.map((i) => i.paso)).toEqual(['limpiar', 'hidratar'])
  })

  it('falls back to the first 4 in-stock products by units sold, marked, when nothing addresses the focus', () => {
    const plain = catalogue.filter((p) => p.preocupaciones.length === 0 || p.id === spf30.id || p.id === micellar.id)
    const r = recommendRoutine([...plain, { ...soldOutSerum, preocupaciones: ['Ojeras'] }], ['eye_bag'])
    expect(r.respaldo).toBe(true)
    expect(r.productos.length).toBeLessThanOrEqual(4)
    expect(r.productos.slice(0, 2).map((p) => p.id)).toEqual([micellar.id, spf30.id])
    expect(r.productos.every((p) => p.id !== soldOutSerum.id)).toBe(true)
  })
})
