/**
 * `npm run validate:identity` (issue 31): how well the engine's identity descriptor (`src/identity.ts`)
 * tells one person from another, and where the threshold `IDENTITY.minSimilarity` stands.
 *
 * Same person:
 *   - five repeat changes of the repeatability set (mirror, +10° tilt, exposure ×1.15, JPEG q60, half
 *     size) of every faces-frl photo, each against the photo itself;
 *   - another photo of the same people in the test faces (../shared/data/faces: 04, 05, 06 one model
 *     in three expressions; 26, 27 one woman's two phone selfies, indoors and outdoors with a hat).
 * Different people: every pair of the 142 faces-frl adults, and every pair of test faces that are
 * not known to be one person.
 * It prints the similarity distributions, the closest pairs of different people, and the error rates
 * at the engine's threshold and around it. Exits 0 whatever it finds: it measures, it does not judge.
 *   IDENTITY_LIMIT=20   only 20 faces-frl photos (for development)
 */

import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { faceSimilarity, IDENTITY } from '../src/identity'
import { SkinEngine, type SkinImage } from '../src/index'
import { FACES_DIR, requireFacePhotos } from '../src/testing/faces'
import { loadPhoto } from '../src/testing/perturb'
import { OVER_EXPOSURE, STABILITY_CHANGES } from '../src/testing/stability'

const FACES_FRL_DIR = resolve(
  process.env.FACES_FRL_DIR || fileURLToPath(new URL('../../../../shared/data/faces-frl', import.meta.url)),
)
const LIMIT = Number(process.env.IDENTITY_LIMIT ?? 0)
const CHANGE_NAMES = ['mirror', 'rot +10°', 'exp ×1.15', 'jpeg q60', 'res ×0.5']
const CHANGES = CHANGE_NAMES.map((name) => {
  const change = [...STABILITY_CHANGES, OVER_EXPOSURE].find((c) => c.name === name)
  if (!change) throw new Error(`No change named ${name}`)
  return change
})
/** Test faces known to show one person (MANIFEST.md). */
const SAME_PEOPLE = [
  ['04_', '05_', '06_'],
  ['26_', '27_'],
]

const machine = () =>
  `${cpus().length} cores, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (1, 5, 15 min)`

requireFacePhotos()
if (!existsSync(join(FACES_FRL_DIR, 'labels.csv'))) throw new Error(`faces-frl not found at ${FACES_FRL_DIR}`)

console.log(`# Identity descriptor of @piel/skin (issue 31) — ${new Date().toISOString()}\n`)
console.log(`Machine at start: ${machine()}, Node ${process.version}\n`)

const engine = await SkinEngine.create()

async function describe(image: SkinImage): Promise<Float32Array | null> {
  const outcome = await engine.analyze(image)
  return outcome.analysis?.descriptor ?? null
}

const frlFiles = readFileSync(join(FACES_FRL_DIR, 'labels.csv'), 'utf8')
  .trim()
  .split(/\r?\n/)
  .slice(1)
  .map((line) => line.split(',')[0] as string)
const chosen =
  LIMIT > 0
    ? Array.from({ length: LIMIT }, (_, i) => frlFiles[Math.floor(((i + 0.5) * frlFiles.length) / LIMIT)] as string)
    : frlFiles

const same: { what: string; similarity: number }[] = []
const frl: { file: string; descriptor: Float32Array }[] = []
let refused = 0
for (const file of chosen) {
  const image = await loadPhoto(join(FACES_FRL_DIR, file))
  const descriptor = await describe(image)
  if (!descriptor) {
    refused++
    continue
  }
  frl.push({ file, descriptor })
  for (const change of CHANGES) {
    const changed = await describe(await change.apply(image))
    if (changed) same.push({ what: `${file} ${change.name}`, similarity: faceSimilarity(descriptor, changed) })
  }
}

const testFaces: { file: string; descriptor: Float32Array }[] = []
for (const file of readdirSync(FACES_DIR).filter((f) => /\.(jpe?g|png)$/i.test(f))) {
  const descriptor = await describe(await loadPhoto(join(FACES_DIR, file)))
  if (descriptor) testFaces.push({ file, descriptor })
}
const groupOf = (file: string) => SAME_PEOPLE.findIndex((g) => g.some((prefix) => file.startsWith(prefix)))

