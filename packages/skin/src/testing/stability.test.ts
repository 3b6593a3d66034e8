import { describe, expect, it } from 'vitest'
import type { SkinImage } from '../engine'
import { mirror, ROTATION_FILL, rescale, rotate } from './perturb'
import { mirroredRegionName, nearestRank } from './stability'

const gradient = (width: number, height: number): SkinImage => {
  const data = new Uint8Array(width * height * 3)
  for (let i = 0; i < width * height; i++) data.fill((i % width) * 7 + Math.floor(i / width), i * 3, i * 3 + 3)
  return { data, width, height, channels: 3 }
}

describe('the stability helpers', () => {
  it('mirrors left to right exactly, and twice gives the photo back', async () => {
    const image = gradient(9, 5)
    const once = await mirror(image)
    expect(once.data[0]).toBe(image.data[8 * 3])
    expect((await mirror(once)).data).toEqual(image.data)
  })
  it('rotates about the centre keeping the canvas, corners in neutral grey', async () => {
    const image = gradient(40, 30)
    const turned = await rotate(image, 10)
    expect([turned.width, turned.height]).toEqual([40, 30])
    expect(turned.data[0]).toBe(ROTATION_FILL.r)
    expect((await rotate(image, 0)).data).toEqual(image.data)
  })
  it('halves and doubles the resolution', async () => {
    const image = gradient(41, 30)
    expect([(await rescale(image, 0.5)).width, (await rescale(image, 2)).height]).toEqual([21, 60])
  })
  it('pairs the regions of the two sides and takes nearest-rank percentiles', () => {
    expect(mirroredRegionName('mejilla_derecha')).toBe('mejilla_izquierda')
    expect(mirroredRegionName('surco_nasogeniano_izquierdo')).toBe('surco_nasogeniano_derecho')
    expect(mirroredRegionName('frente')).toBe('frente')
    expect(nearestRank([5, 1, 4, 2, 3], 0.95)).toBe(5)
    expect(nearestRank([...Array(20).keys()], 0.95)).toBe(18)
  })
})
