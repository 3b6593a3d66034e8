/**
 * `npm run validate:skin` (issue 30, first step): the engine measured against labelled faces, as a
 * baseline before anyone changes it. The faces are faces-frl (FACES_FRL_DIR, by default
 * ../shared/data/faces-frl beside the repository): 142 studio photos of adults with their
 * self-reported age (`labels.csv`; CC BY 4.0, DeBruine & Jones 2017). Per set (london_neutral,
 * canada) and overall it prints:
 *   1. photos analysed and refused, with each refusal's code;
 *   2. Spearman's rank correlation of each measure's ui_score with age, against the issue's targets;
 *   3. each measure's distribution (min, p10, p25, median, p75, p90, max) and the share scoring ≥ 85;
 *   4. repeatability: ICC(3,1) per measure between each photo and its repeat under each change
 *      (mirror, ±10° tilt, exposure ×0.85 / ×1.15, JPEG q60 / q95, half and double size; the
 *      transforms of `src/testing/stability.ts`), and the max / p95 |Δ ui_score| per change;
 *   5. skin age: the engine's `edadPiel`, the fit of its skin part (age.ts) on these photos with its
 *      leave-one-out figures, and beside it Human's own age estimate on the raw photo
 *      (its face description model, faceres), if installed: mean absolute error and Spearman against
 *      the real age, and the move under the same changes;
 *   6. the median time per analysis (for reference only).
 * The machine (cores, load average before and after, Node) and the date head and close the output.
 *   VALIDATE_LIMIT=10   only 10 photos, spread evenly over labels.csv (for development)
 * Exits 0 whatever it finds: it measures, it does not judge.
 */

import { existsSync, readFileSync, statSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type PhotoQualityCode, SKIN_MEASURES, type SkinMeasure } from '@piel/contracts'
import { faceAge, SKIN_AGE_MODEL, type SkinAgeMeasure } from '../src/age'
import { createHuman, type HumanFace } from '../src/detector'
import { installedPaths, SkinEngine, type SkinImage } from '../src/index'
import { DETECTION_MAX_SIDE } from '../src/quality'
import { loadPhoto, rescale } from '../src/testing/perturb'
import { nearestRank, OVER_EXPOSURE, STABILITY_CHANGES, type StabilityChange } from '../src/testing/stability'
import { icc31, mean, percentile, predict, ridge, spearman } from './statistics'

const FACES_FRL_DIR = resolve(
  process.env.FACES_FRL_DIR || fileURLToPath(new URL('../../../../shared/data/faces-frl', import.meta.url)),
)
const LIMIT = Number(process.env.VALIDATE_LIMIT ?? 0)

/** The repeat changes of issue 30, taken from the repeatability table of issue 13. */
const CHANGE_NAMES = [
  'mirror',
  'rot -10°',
  'rot +10°',
  'exp ×0.85',
  'exp ×1.15',
  'sRGB ×1.15',
  'jpeg q60',
  'jpeg q95',
  'res ×0.5',
  'res ×2',
]
const CHANGES: StabilityChange[] = CHANGE_NAMES.map((name) => {
  const change = [...STABILITY_CHANGES, OVER_EXPOSURE].find((c) => c.name === name)
  if (!change) throw new Error(`No change named ${name} in STABILITY_CHANGES`)
  return change
})

/** The issue's targets for Spearman's rho of ui_score with age (higher score = healthier skin). */
const AGE_TARGETS: Partial<Record<SkinMeasure, number>> = {
  wrinkle: -0.55,
  texture: -0.45,
  firmness: -0.35,
  eye_bag: -0.35,
  pore: 0,
}
const ICC_TARGET = 0.9
const HIGH_SCORE = 85
const SKIN_AGE_TARGETS = { mae: 6, spearman: 0.7, move: 3 }

const fixed = (value: number, digits = 2) => (Number.isNaN(value) ? '—' : value.toFixed(digits))

// ---------------------------------------------------------------------------------------------
// Data

interface Label {
  file: string
  set: string
  faceId: string
  /** Self-reported age; undefined where labels.csv says NA. */
  age?: number
  gender?: string
  ethnicity?: string
}

