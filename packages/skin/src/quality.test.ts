import { describe, expect, it } from 'vitest'
import {
  isBeyondAnalysis,
  isTurned,
  judgeFace,
  judgePhoto,
  laplacianVariance,
  largestFace,
  MAX_YAW,
  meshBox,
  type QualityInput,
} from './quality'
import { overallScore, rawScore, uiScore } from './scoring'

const good: QualityInput = {
  imageWidth: 1000,
  imageHeight: 1200,
  face: { box: [300, 300, 400, 480], score: 0.9 },
  brightness: 120,
  sharpness: 200,
}

describe('the photo checks of spec 001 §5', () => {
  it('passes a large, centred, lit and sharp frontal face', () => {
    expect(judgePhoto(good, 'chat')).toBe('ok')
    expect(judgePhoto(good, 'upload')).toBe('ok')
  })

  it('answers each code at its threshold, in the order of the spec', () => {
    expect(judgePhoto({ ...good, face: undefined }, 'chat')).toBe('no-face')
    expect(judgePhoto({ ...good, face: { box: [300, 300, 400, 480], score: 0.19 } }, 'chat')).toBe('no-face')
    expect(judgePhoto({ ...good, face: { box: [450, 500, 99, 119], score: 0.9 } }, 'chat')).toBe('too-small')
    // A small photo whose face fills it, but with too few pixels to see the skin.
    const tiny = { ...good, imageWidth: 200, imageHeight: 240 }
    expect(judgePhoto({ ...tiny, face: { box: [26, 30, 199, 240], score: 0.9 } }, 'chat')).toBe('too-small')
    expect(judgePhoto({ ...tiny, face: { box: [0, 0, 200, 240], score: 0.9 } }, 'chat')).toBe('ok')
    expect(judgePhoto({ ...good, face: { box: [350, 300, 300, 600], score: 0.9 } }, 'chat')).toBe('not-frontal')
    expect(judgePhoto({ ...good, face: { box: [300, 400, 400, 300], score: 0.9 } }, 'chat')).toBe('not-frontal')
    // Centre 151 px (more than 15 % of 1000) from the middle.
    expect(judgePhoto({ ...good, face: { box: [451, 300, 400, 480], score: 0.9 } }, 'chat')).toBe('off-center')
    expect(judgePhoto({ ...good, face: { box: [449, 300, 400, 480], score: 0.9 } }, 'chat')).toBe('ok')
    expect(judgePhoto({ ...good, brightness: 34.9 }, 'chat')).toBe('too-dark')
    expect(judgePhoto({ ...good, sharpness: 39.9 }, 'chat')).toBe('blurry')
    // Darkness is judged before blur, the face before the light.
    expect(judgePhoto({ ...good, brightness: 10, sharpness: 1 }, 'chat')).toBe('too-dark')
    expect(judgePhoto({ ...good, face: undefined, brightness: 10 }, 'chat')).toBe('no-face')
  })

  it('asks the upload page for a wider face than the chat', () => {
    const narrow = { ...good, face: { box: [360, 400, 250, 300] as const, score: 0.9 } }
    expect(judgePhoto(narrow, 'chat')).toBe('ok')
    expect(judgePhoto(narrow, 'upload')).toBe('face-too-narrow')
  })

  it('calls a head turned or tilted beyond 25° not frontal, after the size checks', () => {
    expect(isTurned({ yaw: 0.44, pitch: -0.44, roll: 0.44 })).toBe(false)
    expect(isTurned({ yaw: -0.45, pitch: 0, roll: 0 })).toBe(true)
    expect(isTurned({ yaw: 0, pitch: 0, roll: 0.6 })).toBe(true)
    const turned = { yaw: 0.6, pitch: 0, roll: 0 }
    expect(judgeFace(good, 'chat', turned)).toBe('not-frontal')
    expect(judgeFace({ ...good, brightness: 10 }, 'chat', turned)).toBe('not-frontal')
    expect(judgeFace({ ...good, face: undefined }, 'chat', turned)).toBe('no-face')
    expect(judgeFace(good, 'chat', { yaw: 0.1, pitch: 0.1, roll: 0.1 })).toBe('ok')
    expect(judgeFace(good, 'chat', undefined)).toBe('ok')
  })

  it('analyses a head turned up to 30° (read on its near side), and keeps not-frontal beyond it or for pitch and roll over 25°', () => {
    expect(MAX_YAW).toBeCloseTo(0.5236, 4)
    expect(isBeyondAnalysis({ yaw: 0.52, pitch: 0.44, roll: -0.44 })).toBe(false)
    expect(isBeyondAnalysis({ yaw: -0.53, pitch: 0, roll: 0 })).toBe(true)
    expect(isBeyondAnalysis({ yaw: 0, pitch: 0.45, roll: 0 })).toBe(true)
    expect(isBeyondAnalysis({ yaw: 0, pitch: 0, roll: -0.45 })).toBe(true)
    for (const mode of ['chat', 'upload'] as const) {
      // 28° of yaw: over the camera guide's frontal limit, within the analysis'.
      expect(isTurned({ yaw: 0.49, pitch: 0, roll: 0 })).toBe(true)
      expect(judgeFace(good, mode, { yaw: 0.49, pitch: 0, roll: 0 })).toBe('ok')
      expect(judgeFace(good, mode, { yaw: -0.53, pitch: 0, roll: 0 })).toBe('not-frontal')
      expect(judgeFace(good, mode, { yaw: 0.2, pitch: 0.5, roll: 0 })).toBe('not-frontal')
    }
  })

  it('does not refuse for its narrow box a face the mesh says is turned within the limits', () => {
    // A box 0.6 as wide as tall: a turned head's far half is foreshortened.
    const narrow = { ...good, face: { box: [380, 300, 300, 500] as const, score: 0.9 } }
    expect(judgePhoto(narrow, 'chat')).toBe('not-frontal')
    expect(judgeFace(narrow, 'chat', undefined)).toBe('not-frontal')
    expect(judgeFace(narrow, 'chat', { yaw: 0.45, pitch: 0.05, roll: 0 })).toBe('ok')
    expect(judgeFace(narrow, 'chat', { yaw: 0.6, pitch: 0.05, roll: 0 })).toBe('not-frontal')
    // Turning never widens a box: over 1.2 stays not-frontal whatever the mesh says.
    const wide = { ...good, face: { box: [300, 400, 400, 300] as const, score: 0.9 } }
    expect(judgeFace(wide, 'chat', { yaw: 0, pitch: 0, roll: 0 })).toBe('not-frontal')
    // The other checks still come after it.
    expect(judgeFace({ ...narrow, brightness: 10 }, 'chat', { yaw: 0.45, pitch: 0, roll: 0 })).toBe('too-dark')
  })

  it('takes the largest face', () => {
    const faces = [
      { box: [0, 0, 10, 10] as const, id: 'a' },
      { box: [0, 0, 30, 20] as const, id: 'b' },
      { box: [0, 0, 20, 20] as const, id: 'c' },
    ]
    expect(largestFace(faces)?.id).toBe('b')
    expect(largestFace([])).toBeUndefined()
  })

  it('measures sharpness as the variance of the Laplacian', () => {
    const flat = new Float32Array(16 * 16).fill(100)
    expect(laplacianVariance(flat, 16, 16)).toBe(0)
    const checker = flat.map((_, i) => (((i % 16) + Math.floor(i / 16)) % 2 === 0 ? 0 : 255))
    expect(laplacianVariance(checker, 16, 16)).toBeGreaterThan(100_000)
  })
})

