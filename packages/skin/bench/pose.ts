/**
 * `npm run validate:pose` (issue 30, "Expressions and turned heads"): what reading one side of the
 * face costs, how the far side's readings degrade as the head turns, and what the mesh reads of the
 * expression. No labelled photos of turned heads or of one person's expressions exist here, so:
 *   1. the expression readings of pose.ts on the neutral faces of faces-frl (their spread set the
 *      limits) and on the test photos, with what each is read as;
 *   2. (a) on faces-frl (frontal, neutral): each measure's ui_score read on one side only (forced
 *      right, forced left) against both sides — Spearman's rho and max / p95 |Δ ui_score| — and the
 *      scores with the default settings against the engine without pose or expression handling
 *      (a frontal, neutral face must not move);
 *   3. (b) the test photos of FACES_DIR: the verdict under the old rule (yaw, pitch or roll over 25°
 *      or box ratio outside 0.7–1.2 → not-frontal) and now, the side read, the confidence;
 *   4. (c) synthetic turns: a frontal faces-frl photo re-projected as if the head turned by 0–35°
 *      (the mesh's 468 points with their depth from Human, rotated about a vertical axis, each
 *      triangle's texture carried along, nearest triangle drawn; no change of light, so the far side
 *      is not darkened as in a real turn), then analysed two-sided and on the near side; per angle the
 *      detector's yaw, the verdicts, each measure's |Δ ui_score| against the frontal two-sided reading,
 *      and the far and near regions' drift from their own frontal reading — the figure that sets
 *      ONE_SIDE_FROM; and a mirror check of the side logic (right side of a photo against the left
 *      side of its mirror image).
 * The machine (cores, load average before and after, Node) and the data's size head the output.
 *   VALIDATE_LIMIT=N   N faces-frl photos (spread over labels.csv) for 1–2; POSE_SYNTH=N for 4 (default 12)
 * Exits 0: it measures, it does not judge.
 */

