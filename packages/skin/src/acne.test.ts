import { beforeAll, describe, expect, it } from 'vitest'
import { acneGrade, hayashiGrade } from './acne'
import { type SkinAnalysis, SkinEngine, type SkinImage } from './engine'
import { facePhoto, hasFacePhotos } from './testing/faces'
import { matchLesions, placeLesions } from './testing/lesions'
import { deepenTone, loadPhoto, mirror } from './testing/perturb'

describe('Hayashi grade (J Dermatol 2008) of the count on half of the face', () => {
  it('maps counts onto the published bands, with none found as sin_lesiones', () => {
    expect([0, 1, 5, 6, 20, 21, 50, 51].map(hayashiGrade)).toEqual([
      'sin_lesiones',
      'leve',
      'leve',
      'moderado',
      'moderado',
      'severo',
      'severo',
      'muy_severo',
    ])
  })

  it('counts the more affected half, a midline lesion on both, and lists only lesions weighing ½ or more', () => {
    const lesion = (right: number, left: number, weight = 1) => ({
      x: 0,
      y: 0,
      radius: 2,
      diameterMm: 2,
      contrast: 0.2,
      weight,
      right,
      left,
    })
    const grade = acneGrade([lesion(1, 0), lesion(1, 0), lesion(0, 1), lesion(1, 1), lesion(1, 0, 0.3)])
    expect(grade).toEqual({ count: 4, halfFace: 3, grade: 'leve' })
  })
})

const withFaces = hasFacePhotos()

describe.skipIf(!withFaces)('acne lesions on a clear face with synthetic papules', () => {
  let engine: SkinEngine
  let photo: SkinImage
  let clean: SkinAnalysis
  beforeAll(async () => {
    engine = await SkinEngine.create()
    photo = await loadPhoto(facePhoto('25_compreface_FACE_3.jpg'))
    const outcome = await engine.analyze(photo)
    clean = outcome.analysis as SkinAnalysis
  }, 120_000)

  async function withLesions(image: SkinImage, base: SkinAnalysis, count: number, tone: 'light' | 'dark') {
    // 2–4 mm: what the counter finds reliably (1 mm lesions, two pixels of its crop, mostly not).
    const placed = placeLesions(image, base, count, { tone, sizesMm: [2, 3, 4] })
    const outcome = await engine.analyze(placed.image)
    expect(outcome.quality.code).toBe('ok')
    const analysis = outcome.analysis as SkinAnalysis
    return {
      placed: placed.lesions,
      analysis,
      match: matchLesions(placed.lesions, analysis.lesions, base.nativeIod / 63),
    }
  }

  it('finds no more than a couple of lesions on the clear face, and scores it high', () => {
    expect(clean.acneGrade.count).toBeLessThanOrEqual(2)
    expect(['sin_lesiones', 'leve']).toContain(clean.acneGrade.grade)
    expect(clean.measures.acne.ui_score).toBeGreaterThanOrEqual(85)
    expect(clean.lesions.length).toBe(clean.acneGrade.count)
  })

  it('counts 12 red papules of 2–4 mm where they were placed, and scores the face lower', async () => {
    const { placed, analysis, match } = await withLesions(photo, clean, 12, 'light')
    expect(placed).toHaveLength(12)
    // Found: a detected centre within the lesion's radius + 1 mm.
    expect(match.found.filter(Boolean).length).toBeGreaterThanOrEqual(8)
    expect(match.falsePositives).toBeLessThanOrEqual(3)
    expect(Math.abs(analysis.acneGrade.count - 12)).toBeLessThanOrEqual(3)
    // Positions and radii are in the photo's pixels, to 0.1.
    const pxPerMm = clean.nativeIod / 63
    for (const lesion of analysis.lesions) {
      expect(lesion.x).toBe(Math.round(lesion.x * 10) / 10)
      expect(lesion.y).toBe(Math.round(lesion.y * 10) / 10)
      expect(lesion.radius).toBeGreaterThan(0.3 * pxPerMm)
      expect(lesion.radius).toBeLessThan(3 * pxPerMm)
    }
    expect(analysis.acneGrade.halfFace).toBeGreaterThanOrEqual(4)
    expect(analysis.measures.acne.ui_score).toBeLessThan(clean.measures.acne.ui_score - 10)
  }, 60_000)

  it('finds darker red-brown lesions on a deeper skin tone too', async () => {
    const deeper = deepenTone(photo)
    const base = (await engine.analyze(deeper)).analysis as SkinAnalysis
    const { match, analysis } = await withLesions(deeper, base, 12, 'dark')
    expect(match.found.filter(Boolean).length).toBeGreaterThanOrEqual(8)
    expect(analysis.measures.acne.ui_score).toBeLessThan(base.measures.acne.ui_score - 10)
  }, 60_000)

  it('counts the same lesions on the mirrored photo, within two, and scores them within 3', async () => {
    const placed = placeLesions(photo, clean, 12, { tone: 'light', sizesMm: [2, 3, 4] })
    const analysis = (await engine.analyze(placed.image)).analysis as SkinAnalysis
    const mirrored = (await engine.analyze(await mirror(placed.image))).analysis as SkinAnalysis
    expect(Math.abs(mirrored.acneGrade.count - analysis.acneGrade.count)).toBeLessThanOrEqual(2)
    expect(Math.abs(mirrored.measures.acne.ui_score - analysis.measures.acne.ui_score)).toBeLessThanOrEqual(3)
  }, 60_000)
})
