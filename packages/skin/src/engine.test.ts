import { SKIN_MEASURES, type SkinMeasure } from '@piel/contracts'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { type SkinAnalysis, SkinEngine, type SkinImage } from './engine'
import { facePhoto, hasFacePhotos } from './testing/faces'
import {
  blurSkin,
  darkenUnderEyes,
  deepenTone,
  expose,
  foreheadLines,
  loadPhoto,
  mirror,
  paintSpots,
  pasteBeard,
  recompress,
  resample,
  rotate,
  tintCheeks,
} from './testing/perturb'

/** Real face photos for tests only (see their MANIFEST.md); nothing of them reaches the shop. */
const withFaces = hasFacePhotos()
const face = (file: string) => loadPhoto(facePhoto(file))

let engine: SkinEngine
beforeAll(async () => {
  if (withFaces) engine = await SkinEngine.create()
}, 120_000)

async function analysed(image: SkinImage): Promise<SkinAnalysis> {
  const outcome = await engine.analyze(image)
  expect(outcome.quality).toEqual({ code: 'ok', message: 'ok' })
  return outcome.analysis as SkinAnalysis
}

/** Raw-score change of every measure (negative: worse skin). */
const change = (before: SkinAnalysis, after: SkinAnalysis) =>
  Object.fromEntries(
    SKIN_MEASURES.map((m) => [m, after.measures[m].raw_score - before.measures[m].raw_score]),
  ) as Record<SkinMeasure, number>

const others = (d: Record<SkinMeasure, number>, except: SkinMeasure[]) =>
  Math.max(...SKIN_MEASURES.filter((m) => !except.includes(m)).map((m) => Math.abs(d[m])))

async function padded(image: SkinImage, scale: number, left: number, top: number, right: number, bottom: number) {
  const width = Math.round(image.width * scale)
  const height = Math.round(image.height * scale)
  const { data, info } = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .resize(width, height)
    .extend({ left, top, right, bottom, background: { r: 230, g: 230, b: 230 } })
    .raw()
    .toBuffer({ resolveWithObject: true })
  return { data: new Uint8Array(data), width: info.width, height: info.height, channels: 3 } as const
}