import { readdirSync, readFileSync, statSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { SKIN_MEASURES, type SkinMeasure } from '@piel/contracts'
import sharp from 'sharp'
import { createHuman, type HumanFace, type HumanInstance } from '../src/detector'
import { type AnalyzeOptions, type SkinAnalysis, SkinEngine, type SkinImage } from '../src/engine'
import { installedPaths } from '../src/index'
import {
  EXPRESSION_LIMITS,
  type ExpressionReadings,
  expressionReadings,
  ONE_SIDE_FROM,
  SIDE_REGIONS,
} from '../src/pose'
import { MAX_HEAD_TURN } from '../src/quality'
import type { Point, RegionName } from '../src/regions'
import { FACES_DIR } from '../src/testing/faces'
import { loadPhoto, mirror } from '../src/testing/perturb'
import { mean, percentile, spearman } from './statistics'

const FACES_FRL_DIR = resolve(
  process.env.FACES_FRL_DIR || fileURLToPath(new URL('../../../../shared/data/faces-frl', import.meta.url)),
)
const LIMIT = Number(process.env.VALIDATE_LIMIT ?? 0)
const SYNTH = Number(process.env.POSE_SYNTH ?? 12)
const ANGLES = [0, 5, 10, 15, 20, 25, 30, 35]
const DEG = Math.PI / 180
/**
 * Human's mesh depth is flatter than a head: nose tip to the outline's widest points spans about 0.3
 * of the face's width in its z, against about 0.55–0.6 in anthropometric tables (nose tip to zygion
 * depth against bizygomatic width). Its z is scaled by this before the turn (POSE_DEPTH to change).
 */
const DEPTH_SCALE = Number(process.env.POSE_DEPTH ?? 2)
const FILL = process.env.POSE_FILL !== '0'

/** Nearest-rank p95 of absolute values, as the repeatability tables. */
const p95 = (values: readonly number[]) => {
  const sorted = values.map(Math.abs).sort((a, b) => a - b)
  return sorted.length === 0 ? Number.NaN : (sorted[Math.max(0, Math.ceil(0.95 * sorted.length) - 1)] as number)
}
const maxAbs = (values: readonly number[]) => (values.length === 0 ? Number.NaN : Math.max(...values.map(Math.abs)))
const med = (values: readonly number[]) => percentile(values.map(Math.abs), 0.5)
const fixed = (value: number, digits = 2) => (Number.isNaN(value) ? '—' : value.toFixed(digits))
const pad = (text: string, width: number) => text.padEnd(width)
const deg = (radians: number) => (radians / DEG).toFixed(1)

// ---------------------------------------------------------------------------------------------
// Human's raw mesh (with depth), for the expression readings of refused photos and the synthetic turns

type RawFace = HumanFace

/** A second instance of Human's bundle with the engine's settings, one face per photo (its mesh with depth). */
async function rawMesher(): Promise<HumanInstance> {
  const human = createHuman(installedPaths(), { maxDetected: 1 })
  await human.load()
  return human
}

async function rawFace(human: HumanInstance, image: SkinImage): Promise<RawFace | undefined> {
  const tensor = human.tf.tensor3d(rgbOf(image), [image.height, image.width, 3], 'int32')
  try {
    const { face } = await human.detect(tensor)
    return face.reduce<RawFace | undefined>(
      (best, f) => (best === undefined || f.box[2] * f.box[3] > best.box[2] * best.box[3] ? f : best),
      undefined,
    )
  } finally {
    tensor.dispose()
  }
}

function rgbOf(image: SkinImage): Uint8Array {
  if (image.channels === 3) return image.data
  const out = new Uint8Array(image.width * image.height * 3)
  for (let i = 0; i < image.width * image.height; i++) {
    out[3 * i] = image.data[4 * i] as number
    out[3 * i + 1] = image.data[4 * i + 1] as number
    out[3 * i + 2] = image.data[4 * i + 2] as number
  }
  return out
}

/**
 * The photo with the face turned by `angle` (radians) about a vertical axis through the mesh's
 * centre: each mesh point (x, y, z; Human's z is depth in the photo's pixel scale, smaller nearer)
 * moves to x' = cx + (x − cx) cos θ + (z − cz) sin θ, and every triangle is drawn at its new place
 * with its own texture (barycentric mapping, bilinear), nearest triangle first. The face's old
 * outline is filled with the photo's background colour (its top corners' mean: the studio sets have
 * a plain one) before, so the far edge left uncovered reads as background, not as a ghost cheek.
 */
function turnFace(image: SkinImage, face: RawFace, triangles: readonly number[], angle: number): SkinImage {
  const { width, height } = image
  const src = rgbOf(image)
  const out = src.slice()
  const points = face.mesh.slice(0, 468).map(([x, y, z = 0]) => [x, y, DEPTH_SCALE * z] as const)
  const cx = mean(points.map((p) => p[0]))
  const cz = mean(points.map((p) => p[2]))
  const cos = Math.cos(angle)
  const sin = Math.sin(angle)
  const moved = points.map(([x, y, z]) => [cx + (x - cx) * cos + (z - cz) * sin, y, -(x - cx) * sin + (z - cz) * cos])
  // Background colour: the mean of two 20 px squares in the top corners.
  const bg = [0, 0, 0]
  let n = 0
  for (const x0 of [0, width - 20])
    for (let y = 0; y < 20; y++)
      for (let x = x0; x < x0 + 20; x++) {
        for (let c = 0; c < 3; c++) bg[c] = (bg[c] as number) + (src[3 * (y * width + x) + c] as number)
        n++
      }
  // Fill the old face (its triangles, grown by 2 px) with the background.
  const depth = new Float32Array(width * height).fill(Number.POSITIVE_INFINITY)
  const drawTriangle = (t: number, at: readonly (readonly number[])[], fill: boolean) => {
    const ia = triangles[t] as number
    const ib = triangles[t + 1] as number
    const ic = triangles[t + 2] as number
    const a = at[ia]
    const b = at[ib]
    const c = at[ic]
    const sa = points[ia]
    const sb = points[ib]
    const sc = points[ic]
    if (!a || !b || !c || !sa || !sb || !sc) return
    const det =
      ((b[1] as number) - (c[1] as number)) * ((a[0] as number) - (c[0] as number)) +
      ((c[0] as number) - (b[0] as number)) * ((a[1] as number) - (c[1] as number))
    if (Math.abs(det) < 1e-9) return
    const grow = 0
    const x0 = Math.max(0, Math.floor(Math.min(a[0] as number, b[0] as number, c[0] as number)) - grow)
    const x1 = Math.min(width - 1, Math.ceil(Math.max(a[0] as number, b[0] as number, c[0] as number)) + grow)
    const y0 = Math.max(0, Math.floor(Math.min(a[1] as number, b[1] as number, c[1] as number)) - grow)
    const y1 = Math.min(height - 1, Math.ceil(Math.max(a[1] as number, b[1] as number, c[1] as number)) + grow)
    const tolerance = fill ? 0.1 : 1e-6
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const px = x + 0.5
        const py = y + 0.5
        const wa =
          (((b[1] as number) - (c[1] as number)) * (px - (c[0] as number)) +
            ((c[0] as number) - (b[0] as number)) * (py - (c[1] as number))) /
          det
        const wb =
          (((c[1] as number) - (a[1] as number)) * (px - (c[0] as number)) +
            ((a[0] as number) - (c[0] as number)) * (py - (c[1] as number))) /
          det
        const wc = 1 - wa - wb
        if (wa < -tolerance || wb < -tolerance || wc < -tolerance) continue
        const i = y * width + x
        if (fill) {
          for (let ch = 0; ch < 3; ch++) out[3 * i + ch] = Math.round((bg[ch] as number) / n)
          continue
        }
        const z = wa * (a[2] as number) + wb * (b[2] as number) + wc * (c[2] as number)
        if (z >= (depth[i] as number)) continue
        depth[i] = z
        const sx = wa * sa[0] + wb * sb[0] + wc * sc[0] - 0.5
        const sy = wa * sa[1] + wb * sb[1] + wc * sc[1] - 0.5
        const fx = Math.min(width - 2, Math.max(0, Math.floor(sx)))
        const fy = Math.min(height - 2, Math.max(0, Math.floor(sy)))
        const dx = Math.min(1, Math.max(0, sx - fx))
        const dy = Math.min(1, Math.max(0, sy - fy))
        for (let ch = 0; ch < 3; ch++) {
          const at = (xx: number, yy: number) => src[3 * (yy * width + xx) + ch] as number
          const top = at(fx, fy) * (1 - dx) + at(fx + 1, fy) * dx
          const bottom = at(fx, fy + 1) * (1 - dx) + at(fx + 1, fy + 1) * dx
          out[3 * i + ch] = Math.round(top * (1 - dy) + bottom * dy)
        }
      }
    }
  }
  if (FILL) for (let t = 0; t + 2 < triangles.length; t += 3) drawTriangle(t, points, true)
  for (let t = 0; t + 2 < triangles.length; t += 3) drawTriangle(t, moved, false)
  return { data: out, width, height, channels: 3 }
}

