/**
 * `npm run digest:skin`: one line per photo — its name and a short hash of the engine's whole answer
 * (quality code and message, every score, region, lesion, pose, confidence, the skin age and its
 * readings, the identity descriptor; not the timings) — for the test photos (`FACES_DIR`) and
 * faces-frl (`FACES_FRL_DIR`). A change meant to make the engine faster without changing what it
 * says is checked by running this before and after and comparing the two outputs: any line that
 * differs names a photo whose answer changed. `DIGEST_LIMIT=N` takes N photos spread over both.
 */
import { createHash } from 'node:crypto'
import { existsSync, readdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { SkinEngine } from '../src/index'
import { FACES_DIR, requireFacePhotos } from '../src/testing/faces'
import { loadPhoto } from '../src/testing/perturb'

const FACES_FRL_DIR = resolve(
  process.env.FACES_FRL_DIR || fileURLToPath(new URL('../../../../shared/data/faces-frl', import.meta.url)),
)
const LIMIT = Number(process.env.DIGEST_LIMIT ?? 0)

requireFacePhotos()
const photosIn = (dir: string) =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => /\.(jpe?g|png|webp)$/i.test(name))
        .sort()
        .map((name) => join(dir, name))
    : []
const all = [...photosIn(FACES_DIR), ...photosIn(FACES_FRL_DIR)]
const photos = LIMIT > 0 ? all.filter((_, i) => i % Math.ceil(all.length / LIMIT) === 0) : all

const engine = await SkinEngine.create()
for (const path of photos) {
  const outcome = await engine.analyze(await loadPhoto(path))
  const { timings: _timings, descriptor, ...analysis } = outcome.analysis ?? {}
  const answer = JSON.stringify({
    quality: outcome.quality,
    analysis,
    descriptor: descriptor ? Array.from(descriptor) : null,
  })
  console.log(`${path.split('/').pop()} ${createHash('sha256').update(answer).digest('hex').slice(0, 16)}`)
}