function readLabels(dir: string): Label[] {
  const [header, ...lines] = readFileSync(join(dir, 'labels.csv'), 'utf8').trim().split(/\r?\n/)
  if (header !== 'file,set,face_id,age,gender,ethnicity') throw new Error(`Unexpected labels.csv header: ${header}`)
  const known = (value: string | undefined) => (value === undefined || value === 'NA' ? undefined : value)
  return lines.map((line) => {
    const [file = '', set = '', faceId = '', age, gender, ethnicity] = line.split(',')
    const years = known(age)
    return {
      file,
      set,
      faceId,
      age: years === undefined ? undefined : Number(years),
      gender: known(gender),
      ethnicity: known(ethnicity),
    }
  })
}

/** `count` labels spread evenly over the list (both sets get some), or all when count is 0. */
function spreadSubset(labels: Label[], count: number): Label[] {
  if (count <= 0 || count >= labels.length) return labels
  return Array.from({ length: count }, (_, i) => labels[Math.floor(((i + 0.5) * labels.length) / count)] as Label)
}

type Scores = Record<SkinMeasure, number>

interface Reading {
  code: PhotoQualityCode
  /** ui_score per measure, when analysed. */
  scores?: Scores
  /** The engine's skin age (`edadPiel`), null when it gives none. */
  edadPiel?: number | null
  /** The face model's apparent age behind it (age.ts part 1), null when it gives none. */
  faceAge?: number | null
  /** raw_score per measure, when analysed. */
  raw?: Scores
  /** Human's own age estimate on the raw photo (years), when the model is available and found the face. */
  skinAge?: number
}

interface PhotoRecord {
  label: Label
  width: number
  height: number
  /** The photo as it is. */
  original: Reading
  /** Milliseconds of `engine.analyze` on the photo as it is. */
  ms: number
  /** The photo after each change (only for analysed photos). */
  repeats: Map<string, Reading>
}

// ---------------------------------------------------------------------------------------------
// Human's age estimate

interface AgeEstimator {
  estimate(image: SkinImage): Promise<number | undefined>
}

/**
 * Human's face description model (faceres: age, gender, descriptor) if its files are installed with
 * the package; otherwise the reason it is not. A second instance of Human's bundle with the engine's
 * settings (`createHuman`: no caching between photos, no detector rotation, models read from disk,
 * nothing fetched from the network), the description model on; the photo is given at most
 * DETECTION_MAX_SIDE px on its long side, as the engine gives it to its detector.
 */
async function loadAgeEstimator(): Promise<AgeEstimator | string> {
  const paths = installedPaths()
  const missing = ['faceres.json', 'faceres.bin'].filter((f) => !existsSync(join(paths.models, f)))
  if (missing.length > 0) return `not available: ${missing.join(', ')} not in ${paths.models}`
  const human = createHuman(paths, { description: true })
  try {
    await human.load()
  } catch (error) {
    return `not available: Human could not load faceres (${(error as Error).message})`
  }
  return {
    async estimate(image) {
      const side = Math.max(image.width, image.height)
      const input = side > DETECTION_MAX_SIDE ? await rescale(image, DETECTION_MAX_SIDE / side) : image
      const tensor = human.tf.tensor3d(input.data, [input.height, input.width, 3], 'int32')
      try {
        const { face } = await human.detect(tensor)
        const largest = face.reduce<HumanFace | undefined>(
          (best, f) => (best === undefined || f.box[2] * f.box[3] > best.box[2] * best.box[3] ? f : best),
          undefined,
        )
        return largest?.age && largest.age > 0 ? largest.age : undefined
      } finally {
        tensor.dispose()
      }
    },
  }
}

// ---------------------------------------------------------------------------------------------
// The run

async function read(engine: SkinEngine, ages: AgeEstimator | undefined, image: SkinImage) {
  const started = performance.now()
  const outcome = await engine.analyze(image)
  const ms = performance.now() - started
  const reading: Reading = { code: outcome.quality.code }
  if (outcome.analysis) {
    const { measures } = outcome.analysis
    reading.scores = Object.fromEntries(SKIN_MEASURES.map((m) => [m, measures[m].ui_score])) as Scores
    reading.edadPiel = outcome.analysis.edadPiel
    reading.faceAge = faceAge(outcome.analysis.age)
    reading.raw = Object.fromEntries(SKIN_MEASURES.map((m) => [m, measures[m].raw_score])) as Scores
    reading.skinAge = await ages?.estimate(image)
  }
  return { reading, ms }
}