// ---------------------------------------------------------------------------------------------
// Data

function frlFiles(): string[] {
  const [, ...lines] = readFileSync(join(FACES_FRL_DIR, 'labels.csv'), 'utf8').trim().split(/\r?\n/)
  const files = lines.map((line) => line.split(',')[0] as string)
  if (!LIMIT || LIMIT >= files.length) return files
  // Spread over the list (both sets), as validate.ts's VALIDATE_LIMIT.
  return Array.from({ length: LIMIT }, (_, i) => files[Math.floor((i * files.length) / LIMIT)] as string)
}

const testFiles = () =>
  readdirSync(FACES_DIR)
    .filter((f) => /^\d\d_.*\.(jpe?g|png)$/i.test(f))
    .sort()
const folderBytes = (dir: string, files: readonly string[]) =>
  files.reduce((sum, f) => sum + statSync(join(dir, f)).size, 0)

const machine = () =>
  `load average ${loadavg()
    .map((v) => v.toFixed(2))
    .join(' / ')} (1, 5, 15 min)`

async function analyse(engine: SkinEngine, image: SkinImage, options: AnalyzeOptions = {}) {
  const outcome = await engine.analyze(image, options)
  return { code: outcome.quality.code, analysis: outcome.analysis }
}

const ui = (analysis: SkinAnalysis, m: SkinMeasure) => analysis.measures[m].ui_score
/** Raw score of each measure in each region. */
const regionScores = (analysis: SkinAnalysis) =>
  new Map(analysis.regions.map((r) => [r.name as RegionName, r.values] as const))