describe('scores', () => {
  it('are higher for less of the concern, from 1 to 100', () => {
    let previous = 101
    for (let severity = 0; severity <= 80; severity += 2) {
      const raw = rawScore('wrinkle', severity)
      expect(raw).toBeLessThanOrEqual(previous)
      expect(raw).toBeGreaterThanOrEqual(1)
      expect(raw).toBeLessThanOrEqual(100)
      previous = raw
    }
    // No line at all reads clearer than the median adult of the reference population (ui 90).
    expect(uiScore(rawScore('wrinkle', 0))).toBeGreaterThan(90)
    expect(rawScore('wrinkle', 80)).toBe(1)
  })

  it('flatter gently in the ui score, keeping the order and the ends', () => {
    expect(uiScore(1)).toBe(3)
    expect(uiScore(50)).toBe(59)
    expect(uiScore(80)).toBe(85)
    expect(uiScore(100)).toBe(100)
    for (let raw = 1; raw < 100; raw++) {
      expect(uiScore(raw + 1)).toBeGreaterThanOrEqual(uiScore(raw))
      expect(uiScore(raw)).toBeGreaterThanOrEqual(Math.round(raw))
      expect(Number.isInteger(uiScore(raw))).toBe(true)
    }
  })

  it('give an overall score from the mean raw score', () => {
    const s = (raw: number) => ({ raw_score: raw, ui_score: uiScore(raw) })
    const overall = overallScore({
      redness: s(90),
      wrinkle: s(50),
      pore: s(70),
      acne: s(100),
      eye_bag: s(60),
      texture: s(80),
      firmness: s(40),
    })
    expect(overall).toEqual({ raw_score: 70, ui_score: uiScore(70) })
  })
})

describe('meshBox: the face box is the bounding box of the 468 mesh points', () => {
  it('min and max of x and y; points past the 468th (iris) are left out', () => {
    const mesh = Array.from({ length: 468 }, (_, i) => [100 + (i % 50), 200 + (i % 80), 0])
    mesh.push([0, 0, 0])
    expect(meshBox(mesh)).toEqual([100, 200, 49, 79])
  })

  it('no usable points → undefined', () => {
    expect(meshBox([])).toBeUndefined()
    expect(meshBox([[5, 5]])).toBeUndefined()
  })
})