async function analyseAll(engine: SkinEngine, ages: AgeEstimator | undefined, labels: Label[]) {
  const records: PhotoRecord[] = []
  for (const [index, label] of labels.entries()) {
    const photo = await loadPhoto(join(FACES_FRL_DIR, label.file))
    const { reading, ms } = await read(engine, ages, photo)
    const record: PhotoRecord = {
      label,
      width: photo.width,
      height: photo.height,
      original: reading,
      ms,
      repeats: new Map(),
    }
    if (reading.scores) {
      for (const change of CHANGES) {
        record.repeats.set(change.name, (await read(engine, ages, await change.apply(photo))).reading)
      }
    }
    records.push(record)
    if (process.stderr.isTTY) process.stderr.write(`${index + 1}/${labels.length} ${label.file}    \r`)
  }
  if (process.stderr.isTTY) process.stderr.write(`${' '.repeat(60)}\r`)
  return records
}

// ---------------------------------------------------------------------------------------------
// The figures, one function each

interface Group {
  name: string
  records: PhotoRecord[]
}

const analysed = (records: PhotoRecord[]) =>
  records.filter((r): r is PhotoRecord & { original: { scores: Scores } } => r.original.scores !== undefined)

function printRefusals(groups: Group[]) {
  console.log('## 1. Photos analysed and refused\n')
  console.log('| set | photos | analysed | refused | refusals (file: code) |\n|---|---|---|---|---|')
  for (const { name, records } of groups) {
    const refused = records.filter((r) => !r.original.scores)
    console.log(
      `| ${name} | ${records.length} | ${records.length - refused.length} | ${refused.length} | ${refused.map((r) => `${r.label.file}: ${r.original.code}`).join(', ') || '—'} |`,
    )
  }
}

function printAgeCorrelations(groups: Group[]) {
  console.log("\n## 2. Spearman's rho of ui_score with self-reported age (higher score = healthier skin)\n")
  console.log(`| set | n | ${SKIN_MEASURES.join(' | ')} |\n|---|---|${SKIN_MEASURES.map(() => '---|').join('')}`)
  console.log(
    `| target | | ${SKIN_MEASURES.map((m) => (AGE_TARGETS[m] === undefined ? '—' : `≤ ${AGE_TARGETS[m]}`)).join(' | ')} |`,
  )
  for (const { name, records } of groups) {
    const known = analysed(records).filter((r) => r.label.age !== undefined)
    const ages = known.map((r) => r.label.age as number)
    const cells = SKIN_MEASURES.map((m) => {
      const rho = spearman(
        known.map((r) => r.original.scores[m]),
        ages,
      )
      const target = AGE_TARGETS[m]
      const verdict = target === undefined || Number.isNaN(rho) ? '' : rho <= target ? ' met' : ' not met'
      return `${fixed(rho)}${verdict}`
    })
    console.log(`| ${name} | ${known.length} | ${cells.join(' | ')} |`)
  }
  console.log('\nAges of the analysed photos (known age):')
  for (const { name, records } of groups) {
    const ages = analysed(records).flatMap((r) => (r.label.age === undefined ? [] : [r.label.age]))
    console.log(
      `- ${name}: n ${ages.length}, ${Math.min(...ages)}–${Math.max(...ages)}, median ${fixed(percentile(ages, 0.5), 1)}, over 40: ${ages.filter((a) => a > 40).length}`,
    )
  }
}

function printDistributions(groups: Group[]) {
  console.log(`\n## 3. Distribution of ui_score over the analysed photos (share ≥ ${HIGH_SCORE} last)\n`)
  const quantiles = [0.1, 0.25, 0.5, 0.75, 0.9]
  for (const { name, records } of groups) {
    const photos = analysed(records)
    console.log(`${name} (n ${photos.length})\n`)
    console.log(
      `| measure | min | p10 | p25 | median | p75 | p90 | max | ≥ ${HIGH_SCORE} |\n|---|---|---|---|---|---|---|---|---|`,
    )
    for (const m of SKIN_MEASURES) {
      const values = photos.map((r) => r.original.scores[m])
      const high = values.filter((v) => v >= HIGH_SCORE).length / values.length
      console.log(
        `| ${m} | ${Math.min(...values)} | ${quantiles.map((q) => fixed(percentile(values, q), 1)).join(' | ')} | ${Math.max(...values)} | ${fixed(100 * high, 0)} % |`,
      )
    }
    console.log('')
  }
}

/** The photos analysed both as they are and after the change, with both readings. */
function pairs(records: PhotoRecord[], change: string) {
  return analysed(records).flatMap((r) => {
    const after = r.repeats.get(change)
    return after?.scores ? [{ record: r, before: r.original, after: after as Reading & { scores: Scores } }] : []
  })
}