// ---------------------------------------------------------------------------------------------

const started = performance.now()
const frl = frlFiles()
const tests = testFiles()
console.log(`validate:pose — ${new Date().toISOString()}`)
console.log(`machine: ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), Node ${process.version}, ${machine()}`)
console.log(
  `data: faces-frl ${frl.length} photos (${(folderBytes(FACES_FRL_DIR, frl) / 1e6).toFixed(1)} MB) at ${FACES_FRL_DIR}; ` +
    `test photos ${tests.length} (${(folderBytes(FACES_DIR, tests) / 1e6).toFixed(1)} MB) at ${FACES_DIR}; ` +
    `synthetic turns on ${Math.min(SYNTH, frl.length)} faces-frl photos`,
)
console.log(`ONE_SIDE_FROM ${deg(ONE_SIDE_FROM)}°, limits ${JSON.stringify(EXPRESSION_LIMITS)}`)

const engine = await SkinEngine.create()
const human = await rawMesher()

// 1 + 2. faces-frl: expression readings; sides forced; default against no pose/expression handling
const readingsOf: ExpressionReadings[] = []
const FORCED = ['smile', 'browsRaised', 'frown'] as const
const rows: {
  file: string
  both: SkinAnalysis
  right: SkinAnalysis
  left: SkinAnalysis
  auto: SkinAnalysis
  forced: Record<(typeof FORCED)[number], SkinAnalysis>
}[] = []
for (const file of frl) {
  const image = await loadPhoto(join(FACES_FRL_DIR, file))
  const both = await analyse(engine, image, { side: 'both', expression: false })
  if (!both.analysis) {
    console.log(`  ${file}: ${both.code}`)
    continue
  }
  const right = await analyse(engine, image, { side: 'right', expression: false })
  const left = await analyse(engine, image, { side: 'left', expression: false })
  const auto = await analyse(engine, image)
  const forced = {} as Record<(typeof FORCED)[number], SkinAnalysis>
  for (const kind of FORCED) {
    const a = (await analyse(engine, image, { side: 'both', expression: { [kind]: true } })).analysis
    if (a) forced[kind] = a
  }
  if (!right.analysis || !left.analysis || !auto.analysis || Object.keys(forced).length < FORCED.length) continue
  const e = auto.analysis.pose.expression
  if (e) readingsOf.push(e)
  rows.push({ file, both: both.analysis, right: right.analysis, left: left.analysis, auto: auto.analysis, forced })
}

console.log(`\n1. Expression readings (IOD units) on faces-frl, neutral (n ${readingsOf.length})\n`)
console.log('reading      min     p1     p5    p50    p95    p99    max   limit  read as expressive')
const limitOf: Record<keyof ExpressionReadings, [number, '≥' | '≤']> = {
  mouthWidth: [EXPRESSION_LIMITS.smileWidth, '≥'],
  cornerLift: [EXPRESSION_LIMITS.smileLift, '≥'],
  browHeight: [EXPRESSION_LIMITS.browsRaised, '≥'],
  browGap: [EXPRESSION_LIMITS.frown, '≤'],
}
for (const key of Object.keys(limitOf) as (keyof ExpressionReadings)[]) {
  const values = readingsOf.map((r) => r[key])
  const [limit, sense] = limitOf[key]
  const over = values.filter((v) => (sense === '≥' ? v >= limit : v <= limit)).length
  const q = [0, 0.01, 0.05, 0.5, 0.95, 0.99, 1].map((p) => fixed(percentile(values, p), 3).padStart(6))
  console.log(`${pad(key, 11)} ${q.join(' ')}  ${sense}${limit}  ${over}/${values.length}`)
}
const flagged = rows.filter((r) => r.auto.pose.skipped.length > 0 || r.auto.pose.side !== 'both')
console.log(
  `faces-frl photos read with a region left out by default: ${flagged.length}/${rows.length}` +
    (flagged.length ? ` (${flagged.map((r) => `${r.file}: ${r.auto.pose.skipped.join(', ')}`).join('; ')})` : ''),
)

