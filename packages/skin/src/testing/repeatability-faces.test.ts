import { SKIN_MEASURES } from '@piel/contracts'
import { beforeAll, describe, expect, it } from 'vitest'
import { SkinEngine } from '../engine'
import { REPEATABILITY_BANDS } from '../repeatability'
import { facePhoto, hasFacePhotos } from './faces'
import { exposeGain, loadPhoto } from './perturb'
import { measureStability, STABILITY_CHANGES, type StabilityTable } from './stability'

/**
 * Issue 13 over every test face the engine analyses: each change that leaves the skin untouched
 * (mirror, tilt, exposure, JPEG quality, resolution, tone), generated here from the decoded photo.
 */
const withFaces = hasFacePhotos()

/**
 * Changed photos (of 276) that still move some score beyond the bound (mirror 3, others 6)
 * on the run the package README records. It may only fall: lower it when the engine gets steadier.
 */
const OVER_BOUND_AT_MOST = 1

let engine: SkinEngine
let table: StabilityTable

describe.skipIf(!withFaces)('repeatability over the test faces', () => {
  beforeAll(async () => {
    engine = await SkinEngine.create()
    table = await measureStability(engine)
  }, 600_000)

  it('analyses the faces it analysed before, and loses none to a change but halving below the size limit', () => {
    expect(table.faces.length).toBeGreaterThanOrEqual(22)
    const lost = table.results.filter((r) => r.status === 'lost').map((r) => `${r.face} ${r.change} ${r.code}`)
    // A deeper tone makes one soft photo too soft to judge: refused, not misjudged.
    expect(lost).toEqual(['07_human_stock-emotions-b-2.jpg tone deeper blurry'])
  })

  it('never moves a measure beyond its published test-retest band', () => {
    const beyond = table.results.flatMap((r) =>
      SKIN_MEASURES.filter((m) => (r.moves?.[m] ?? 0) > REPEATABILITY_BANDS[m]).map(
        (m) => `${r.face} ${r.change} ${m} ${r.before?.[m]}→${r.after?.[m]}`,
      ),
    )
    expect(beyond).toEqual([])
  })

  it('keeps at most the recorded number of changed photos beyond the issue’s bounds', () => {
    const bound = new Map(STABILITY_CHANGES.map((c) => [c.name, c.bound]))
    const over = table.results.filter(
      (r) => r.moves && SKIN_MEASURES.some((m) => (r.moves?.[m] ?? 0) > (bound.get(r.change) ?? 0)),
    )
    expect(over.length).toBeLessThanOrEqual(OVER_BOUND_AT_MOST)
    // Every face but one stays within every bound under every change.
    const steady = table.faces.filter((face) => !over.some((r) => r.face === face))
    expect(steady.length).toBeGreaterThanOrEqual(table.faces.length - 1)
  })

  it('gives a burnt-out exposure of a clear face a lower confidence, with the reason', async () => {
    const photo = await loadPhoto(facePhoto('25_compreface_FACE_3.jpg'))
    const plain = (await engine.analyze(photo)).analysis
    const burnt = (await engine.analyze(exposeGain(photo, 2))).analysis
    expect(plain?.confidenceSummary.nivel).toBe('alta')
    expect(burnt?.confidence.redness.confianza).toBeLessThan((plain?.confidence.redness.confianza ?? 0) - 0.3)
    expect(burnt?.confidence.redness.motivos).toContain('brillos')
  })
})