function printRepeatability(groups: Group[], overall: Group) {
  console.log(`## 4. Repeatability: ICC(3,1) of ui_score, photo vs its repeat (target ≥ ${ICC_TARGET}; * below it)\n`)
  const cell = (value: number) => `${fixed(value)}${value < ICC_TARGET ? '*' : ''}`
  for (const { name, records } of groups) {
    console.log(`${name}\n`)
    console.log(`| change | n | ${SKIN_MEASURES.join(' | ')} |\n|---|---|${SKIN_MEASURES.map(() => '---|').join('')}`)
    for (const change of CHANGES) {
      const rows = pairs(records, change.name)
      const iccs = SKIN_MEASURES.map((m) => icc31(rows.map((p) => [p.before.scores[m], p.after.scores[m]])))
      console.log(`| ${change.name} | ${rows.length} | ${iccs.map(cell).join(' | ')} |`)
    }
    // The photo and all its repeats at once, over the photos analysed under each of them; halving,
    // which may take a face under the size limit, is left out so that the photos stay the same.
    const pooled = CHANGES.filter((c) => !c.mayDropBelow)
    const complete = analysed(records).flatMap((r) => {
      const repeats = pooled.map((c) => r.repeats.get(c.name)?.scores)
      return repeats.every((s) => s !== undefined) ? [[r.original.scores, ...repeats] as Scores[]] : []
    })
    const iccs = SKIN_MEASURES.map((m) => icc31(complete.map((row) => row.map((s) => s[m]))))
    console.log(
      `| all but res ×0.5 (k = ${pooled.length + 1}) | ${complete.length} | ${iccs.map(cell).join(' | ')} |\n`,
    )
  }
  console.log(
    `Max / p95 (nearest rank) of |Δ ui_score|, ${overall.name} (issue 13's bounds: mirror 3, others 6; * over)\n`,
  )
  console.log(
    `| change | bound | n | ${SKIN_MEASURES.join(' | ')} |\n|---|---|---|${SKIN_MEASURES.map(() => '---|').join('')}`,
  )
  for (const change of CHANGES) {
    const rows = pairs(overall.records, change.name)
    const cells = SKIN_MEASURES.map((m) => {
      const moves = rows.map((p) => Math.abs(p.after.scores[m] - p.before.scores[m]))
      const max = moves.length ? Math.max(...moves) : Number.NaN
      return `${max}${max > change.bound ? '*' : ''}/${nearestRank(moves, 0.95)}`
    })
    console.log(`| ${change.name} | ${change.bound} | ${rows.length} | ${cells.join(' | ')} |`)
  }
  // Per change and code: how many repeats were refused, with their files when few.
  const refused = new Map<string, string[]>()
  for (const r of analysed(overall.records)) {
    for (const c of CHANGES) {
      const code = r.repeats.get(c.name)?.code
      if (code === undefined || code === 'ok') continue
      const key = `${c.name}: ${code}`
      refused.set(key, [...(refused.get(key) ?? []), r.label.file])
    }
  }
  const listed = [...refused].map(([what, files]) => {
    const sets = [...new Set(files.map((f) => overall.records.find((r) => r.label.file === f)?.label.set))]
    return `${what} ${files.length} (${files.length <= 10 ? files.join(', ') : `from ${sets.join(', ')}`})`
  })
  console.log(`\nRepeats refused: ${listed.length === 0 ? 'none' : listed.join('; ')}`)
}

type AgeOf = (reading: Reading) => number | undefined