console.log(`\n2. (a) faces-frl: one side only against both sides (n ${rows.length})\n`)
console.log('measure      rho right  rho left  max/p95 |Δui| right  max/p95 |Δui| left   default vs none: max |Δui|')
for (const m of SKIN_MEASURES) {
  const both = rows.map((r) => ui(r.both, m))
  const right = rows.map((r) => ui(r.right, m))
  const left = rows.map((r) => ui(r.left, m))
  const auto = rows.map((r) => ui(r.auto, m))
  const dr = right.map((v, i) => v - (both[i] as number))
  const dl = left.map((v, i) => v - (both[i] as number))
  const da = auto.map((v, i) => v - (both[i] as number))
  console.log(
    `${pad(m, 12)} ${fixed(spearman(both, right)).padStart(9)} ${fixed(spearman(both, left)).padStart(9)}` +
      `  ${`${maxAbs(dr)}/${p95(dr)}`.padStart(19)}  ${`${maxAbs(dl)}/${p95(dl)}`.padStart(18)}  ${String(maxAbs(da)).padStart(26)}`,
  )
}
console.log(
  '\nLeaving out what each expression folds, forced on these neutral faces (Spearman against the full reading; max/p95 |Δui|):',
)
console.log(`expression   ${SKIN_MEASURES.map((m) => pad(m, 14)).join(' ')}`)
for (const kind of FORCED) {
  const cells = SKIN_MEASURES.map((m) => {
    const both = rows.map((r) => ui(r.both, m))
    const forced = rows.map((r) => ui(r.forced[kind], m))
    const d = forced.map((v, i) => v - (both[i] as number))
    return pad(`${fixed(spearman(both, forced))} ${maxAbs(d)}/${p95(d)}`, 14)
  })
  console.log(`${pad(kind, 12)} ${cells.join(' ')}`)
}
{
  const conf = (pick: (r: (typeof rows)[number]) => SkinAnalysis) =>
    fixed(
      percentile(
        rows.map((r) => pick(r).confidenceSummary.valor),
        0.5,
      ),
    )
  console.log(
    `median confidence (summary): both ${conf((r) => r.both)}, right ${conf((r) => r.right)}, left ${conf((r) => r.left)}`,
  )
}

