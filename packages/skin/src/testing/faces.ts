import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The real face photos that tests, benches and `npm run eval:skin` use (test material only, see
 * their MANIFEST.md; nothing of them reaches the shop). One setting finds them: `FACES_DIR`, or by
 * default `../shared/data/faces` beside the repository.
 */
export const FACES_DIR = resolve(
  process.env.FACES_DIR || fileURLToPath(new URL('../../../../../shared/data/faces', import.meta.url)),
)

/** The path of one photo of the folder, by its file name (`25_compreface_FACE_3.jpg`). */
export const facePhoto = (file: string) => join(FACES_DIR, file)

const inCi = () => ['true', '1'].includes((process.env.CI ?? '').toLowerCase())

const missingMessage = () =>
  `Face photos not found at ${FACES_DIR}: set FACES_DIR to the folder of the test face photos (../shared/data/faces).`

/**
 * Whether the photos are there, for `describe.skipIf(!hasFacePhotos())`. When they are not, it says
 * so on stderr and the tests that need them skip; in CI (`CI=true`) it throws instead, so a checkout
 * without the photos fails the run rather than passing with those tests skipped.
 */
export function hasFacePhotos(): boolean {
  if (existsSync(FACES_DIR)) return true
  if (inCi()) throw new Error(`${missingMessage()} CI=true: the tests that need them must run.`)
  console.warn(`${missingMessage()} Skipping the tests that need them.`)
  return false
}

/** For the benches and the evaluation, which have nothing to do without the photos: stops with the reason. */
export function requireFacePhotos(): void {
  if (!existsSync(FACES_DIR)) throw new Error(missingMessage())
}