/** MAE, Spearman and moves of one age reading against the self-reported age. */
function printAgeFigures(groups: Group[], overall: Group, ageOf: AgeOf) {
  const verdict = (met: boolean, value: number) => (Number.isNaN(value) ? '' : met ? 'met' : 'not met')
  console.log(
    `| set | n | MAE (years; target ≤ ${SKIN_AGE_TARGETS.mae}) | mean error (estimate − age) | Spearman (target ≥ ${SKIN_AGE_TARGETS.spearman}) | no estimate |\n|---|---|---|---|---|---|`,
  )
  for (const { name, records } of groups) {
    const photos = analysed(records).filter((r) => r.label.age !== undefined)
    const known = photos.filter((r) => ageOf(r.original) !== undefined)
    const errors = known.map((r) => (ageOf(r.original) as number) - (r.label.age as number))
    const mae = mean(errors.map(Math.abs))
    const rho = spearman(
      known.map((r) => ageOf(r.original) as number),
      known.map((r) => r.label.age as number),
    )
    console.log(
      `| ${name} | ${known.length} | ${fixed(mae, 1)} ${verdict(mae <= SKIN_AGE_TARGETS.mae, mae)} | ${fixed(mean(errors), 1)} | ${fixed(rho)} ${verdict(rho >= SKIN_AGE_TARGETS.spearman, rho)} | ${photos.length - known.length} |`,
    )
  }
  console.log(`\nMove under the repeat changes, ${overall.name} (target within ±${SKIN_AGE_TARGETS.move} years)\n`)
  console.log('| change | n | max | p95 | within ±3 | ICC(3,1) | no estimate after |\n|---|---|---|---|---|---|---|')
  for (const change of CHANGES) {
    const all = pairs(overall.records, change.name).filter((p) => ageOf(p.before) !== undefined)
    const rows = all.filter((p) => ageOf(p.after) !== undefined)
    const moves = rows.map((p) => Math.abs((ageOf(p.after) as number) - (ageOf(p.before) as number)))
    const within = moves.filter((m) => m <= SKIN_AGE_TARGETS.move).length
    const icc = icc31(rows.map((p) => [ageOf(p.before) as number, ageOf(p.after) as number]))
    console.log(
      `| ${change.name} | ${rows.length} | ${fixed(moves.length ? Math.max(...moves) : Number.NaN, 1)} | ${fixed(nearestRank(moves, 0.95), 1)} | ${within}/${rows.length} | ${fixed(icc)} | ${all.length - rows.length} |`,
    )
  }
}

function printSkinAge(groups: Group[], overall: Group, ages: AgeEstimator | string) {
  console.log('\n## 5. Skin age against self-reported age\n')
  console.log(
    "### The engine's `edadPiel` (faceres on the canonical view and its mirror image, averaged, plus the skin's share; whole years)\n",
  )
  printAgeFigures(groups, overall, (r) => r.edadPiel ?? undefined)
  printSkinAgeModel(groups, overall)
  console.log("\n### For comparison: Human's own estimate on the raw photo (its detection, faceres' arg-max)\n")
  if (typeof ages === 'string') {
    console.log(`Human's age estimate is ${ages}.`)
    return
  }
  printAgeFigures(groups, overall, (r) => r.skinAge)
}

/** The ridge penalty of age.ts's fit. */
const SKIN_AGE_LAMBDA = 10

/**
 * Part 2 of the skin age (age.ts, `SKIN_AGE_MODEL`): the fit on every photo, to set against the
 * engine's constants, and its honest figures — each photo's skin age from a model fitted on the
 * others (leave one out), beside the face model alone.
 */
