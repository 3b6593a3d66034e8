import { SKIN_MEASURES } from '@piel/contracts'
import { beforeAll, describe, expect, it } from 'vitest'
import { type SkinAnalysis, SkinEngine } from '../engine'
import { REPEATABILITY_BANDS } from '../repeatability'
import { facePhoto, hasFacePhotos } from './faces'
import { exposeGain, loadPhoto } from './perturb'
import {
  measureStability,
  mirrorRegionDifferences,
  nearestRank,
  STABILITY_CHANGES,
  type StabilityTable,
} from './stability'

/**
 * Issue 13 over every test face the engine analyses: each change that leaves the skin untouched
 * (mirror, tilt, exposure, JPEG quality, resolution, tone), generated here from the decoded photo.
 */
const withFaces = hasFacePhotos()

let engine: SkinEngine
let table: StabilityTable

describe.skipIf(!withFaces)('repeatability over the test faces', () => {
  beforeAll(async () => {
    engine = await SkinEngine.create()
    table = await measureStability(engine, { keepAnalyses: true })
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

  it('moves no score beyond the issue’s bound: 3 for the mirror, 6 for every other change', () => {
    const bound = new Map(STABILITY_CHANGES.map((c) => [c.name, c.bound]))
    const over = table.results.flatMap((r) =>
      SKIN_MEASURES.filter((m) => (r.moves?.[m] ?? 0) > (bound.get(r.change) ?? 0)).map(
        (m) => `${r.face} ${r.change} ${m} ${r.before?.[m]}→${r.after?.[m]}`,
      ),
    )
    expect(over).toEqual([])
  })

  it('gives a mirrored face the mirrored region readings', () => {
    const mirrored = table.results.filter((r) => r.change === 'mirror' && r.analyses)
    expect(mirrored.length).toBe(table.faces.length)
    const differences = mirrored.flatMap((r) =>
      mirrorRegionDifferences(r.analyses?.before as SkinAnalysis, r.analyses?.after as SkinAnalysis).map((d) =>
        Math.abs(d.difference),
      ),
    )
    // Raw region scores, one small region at a time, move more than the whole face's: on the run of
    // the package README half match within 0.2, 90 % within 2, 95 % within 4, all within 20.
    expect(nearestRank(differences, 0.9)).toBeLessThanOrEqual(2)
    expect(nearestRank(differences, 0.95)).toBeLessThanOrEqual(4)
    expect(Math.max(...differences)).toBeLessThanOrEqual(20)
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
