import { describe, expect, it } from 'vitest'
import { createHuman, cropAndResize } from './detector'

/** A deterministic pseudo-random generator (mulberry32), so a failure repeats. */
function random(seed: number): () => number {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

describe('cropAndResize', () => {
  it("gives tfjs's wasm kernel's answer to the bit, inside the views and past their edges", async () => {
    const human = createHuman()
    await human.load()
    const tf = human.tf as unknown as {
      tensor4d(data: Float32Array, shape: number[], dtype: 'float32'): { dispose(): void }
      image: {
        cropAndResize(
          image: unknown,
          boxes: number[][],
          boxInd: number[],
          size: [number, number],
        ): {
          data(): Promise<Float32Array>
          dispose(): void
        }
      }
    }
    const next = random(7)
    const side = 64
    const views = [0, 1].map(() => Uint8Array.from({ length: side * side * 3 }, () => Math.floor(next() * 256)))
    // Squares as the mesh search and the age model read them, some reaching past the view's edges.
    const boxes = Array.from({ length: 6 }, () => {
      const extent = 0.6 + next() * 0.6
      const top = -0.2 + next() * 0.5
      const left = -0.2 + next() * 0.5
      return [top, left, top + extent, left + extent]
    })
    const viewOf = boxes.map((_, k) => k % 2)
    for (const divisor of [1, 255]) {
      for (const size of [23, 48]) {
        const floats = new Float32Array(2 * side * side * 3)
        views.forEach((view, i) => {
          for (let k = 0; k < view.length; k++) floats[i * view.length + k] = (view[k] as number) / divisor
        })
        const batch = tf.tensor4d(floats, [2, side, side, 3], 'float32')
        const expected = tf.image.cropAndResize(batch, boxes, viewOf, [size, size])
        const want = await expected.data()
        batch.dispose()
        expected.dispose()
        const got = new Float32Array(boxes.length * size * size * 3)
        cropAndResize(views, side, divisor, boxes, viewOf, size, got)
        let differing = 0
        for (let k = 0; k < got.length; k++) if (!Object.is(got[k], want[k])) differing++
        expect(differing).toBe(0)
        // Some samples fell outside the views: the comparison covered the extrapolated zeros too.
        expect(got.some((v, k) => v === 0 && (want[k] as number) === 0)).toBe(true)
      }
    }
  }, 60_000)
})
