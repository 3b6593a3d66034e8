import { describe, expect, it } from 'vitest'
import { createHuman } from './detector'
import { outlineAnchors, outlineOn, type Point, placeAnchor, REGIONS, uvAnchor } from './regions'

// The face mesh's UV map and triangles, as Human ships them (no model is loaded for them).
const human = createHuman()
const uv = human.faceUVMap.map(([u, v]) => [u, v] as Point)
const triangles = human.faceTriangulation

/** The UV map laid on a photo: scaled, turned by `angle` and moved. */
const meshOf = (scale: number, angle: number, dx: number, dy: number): Point[] =>
  uv.map(([u, v]) => {
    const x = u * scale
    const y = v * scale * 1.2
    return [x * Math.cos(angle) - y * Math.sin(angle) + dx, x * Math.sin(angle) + y * Math.cos(angle) + dy]
  })

/**
 * A region's outline as the engine drew it before anchoring: each sample searched for in the
 * triangles of the photo's mesh, then carried onto it, to 0.1 px.
 */
function outlineByPoints(polygon: readonly Point[], mesh: readonly Point[]): Point[] {
  const outline: Point[] = []
  for (let i = 0; i < polygon.length; i++) {
    const [u0, v0] = polygon[i] as Point
    const [u1, v1] = polygon[(i + 1) % polygon.length] as Point
    for (let s = 0; s < 4; s++) {
      const anchor = uvAnchor([u0 + ((u1 - u0) * s) / 4, v0 + ((v1 - v0) * s) / 4], uv, triangles, mesh)
      const mapped = anchor && placeAnchor(anchor, mesh)
      if (mapped) outline.push([Math.round(mapped[0] * 10) / 10, Math.round(mapped[1] * 10) / 10])
    }
  }
  return outline
}

describe('region outlines anchored once in the mesh', () => {
  const anchors = REGIONS.map((region) => outlineAnchors(region, uv, triangles))

  it('place every region on any face exactly as carrying each sample onto that face does', () => {
    for (const mesh of [meshOf(300, 0, 40, 20), meshOf(180, 0.3, 400, -50), meshOf(900, -0.1, 0, 0)]) {
      REGIONS.forEach((region, i) => {
        const outline = outlineOn(anchors[i] ?? [], mesh)
        expect(outline.length).toBeGreaterThan(8)
        expect(outline).toEqual(outlineByPoints(region.polygons[0] ?? [], mesh))
      })
    }
  })

  it('follow the face: an outline on a moved face is the moved outline', () => {
    const still = meshOf(300, 0, 0, 0)
    const moved = meshOf(300, 0, 120, 75)
    REGIONS.forEach((_, i) => {
      const before = outlineOn(anchors[i] ?? [], still)
      const after = outlineOn(anchors[i] ?? [], moved)
      expect(after.length).toBe(before.length)
      after.forEach(([x, y], k) => {
        const [x0, y0] = before[k] as Point
        expect(x - x0).toBeCloseTo(120, 0)
        expect(y - y0).toBeCloseTo(75, 0)
      })
    })
  })
})