describe.skipIf(!withFaces)('the skin engine on a clear frontal photo', () => {
  let photo: SkinImage
  let result: SkinAnalysis
  beforeAll(async () => {
    photo = await face('25_compreface_FACE_3.jpg')
    result = await analysed(photo)
  }, 60_000)

  it('answers the seven measures, higher for healthier skin, and an overall score', () => {
    for (const measure of SKIN_MEASURES) {
      const { raw_score, ui_score } = result.measures[measure]
      expect(raw_score).toBeGreaterThanOrEqual(1)
      expect(raw_score).toBeLessThanOrEqual(100)
      expect(Number.isInteger(ui_score)).toBe(true)
      expect(ui_score).toBeGreaterThanOrEqual(1)
      expect(ui_score).toBeLessThanOrEqual(100)
    }
    // A young man with clear skin: no concern reads as severe.
    expect(result.overall.ui_score).toBeGreaterThan(70)
    expect(result.measures.wrinkle.ui_score).toBeGreaterThan(80)
    expect(result.measures.acne.ui_score).toBeGreaterThan(80)
  })

  it('says where it looked: regions on the face, inside the photo', () => {
    const names = result.regions.map((r) => r.name)
    for (const name of [
      'frente',
      'mejilla_derecha',
      'mejilla_izquierda',
      'nariz',
      'menton',
      'ojera_derecha',
      'ojera_izquierda',
    ]) {
      expect(names).toContain(name)
    }
    const [fx, fy, fw, fh] = result.face.box
    for (const region of result.regions) {
      expect(region.polygon.length).toBeGreaterThanOrEqual(3)
      for (const [x, y] of region.polygon) {
        expect(x).toBeGreaterThanOrEqual(fx - 2)
        expect(x).toBeLessThanOrEqual(fx + fw + 2)
        expect(y).toBeGreaterThanOrEqual(fy - 2)
        expect(y).toBeLessThanOrEqual(fy + fh + 2)
      }
    }
    // The forehead lies above the nose, the chin below it; the subject's right cheek on the image's left.
    const centreY = (name: string) => {
      const p = result.regions.find((r) => r.name === name)?.polygon ?? []
      return p.reduce((s, [, y]) => s + y, 0) / p.length
    }
    const centreX = (name: string) => {
      const p = result.regions.find((r) => r.name === name)?.polygon ?? []
      return p.reduce((s, [x]) => s + x, 0) / p.length
    }
    expect(centreY('frente')).toBeLessThan(centreY('nariz'))
    expect(centreY('menton')).toBeGreaterThan(centreY('nariz'))
    expect(centreX('mejilla_derecha')).toBeLessThan(centreX('mejilla_izquierda'))
  })

  it('gives the same answer for the same photo', async () => {
    const again = await analysed(photo)
    expect(again.measures).toEqual(result.measures)
    expect(again.regions).toEqual(result.regions)
  })

  it('sees a reddish tint on the cheeks as redness, and little else', async () => {
    const d = change(result, await analysed(tintCheeks(photo, result)))
    expect(d.redness).toBeLessThan(-10)
    expect(others(d, ['redness'])).toBeLessThanOrEqual(10)
  })

  it('sees small red spots as acne, and little else', async () => {
    const d = change(result, await analysed(paintSpots(photo, result)))
    expect(d.acne).toBeLessThan(-10)
    expect(others(d, ['acne'])).toBeLessThanOrEqual(10)
  })

  it('sees darker under-eyes as eye bags, and little else', async () => {
    const d = change(result, await analysed(darkenUnderEyes(photo, result)))
    expect(d.eye_bag).toBeLessThan(-10)
    expect(others(d, ['eye_bag'])).toBeLessThanOrEqual(10)
  })

  it('sees thin dark lines on the forehead as wrinkles, and little else', async () => {
    const d = change(result, await analysed(foreheadLines(photo, result)))
    expect(d.wrinkle).toBeLessThan(-10)
    expect(others(d, ['wrinkle'])).toBeLessThanOrEqual(10)
  })

  it('does not read a beard as skin: one pasted on the lower cheeks, jaw and chin keeps texture and pores within 6', async () => {
    const bearded = await analysed(pasteBeard(photo, result))
    for (const measure of ['texture', 'pore'] as const) {
      expect(Math.abs(bearded.measures[measure].ui_score - result.measures[measure].ui_score)).toBeLessThanOrEqual(6)
    }
    // The hairs were left out, and the reading says the skin it saw was partly covered.
    expect(bearded.coverage.texture.skin).toBeLessThan(result.coverage.texture.skin - 0.2)
    expect(bearded.confidence.texture.confianza).toBeLessThan(result.confidence.texture.confianza)
    expect(bearded.confidence.texture.motivos).toContain('piel_cubierta')
  })

  it('scores the same face with a deeper skin tone nearly the same (fairness across tones)', async () => {
    const d = change(result, await analysed(deepenTone(photo)))
    expect(others(d, [])).toBeLessThanOrEqual(12)
    // And on a second face, in brighter light.
    const other = await face('18_deepface_img32.jpg')
    const before = await analysed(other)
    expect(others(change(before, await analysed(expose(deepenTone(other), 1))), [])).toBeLessThanOrEqual(12)
  })

  it('sees blurred (smoothed) skin as finer texture and pores', async () => {
    const after = await analysed(await blurSkin(photo, result))
    expect(after.severities.texture).toBeLessThan(0.9 * result.severities.texture)
    expect(after.severities.pore).toBeLessThan(0.9 * result.severities.pore)
    const d = change(result, after)
    expect(d.texture).toBeGreaterThanOrEqual(0)
    expect(d.pore).toBeGreaterThanOrEqual(0)
    // A beauty-filter blur also hides fine lines and spots; colour and shape stay.
    expect(others(d, ['texture', 'pore', 'wrinkle', 'acne'])).toBeLessThanOrEqual(10)
  })
})

describe.skipIf(!withFaces)('skin age (edadPiel)', () => {
  it('answers whole years in a plausible range for a young man, and the same within 3 years mirrored or tilted', async () => {
    const photo = await face('25_compreface_FACE_3.jpg')
    const { edadPiel } = await analysed(photo)
    expect(Number.isInteger(edadPiel)).toBe(true)
    expect(edadPiel).toBeGreaterThanOrEqual(16)
    expect(edadPiel).toBeLessThanOrEqual(40)
    const mirrored = (await analysed(await mirror(photo))).edadPiel as number
    expect(Math.abs(mirrored - (edadPiel as number))).toBeLessThanOrEqual(3)
    const tilted = (await analysed(await rotate(photo, 10))).edadPiel as number
    expect(Math.abs(tilted - (edadPiel as number))).toBeLessThanOrEqual(3)
  })

  it('reads an older face as older', async () => {
    // 08: a man in his seventies; 25: a young man.
    const older = (await analysed(await face('08_facerec_biden2.jpg'))).edadPiel as number
    const young = (await analysed(await face('25_compreface_FACE_3.jpg'))).edadPiel as number
    expect(older).toBeGreaterThanOrEqual(young + 15)
  })
})