// 3. (b) the test photos
const summary: string[] = []
console.log('\n3. (b) Test photos: verdict under the old rule and now\n')
console.log(
  'photo                          yaw°  pitch°  roll°  ratio  old rule     now          side   conf  expression',
)
for (const file of tests) {
  const image = await loadPhoto(join(FACES_DIR, file))
  const raw = await rawFace(human, image)
  const now = await analyse(engine, image)
  const angle = raw?.rotation?.angle
  let old = '—'
  let ratio = Number.NaN
  if (raw && angle) {
    const xs = raw.mesh.slice(0, 468).map((p) => p[0])
    const ys = raw.mesh.slice(0, 468).map((p) => p[1])
    ratio = (Math.max(...xs) - Math.min(...xs)) / (Math.max(...ys) - Math.min(...ys))
    const turned = [angle.yaw, angle.pitch, angle.roll].some((a) => Math.abs(a) > MAX_HEAD_TURN)
    old = turned || ratio < 0.7 || ratio > 1.2 ? 'not-frontal' : 'frontal'
  }
  const e = raw ? expressionReadings(raw.mesh.map(([x, y]) => [x, y] as Point)) : undefined
  const a = now.analysis
  // The engine's readings (refined mesh) when it analysed the photo, else the raw mesh's.
  const r = a?.pose.expression ?? e
  const kinds = a?.pose.expression
    ? (['smile', 'browsRaised', 'frown'] as const).filter((k) => a.pose.expression?.[k]).join('+') || 'neutral'
    : '(raw mesh)'
  const expression = r
    ? `${kinds}: width ${fixed(r.mouthWidth)} lift ${fixed(r.cornerLift)} brow ${fixed(r.browHeight)} gap ${fixed(r.browGap)}`
    : ''
  console.log(
    `${pad(file.slice(0, 30), 30)} ${angle ? deg(angle.yaw).padStart(5) : '    —'} ${angle ? deg(angle.pitch).padStart(6) : '     —'} ` +
      `${angle ? deg(angle.roll).padStart(5) : '    —'}  ${fixed(ratio).padStart(5)}  ${pad(old, 11)}  ${pad(now.code, 11)}  ` +
      `${pad(a?.pose.side ?? '', 5)}  ${a ? fixed(a.confidenceSummary.valor) : '    '}  ${expression}`,
  )
  if (old === 'not-frontal') summary.push(`${file.slice(0, 2)} refused not-frontal by the old rule, now ${now.code}`)
  if (a && a.pose.side !== 'both') summary.push(`${file.slice(0, 2)} read on its ${a.pose.side} side`)
  if (a && (a.pose.side !== 'both' || a.pose.skipped.length > 0)) {
    const plain = await analyse(engine, image, { side: 'both', expression: false })
    if (plain.analysis) {
      const p = plain.analysis
      console.log(
        `    two-sided, no expression handling → now: ${SKIN_MEASURES.map((m) => `${m} ${ui(p, m)}→${ui(a, m)}`).join(', ')}; ` +
          `skipped: ${a.pose.skipped.join(', ') || '—'}; reasons: ${a.confidenceSummary.motivos.map((r) => r.codigo).join(', ')}`,
      )
    }
  }
}

console.log(`\nsummary: ${summary.join('; ') || 'no photo refused not-frontal by the old rule, none read on one side'}`)

// 4. (c) synthetic turns
const synthFiles = frl
  .slice(0, 0)
  .concat(
    Array.from(
      { length: Math.min(SYNTH, frl.length) },
      (_, i) => frl[Math.floor((i * frl.length) / Math.min(SYNTH, frl.length))] as string,
    ),
  )