const different: { what: string; similarity: number }[] = []
const pairs = (list: { file: string; descriptor: Float32Array }[], known: boolean) => {
  for (let i = 0; i < list.length; i++) {
    for (let j = i + 1; j < list.length; j++) {
      const a = list[i] as (typeof list)[number]
      const b = list[j] as (typeof list)[number]
      const similarity = faceSimilarity(a.descriptor, b.descriptor)
      const what = `${a.file} ~ ${b.file}`
      if (known && groupOf(a.file) >= 0 && groupOf(a.file) === groupOf(b.file)) same.push({ what, similarity })
      else different.push({ what, similarity })
    }
  }
}
pairs(frl, false)
pairs(testFaces, true)

const sorted = (values: number[]) => [...values].sort((a, b) => a - b)
const quantile = (values: number[], q: number) => {
  const s = sorted(values)
  return s[Math.min(s.length - 1, Math.max(0, Math.round(q * (s.length - 1))))] as number
}
const f = (v: number) => v.toFixed(3)
const row = (name: string, values: number[]) =>
  `| ${name} | ${values.length} | ${f(Math.min(...values))} | ${f(quantile(values, 0.01))} | ${f(quantile(values, 0.05))} | ${f(quantile(values, 0.5))} | ${f(quantile(values, 0.95))} | ${f(quantile(values, 0.99))} | ${f(Math.max(...values))} |`

console.log(
  `faces-frl: ${frl.length} of ${chosen.length} photos analysed (${refused} refused); test faces: ${testFaces.length} analysed\n`,
)
console.log('Cosine similarity of the descriptors:\n')
console.log('| pairs | n | min | p1 | p5 | median | p95 | p99 | max |')
console.log('|---|---|---|---|---|---|---|---|---|')
const sameRepeats = same.filter((s) => !s.what.includes(' ~ '))
const samePhotos = same.filter((s) => s.what.includes(' ~ '))
for (const change of CHANGE_NAMES) {
  const values = sameRepeats.filter((s) => s.what.endsWith(` ${change}`)).map((s) => s.similarity)
  if (values.length > 0) console.log(row(`same photo, ${change}`, values))
}
console.log(
  row(
    'same person, another photo',
    samePhotos.map((s) => s.similarity),
  ),
)
console.log(
  row(
    'different people',
    different.map((s) => s.similarity),
  ),
)

console.log('\nSame person, another photo:')
for (const s of samePhotos) console.log(`- ${s.what}: ${f(s.similarity)}`)
console.log('\nThe lowest same-photo repeats:')
for (const s of [...sameRepeats].sort((a, b) => a.similarity - b.similarity).slice(0, 5))
  console.log(`- ${s.what}: ${f(s.similarity)}`)
console.log('\nThe closest different people:')
for (const s of [...different].sort((a, b) => b.similarity - a.similarity).slice(0, 8))
  console.log(`- ${s.what}: ${f(s.similarity)}`)

console.log('\nError rates by threshold (a comparison refused for the same person / allowed for two people):\n')
console.log('| threshold | same photo refused | another photo refused | different people accepted |')
console.log('|---|---|---|---|')
const pct = (n: number, d: number) => `${n}/${d} (${((100 * n) / Math.max(1, d)).toFixed(2)} %)`
const thresholds = [...new Set([0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, IDENTITY.minSimilarity])].sort()
for (const t of thresholds) {
  const mark = t === IDENTITY.minSimilarity ? ' (engine)' : ''
  console.log(
    `| ${t.toFixed(2)}${mark} | ${pct(sameRepeats.filter((s) => s.similarity < t).length, sameRepeats.length)} | ${pct(
      samePhotos.filter((s) => s.similarity < t).length,
      samePhotos.length,
    )} | ${pct(different.filter((s) => s.similarity >= t).length, different.length)} |`,
  )
}
console.log(`\nMachine at end: ${machine()}`)