describe.skipIf(!withFaces)('stability', () => {
  let twelve: SkinImage
  let reference: SkinAnalysis
  beforeAll(async () => {
    // A real phone selfie (20 MP), brought to 12 MP.
    twelve = await resample(await face('26_compreface_006_A_selfie.jpg'), 12)
    reference = await analysed(twelve)
  }, 60_000)

  const worst = (d: Record<SkinMeasure, number>) => others(d, [])

  it('hardly moves from 12 MP down to 1 MP', async () => {
    expect(worst(change(reference, await analysed(await resample(twelve, 1))))).toBeLessThanOrEqual(8)
    expect(worst(change(reference, await analysed(await resample(twelve, 4))))).toBeLessThanOrEqual(8)
  })

  it('hardly moves with a third of a stop of exposure either way', async () => {
    expect(worst(change(reference, await analysed(expose(twelve, 1 / 3))))).toBeLessThanOrEqual(8)
    expect(worst(change(reference, await analysed(expose(twelve, -1 / 3))))).toBeLessThanOrEqual(8)
  })

  it('hardly moves with JPEG compression', async () => {
    expect(worst(change(reference, await analysed(await recompress(twelve, 70))))).toBeLessThanOrEqual(8)
  })
})

describe.skipIf(!withFaces)('photos unfit for analysis get the code they deserve', () => {
  let photo: SkinImage
  beforeAll(async () => {
    photo = await face('05_human_stock-emotions-a-3.jpg')
  })

  it('a crop without a whole face: no-face, with the chat and upload texts', async () => {
    const crop = await face('34_acne_acne-face-19-1.jpg')
    expect((await engine.analyze(crop, { mode: 'chat' })).quality).toEqual({
      code: 'no-face',
      message: 'La imagen no contiene un rostro.',
    })
    expect((await engine.analyze(crop, { mode: 'upload' })).quality).toEqual({
      code: 'no-face',
      message: 'No se detectó rostro en la imagen.',
    })
  })

  it('a dark photo: too-dark', async () => {
    const outcome = await engine.analyze(expose(photo, -6))
    expect(outcome.quality).toEqual({ code: 'too-dark', message: 'La imagen está muy oscura.' })
    expect(outcome.analysis).toBeUndefined()
  })

  it('an out-of-focus photo: blurry', async () => {
    const { data, info } = await sharp(photo.data, { raw: { width: photo.width, height: photo.height, channels: 3 } })
      .blur(12)
      .raw()
      .toBuffer({ resolveWithObject: true })
    const outcome = await engine.analyze({
      data: new Uint8Array(data),
      width: info.width,
      height: info.height,
      channels: 3,
    })
    expect(outcome.quality).toEqual({ code: 'blurry', message: 'La imagen está borrosa.' })
  })

  it('a face far off to one side: off-center (the chat says "Imagen inválida.")', async () => {
    const outcome = await engine.analyze(await padded(photo, 0.5, 0, 0, 900, 0), { mode: 'chat' })
    expect(outcome.quality).toEqual({ code: 'off-center', message: 'Imagen inválida.' })
  })

  it('a face small in a wide photo: face-too-narrow on the upload page, fine for the chat', async () => {
    const wide = await padded(photo, 0.5, 500, 0, 500, 0)
    expect((await engine.analyze(wide, { mode: 'upload' })).quality.code).toBe('face-too-narrow')
    expect((await engine.analyze(wide, { mode: 'chat' })).quality.code).toBe('ok')
  })

  it('a transparent PNG is flattened, not refused', async () => {
    const rgba = await sharp(photo.data, { raw: { width: photo.width, height: photo.height, channels: 3 } })
      .ensureAlpha(0.9)
      .raw()
      .toBuffer()
    const outcome = await engine.analyze({
      data: new Uint8Array(rgba),
      width: photo.width,
      height: photo.height,
      channels: 4,
    })
    expect(outcome.quality.code).toBe('ok')
  })
})