interface TurnRow {
  angle: number
  yaw: number[]
  codes: Map<string, number>
  twoSided: Record<SkinMeasure, number[]>
  nearOnly: Record<SkinMeasure, number[]>
  farDrift: number[]
  nearDrift: number[]
}
const empty = () => Object.fromEntries(SKIN_MEASURES.map((m) => [m, [] as number[]])) as Record<SkinMeasure, number[]>
const turns: TurnRow[] = ANGLES.map((angle) => ({
  angle,
  yaw: [],
  codes: new Map(),
  twoSided: empty(),
  nearOnly: empty(),
  farDrift: [],
  nearDrift: [],
}))
const mirrorDiffs = empty()
for (const file of synthFiles) {
  const image = await loadPhoto(join(FACES_FRL_DIR, file))
  const raw = await rawFace(human, image)
  if (!raw) continue
  const frontal = (await analyse(engine, image, { side: 'both', expression: false })).analysis
  if (!frontal) continue
  const frontalRegions = regionScores(frontal)
  // Mirror check: the subject's right side of the photo is the left side of its mirror image.
  const mirrored = (await analyse(engine, await mirror(image), { side: 'left', expression: false })).analysis
  const rightOnly = (await analyse(engine, image, { side: 'right', expression: false })).analysis
  if (mirrored && rightOnly) for (const m of SKIN_MEASURES) mirrorDiffs[m].push(ui(mirrored, m) - ui(rightOnly, m))
  for (const row of turns) {
    const turned = turnFace(image, raw, human.faceTriangulation, row.angle * DEG)
    if (process.env.POSE_DUMP) {
      await sharp(turned.data, { raw: { width: turned.width, height: turned.height, channels: 3 } })
        .png()
        .toFile(join(process.env.POSE_DUMP, `${file.replace(/\.\w+$/, '')}_${row.angle}.png`))
    }
    const two = await analyse(engine, turned, { side: 'both', expression: false })
    row.codes.set(two.code, (row.codes.get(two.code) ?? 0) + 1)
    const a = two.analysis
    if (!a) continue
    row.yaw.push(Math.abs(a.pose.yaw) / DEG)
    // The side the mesh sees nearer (pose.ts's rule), read alone.
    const near = (await analyse(engine, turned, { side: 'auto', expression: false })).analysis
    const nearSide = near && near.pose.side !== 'both' ? near.pose.side : undefined
    const forced = nearSide
      ? near
      : (await analyse(engine, turned, { side: a.pose.yaw < 0 ? 'right' : 'left', expression: false })).analysis
    const side = nearSide ?? (a.pose.yaw < 0 ? 'right' : 'left')
    for (const m of SKIN_MEASURES) {
      row.twoSided[m].push(ui(a, m) - ui(frontal, m))
      if (forced) row.nearOnly[m].push(ui(forced, m) - ui(frontal, m))
    }
    // Region drift: each sided region's raw scores against the same region of the frontal reading.
    const turnedRegions = regionScores(a)
    const far = side === 'right' ? SIDE_REGIONS.left : SIDE_REGIONS.right
    for (const [names, out] of [
      [far, row.farDrift],
      [SIDE_REGIONS[side], row.nearDrift],
    ] as const) {
      for (const name of names) {
        const before = frontalRegions.get(name) ?? {}
        const after = turnedRegions.get(name) ?? {}
        for (const [m, value] of Object.entries(after) as [SkinMeasure, number][]) {
          const was = before[m]
          if (was !== undefined) out.push(value - was)
        }
      }
    }
  }
}

console.log(`\n4. (c) Synthetic turns of ${synthFiles.length} faces-frl photos (re-projected mesh, same light)\n`)
console.log(
  'turn  detector |yaw|° (median)  verdicts                        far regions |Δraw| p50/p95   near regions |Δraw| p50/p95',
)
for (const row of turns) {
  const codes = [...row.codes].map(([c, k]) => `${c} ${k}`).join(', ')
  const drift = (values: number[]) =>
    `${fixed(percentile(values.map(Math.abs), 0.5), 1)}/${fixed(p95(values), 1)}`.padStart(12)
  console.log(
    `${String(row.angle).padStart(3)}°  ${fixed(percentile(row.yaw, 0.5), 1).padStart(22)}  ${pad(codes, 30)}  ${drift(row.farDrift).padStart(28)}  ${drift(row.nearDrift).padStart(29)}`,
  )
}
console.log('\nmax/median |Δ ui_score| against the frontal two-sided reading: two-sided | near side only')
console.log(`turn  ${SKIN_MEASURES.map((m) => pad(m, 15)).join(' ')}`)
for (const row of turns) {
  const cells = SKIN_MEASURES.map((m) =>
    pad(`${maxAbs(row.twoSided[m])}/${med(row.twoSided[m])} | ${maxAbs(row.nearOnly[m])}/${med(row.nearOnly[m])}`, 15),
  )
  console.log(`${String(row.angle).padStart(3)}°  ${cells.join(' ')}`)
}
console.log(
  `\nmirror check (right side of each photo against the left side of its mirror, n ${mirrorDiffs.redness.length}), max/p95 |Δui|: ` +
    SKIN_MEASURES.map((m) => `${m} ${maxAbs(mirrorDiffs[m])}/${p95(mirrorDiffs[m])}`).join(', '),
)

console.log(`\n${machine()} at the end; ${((performance.now() - started) / 1000).toFixed(0)} s`)
