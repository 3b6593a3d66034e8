import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { seedProducts } from './products'
import type { SeedProduct } from './types'

/**
 * The demo shop's pictures: three views of each product and the four home banners, drawn from the
 * seed data by `drawing/` when the server is built (never by the running shop, which does not ship
 * the drawing code, opentype.js or the font) and read back from the built folder when an empty
 * database is seeded.
 */
export interface DemoPicture {
  key: string
  bytes: Buffer
}

/** Pictures per product in the demo gallery: the packshot, the package on a podium, the label. */
export const PRODUCT_VIEWS = [0, 1, 2] as const
/** The home carousel's four banners (sun, hydration, still life, botanical). */
export const BANNERS = [0, 1, 2, 3] as const

export type ProductView = (typeof PRODUCT_VIEWS)[number]
export type Banner = (typeof BANNERS)[number]

export const productMediaKey = (reference: string, view: number) =>
  `producto-${reference.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${view + 1}.webp`
export const bannerMediaKey = (index: number) => `banner-${index + 1}.webp`

/** One picture of the demo shop and what it shows: a banner, or a product's view. */
export type DemoPictureJob = { key: string; banner: Banner } | { key: string; product: SeedProduct; view: ProductView }

/** Every picture the demo shop shows, banners first, in the order they are stored. */
export function demoPictureJobs(): DemoPictureJob[] {
  return [
    ...BANNERS.map((banner) => ({ key: bannerMediaKey(banner), banner })),
    ...seedProducts.flatMap((product) =>
      PRODUCT_VIEWS.map((view) => ({ key: productMediaKey(product.reference, view), product, view })),
    ),
  ]
}

/**
 * Where the build leaves the pictures: `dist/demo-pictures/` beside the bundles. This file is
 * `seed/pictures.ts` in the sources and part of `dist/*.js` once built, and `../dist/` names the
 * same folder from both (as `runtime.ts` finds the web app).
 */
export const DEMO_PICTURES_DIR = fileURLToPath(new URL('../dist/demo-pictures/', import.meta.url))

/** The demo pictures the build drew, every one the seed data needs. */
export async function readDemoPictures(dir: string = DEMO_PICTURES_DIR): Promise<DemoPicture[]> {
  return Promise.all(
    demoPictureJobs().map(async ({ key }) => {
      const file = join(dir, key)
      try {
        return { key, bytes: await readFile(file) }
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
        throw new Error(
          `Falta la imagen de demostración ${file}. La compilación las dibuja: ejecute npm run build (o npm start).`,
        )
      }
    }),
  )
}