function printSkinAgeModel(groups: Group[], overall: Group) {
  const measures = Object.keys(SKIN_AGE_MODEL.terms) as SkinAgeMeasure[]
  type Usable = ReturnType<typeof analysed>[number] & {
    original: { raw: Scores; faceAge: number }
    label: { age: number }
  }
  const usable = (records: PhotoRecord[]) =>
    analysed(records).filter(
      (r): r is Usable => r.label.age !== undefined && typeof r.original.faceAge === 'number' && !!r.original.raw,
    )
  const all = usable(overall.records)
  const featuresOf = (r: Usable) => measures.map((m) => r.original.raw[m])
  const residual = (r: Usable) => r.label.age - r.original.faceAge
  const estimate = (model: ReturnType<typeof ridge>, r: Usable) => {
    // As the engine does: standard scores clipped to ±maxZ.
    const clipped = featuresOf(r).map((x, j) => {
      const z = (x - (model.means[j] as number)) / (model.sds[j] as number)
      return (
        (model.means[j] as number) +
        (model.sds[j] as number) * Math.max(-SKIN_AGE_MODEL.maxZ, Math.min(SKIN_AGE_MODEL.maxZ, z))
      )
    })
    return Math.round(r.original.faceAge + predict(model, clipped))
  }
  console.log(
    `\n### The skin's share of the skin age (age.ts part 2): ridge fit (λ ${SKIN_AGE_LAMBDA}) of age − face model on ${measures.join(', ')}\n`,
  )
  if (all.length < 10) {
    console.log('Too few photos with an age and a face-model reading to fit.')
    return
  }
  const fit = ridge(all.map(featuresOf), all.map(residual), SKIN_AGE_LAMBDA)
  const engine = SKIN_AGE_MODEL.terms
  console.log(`Fitted on all ${all.length} photos: bias ${fixed(fit.intercept)} (engine ${SKIN_AGE_MODEL.bias})`)
  measures.forEach((m, j) => {
    console.log(
      `- ${m}: mean ${fixed(fit.means[j] as number)}, sd ${fixed(fit.sds[j] as number)}, weight ${fixed(fit.weights[j] as number)} (engine ${engine[m].mean}, ${engine[m].sd}, ${engine[m].weight})`,
    )
  })
  const heldOut = new Map<Usable, number>()
  for (const r of all) {
    const others = all.filter((o) => o !== r)
    heldOut.set(r, estimate(ridge(others.map(featuresOf), others.map(residual), SKIN_AGE_LAMBDA), r))
  }
  console.log(
    `\nEach photo estimated by the model fitted on the others (leave one out), beside the face model alone (rounded)\n`,
  )
  console.log(
    '| set | n | MAE, face model | Spearman, face model | MAE, left out | Spearman, left out |\n|---|---|---|---|---|---|',
  )
  for (const { name, records } of groups) {
    const rows = usable(records).filter((r) => heldOut.has(r))
    const ages = rows.map((r) => r.label.age)
    const face = rows.map((r) => Math.round(r.original.faceAge))
    const left = rows.map((r) => heldOut.get(r) as number)
    const mae = (estimates: number[]) => mean(estimates.map((e, i) => Math.abs(e - (ages[i] as number))))
    console.log(
      `| ${name} | ${rows.length} | ${fixed(mae(face), 1)} | ${fixed(spearman(face, ages))} | ${fixed(mae(left), 1)} | ${fixed(spearman(left, ages))} |`,
    )
  }
}

function printTime(overall: Group, seconds: number) {
  const photos = overall.records
  console.log('\n## 6. Time (for reference only)\n')
  console.log(
    `Median ${fixed(
      percentile(
        photos.map((r) => r.ms),
        0.5,
      ),
      0,
    )} ms per analysis of a photo as it is (engine.analyze, decoded pixels in; ${photos.length} photos); whole run ${seconds.toFixed(0)} s.`,
  )
}

// ---------------------------------------------------------------------------------------------

const machine = () =>
  `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (1, 5, 15 min)`

if (!existsSync(join(FACES_FRL_DIR, 'labels.csv'))) {
  throw new Error(`faces-frl not found at ${FACES_FRL_DIR}: set FACES_FRL_DIR to the folder with labels.csv.`)
}
const started = performance.now()
const allLabels = readLabels(FACES_FRL_DIR)
const labels = spreadSubset(allLabels, LIMIT)
const bytes = labels.reduce((sum, l) => sum + statSync(join(FACES_FRL_DIR, l.file)).size, 0)
console.log(`# Validation of @piel/skin against labelled faces (issue 30) — ${new Date().toISOString()}\n`)
console.log(`Machine at start: ${machine()}, Node ${process.version}`)
console.log(
  `Data: ${FACES_FRL_DIR}, ${labels.length} of ${allLabels.length} photos, ${(bytes / 1e6).toFixed(1)} MB` +
    ` (faces-frl: CC BY 4.0, DeBruine & Jones 2017, Face Research Lab London Set and Young Adult White Faces)`,
)
console.log(
  `Repeat changes (src/testing/stability.ts): ${CHANGE_NAMES.join(', ')}; exposure is a gain on linear light,` +
    ' back to 8-bit sRGB and clipped at 255\n',
)

const engine = await SkinEngine.create()
const ageModel = await loadAgeEstimator()
const records = await analyseAll(engine, typeof ageModel === 'string' ? undefined : ageModel, labels)
const sizes = [...new Set(records.map((r) => `${r.width}×${r.height}`))].join(', ')
console.log(`Photo sizes: ${sizes}\n`)

const sets = [...new Set(labels.map((l) => l.set))]
const overall: Group = { name: 'overall', records }
const groups: Group[] = [
  ...sets.map((name) => ({ name, records: records.filter((r) => r.label.set === name) })),
  overall,
]

printRefusals(groups)
printAgeCorrelations(groups)
printDistributions(groups)
printRepeatability(groups, overall)
printSkinAge(groups, overall, ageModel)
printTime(overall, (performance.now() - started) / 1000)
console.log(`\nMachine at end: ${machine()}`)
