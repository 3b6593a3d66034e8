import { CAMERA_GUIDE } from '@piel/contracts'
import { describe, expect, test } from 'vitest'
import {
  advanceCapture,
  CAMERA_HINTS,
  type CameraHint,
  type CaptureProgress,
  cameraHint,
  type FrameObservation,
  isFramed,
  NO_PROGRESS,
  videoToView,
} from './camera-guide'

// A 640×480 camera shown in a 400×300 element: 0.625 CSS px per video pixel, so the 15 px tolerance is 24 video px.
const video = { width: 640, height: 480 }
const view = { width: 400, height: 300 }

/** A face of `width` × `height` video pixels centred on (cx, cy), with good light and focus unless told. */
function frame(cx: number, cy: number, width = 360, extra: Partial<FrameObservation> = {}): FrameObservation {
  const height = width * 1.2
  return {
    video,
    view,
    mirrored: true,
    face: { box: [cx - width / 2, cy - height / 2, width, height], score: 0.9 },
    brightness: 120,
    sharpness: 200,
    ...extra,
  }
}

describe('cameraHint', () => {
  test.each<[string, FrameObservation, CameraHint]>([
    ['a large face centred on the silhouette, bright and sharp', frame(320, 240), 'perfect'],
    ['no face', { ...frame(320, 240), face: undefined }, 'no-face'],
    [
      'a face with a score under 0.5',
      { ...frame(320, 240), face: { box: [140, 24, 360, 432], score: 0.49 } },
      'no-face',
    ],
    [
      'a face with a score of exactly 0.5',
      { ...frame(320, 240), face: { box: [140, 24, 360, 432], score: 0.5 } },
      'perfect',
    ],
    ['a face far to one side, outside the silhouette', frame(80, 240), 'align'],
    [
      'a centred face with the head turned 30° to one side',
      { ...frame(320, 240), face: { box: [140, 24, 360, 432], score: 0.9, pose: { yaw: 0.52, pitch: 0, roll: 0 } } },
      'look-straight',
    ],
    [
      'a centred face with the head slightly turned (10°)',
      { ...frame(320, 240), face: { box: [140, 24, 360, 432], score: 0.9, pose: { yaw: 0.17, pitch: 0.1, roll: 0 } } },
      'perfect',
    ],
    ['a face far above, outside the silhouette', frame(320, 0, 200), 'align'],
    ['a centred face narrower than 0.53 of the video width', frame(320, 240, 330), 'closer'],
    ['a centred face of exactly 0.53 of the video width', frame(320, 240, 0.53 * 640), 'perfect'],
    // Mirrored: a face right of centre in the video shows left of the target, so it must move right.
    ['mirrored, face 40 video px right in the video (25 CSS px left on screen)', frame(360, 240), 'move-right'],
    ['mirrored, face 40 video px left in the video (25 CSS px right on screen)', frame(280, 240), 'move-left'],
    ['not mirrored, face 40 video px right', { ...frame(360, 240), mirrored: false }, 'move-left'],
    ['face 24 video px right (exactly 15 CSS px): within tolerance', frame(344, 240), 'perfect'],
    ['face 40 video px low (25 CSS px below the target)', frame(320, 280), 'move-up'],
    ['face 40 video px high', frame(320, 200), 'move-down'],
    ['sideways and low: sideways first', frame(280, 280), 'move-left'],
    ['too far and off by 25 px: closer first', frame(360, 240, 300), 'closer'],
    ['right place but dark (mean luma 34)', frame(320, 240, 360, { brightness: 34 }), 'too-dark'],
    ['right place, luma exactly 35', frame(320, 240, 360, { brightness: 35 }), 'perfect'],
    ['right place but blurry (Laplacian variance 39)', frame(320, 240, 360, { sharpness: 39 }), 'blurry'],
    ['dark and blurry: dark first', frame(320, 240, 360, { brightness: 10, sharpness: 5 }), 'too-dark'],
    ['right place, light not measured yet', frame(320, 240, 360, { brightness: undefined }), 'too-dark'],
    ['right place, sharpness not measured yet', frame(320, 240, 360, { sharpness: undefined }), 'blurry'],
  ])('%s → %s', (_name, observation, hint) => {
    expect(cameraHint(observation)).toBe(hint)
  })

  test('every hint has its Spanish text, and the perfect one is the text of spec 001 §2', () => {
    expect(CAMERA_HINTS.perfect).toBe('Perfecto capturando automáticamente')
    for (const text of Object.values(CAMERA_HINTS)) expect(text.length).toBeGreaterThan(10)
  })

  test('isFramed: geometry right regardless of light and sharpness', () => {
    expect(isFramed(frame(320, 240, 360, { brightness: undefined, sharpness: undefined }))).toBe(true)
    expect(isFramed(frame(360, 240))).toBe(false)
    expect(isFramed({ ...frame(320, 240), face: undefined })).toBe(false)
  })
})

describe('videoToView', () => {
  test.each<[string, [number, number], { width: number; height: number }, boolean, [number, number]]>([
    ['same aspect, not mirrored', [320, 240], view, false, [200, 150]],
    ['same aspect, mirrored: left edge goes right', [0, 0], view, true, [400, 0]],
    // 640×480 in a 343×300 element: scale 0.625 (height decides), 400 px wide, 28.5 px cropped each side.
    [
      'cover crops the sides of a landscape video in a narrower element',
      [0, 480],
      { width: 343, height: 300 },
      false,
      [-28.5, 300],
    ],
    ['cover keeps the centre in the centre', [320, 240], { width: 343, height: 300 }, true, [171.5, 150]],
  ])('%s', (_name, [x, y], target, mirrored, expected) => {
    const [viewX, viewY] = videoToView(x, y, video, target, mirrored)
    expect(viewX).toBeCloseTo(expected[0])
    expect(viewY).toBeCloseTo(expected[1])
  })
})

describe('advanceCapture', () => {
  const run = (hints: CameraHint[]): CaptureProgress[] => {
    const steps: CaptureProgress[] = []
    let progress = NO_PROGRESS
    for (const hint of hints) {
      progress = advanceCapture(progress, hint)
      steps.push(progress)
    }
    return steps
  }

  test(`captures on the ${CAMERA_GUIDE.perfectFrames}nd consecutive perfect frame`, () => {
    expect(run(['perfect', 'perfect']).map((step) => step.capture)).toEqual([false, true])
  })

  test('any other hint in between starts the count again', () => {
    expect(run(['perfect', 'blurry', 'perfect', 'too-dark', 'perfect', 'perfect']).map((s) => s.capture)).toEqual([
      false,
      false,
      false,
      false,
      false,
      true,
    ])
  })

  test('one perfect frame alone never captures', () => {
    expect(run(['closer', 'perfect', 'move-left']).some((step) => step.capture)).toBe(false)
  })
})
