/**
 * `npm run validate:lesions` (issue 30, "Acne that counts lesions"): the acne lesion counter checked
 * against synthetic lesions of known number, size and place (`src/testing/lesions.ts`) on real
 * clear-skinned faces, since no licence-clean photos with dermatologists' lesion counts are at hand.
 *
 * Faces: faces-frl (FACES_FRL_DIR, by default ../shared/data/faces-frl): 142 studio photos of adults
 * with clear skin (CC BY 4.0, DeBruine & Jones 2017; see its README). Each photo is analysed as it is
 * (every lesion found there is a false positive: these faces are graded clear, though a real spot may
 * be among them), then with 3, 10 and 30 lesions placed (1, 2, 3, 4 mm in turn; red papules on light
 * skin, red-brown on dark skin, chosen by the cheeks' ITA°). Then the same over the test photos of
 * FACES_DIR (../shared/data/faces), whose 34–36 are real acne close-ups: what the engine says of each.
 *
 * It prints, with the machine's load (os.loadavg) and the data's size:
 *   - the false positives on the untouched faces (mean, median, p90, max; target ≤ 2 on average and
 *     at the median) and the grade they get;
 *   - per number placed: count error (found − placed: mean, median absolute), recall, precision;
 *   - recall per lesion size and per tone;
 *   - Hayashi grade agreement (the grade of the placed lesions' half-face count against the engine's);
 *   - the acne ui_score per number of lesions placed (median, p10, p90).
 * A placed lesion is found when a detected lesion's centre lies within its radius + 1 mm.
 *   VALIDATE_LIMIT=N        only N faces of faces-frl, spread over labels.csv
 *   LESIONS_TEST_FACES=0    skip the test photos of FACES_DIR
 * Exits 0 whatever it finds: it measures, it does not judge.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { hayashiGrade } from '../src/acne'
import { type SkinAnalysis, SkinEngine, type SkinImage } from '../src/index'
import { FACES_DIR } from '../src/testing/faces'
import { halfFaceCount, LESION_SIZES_MM, type LesionTone, matchLesions, placeLesions } from '../src/testing/lesions'
import { loadPhoto } from '../src/testing/perturb'

const FACES_FRL_DIR = resolve(
  process.env.FACES_FRL_DIR || fileURLToPath(new URL('../../../../shared/data/faces-frl', import.meta.url)),
)
const LIMIT = Number(process.env.VALIDATE_LIMIT ?? 0)
const WITH_TEST_FACES = process.env.LESIONS_TEST_FACES !== '0'
const COUNTS = [3, 10, 30] as const
const FP_TARGET = 2

const round = (v: number, digits = 1) => (Number.isFinite(v) ? v.toFixed(digits) : 'n/a')
const mean = (v: readonly number[]) => (v.length ? v.reduce((s, x) => s + x, 0) / v.length : Number.NaN)
/** Linear-interpolation percentile. */
function percentile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const at = q * (sorted.length - 1)
  const lo = Math.floor(at)
  const hi = Math.ceil(at)
  return (sorted[lo] as number) + ((sorted[hi] as number) - (sorted[lo] as number)) * (at - lo)
}

function dirSize(dir: string, files: readonly string[]): number {
  return files.reduce((s, f) => s + statSync(join(dir, f)).size, 0)
}

const machine = () => {
  const [one, five, fifteen] = loadavg().map((v) => v.toFixed(2))
  return `load average ${one} / ${five} / ${fifteen} (1, 5, 15 min)`
}

interface Trial {
  face: string
  tone: LesionTone
  placed: number
  detected: number
  found: number
  falsePositives: number
  bySize: Map<number, { placed: number; found: number }>
  truthGrade: string
  engineGrade: string
  ui: number
}

/** One face: as it is, then with 3, 10 and 30 lesions. */
async function trials(engine: SkinEngine, file: string, photo: SkinImage, seed: number): Promise<Trial[] | string> {
  const outcome = await engine.analyze(photo)
  if (!outcome.analysis) return outcome.quality.code
  const clean = outcome.analysis as SkinAnalysis
  const pxPerMm = clean.nativeIod / 63
  const out: Trial[] = [
    {
      face: file,
      tone: 'light',
      placed: 0,
      detected: clean.lesions.length,
      found: 0,
      falsePositives: clean.lesions.length,
      bySize: new Map(),
      truthGrade: 'sin_lesiones',
      engineGrade: clean.acneGrade.grade,
      ui: clean.measures.acne.ui_score,
    },
  ]
  for (const n of COUNTS) {
    const { image, lesions, tone } = placeLesions(photo, clean, n, { offset: (seed * 0.37) % 1 })
    const after = await engine.analyze(image)
    if (!after.analysis) continue
    const a = after.analysis
    const { found, falsePositives } = matchLesions(lesions, a.lesions, pxPerMm)
    const bySize = new Map<number, { placed: number; found: number }>()
    lesions.forEach((l, k) => {
      const entry = bySize.get(l.diameterMm) ?? { placed: 0, found: 0 }
      entry.placed++
      if (found[k]) entry.found++
      bySize.set(l.diameterMm, entry)
    })
    out[0] = { ...(out[0] as Trial), tone }
    out.push({
      face: file,
      tone,
      placed: lesions.length,
      detected: a.lesions.length,
      found: found.filter(Boolean).length,
      falsePositives,
      bySize,
      truthGrade: hayashiGrade(halfFaceCount(lesions)),
      engineGrade: a.acneGrade.grade,
      ui: a.measures.acne.ui_score,
    })
  }
  return out
}

function report(title: string, all: Trial[]): void {
  console.log(`\n## ${title}`)
  const clean = all.filter((t) => t.placed === 0)
  const fps = clean.map((t) => t.falsePositives)
  console.log(
    `\nUntouched faces (n ${clean.length}): lesions found (false positives) mean ${round(mean(fps), 2)}, ` +
      `median ${round(percentile(fps, 0.5))}, p90 ${round(percentile(fps, 0.9))}, max ${Math.max(...fps, 0)}; ` +
      `target ≤ ${FP_TARGET} on average and at the median: ${mean(fps) <= FP_TARGET && percentile(fps, 0.5) <= FP_TARGET ? 'met' : 'not met'}`,
  )
  const grades = new Map<string, number>()
  for (const t of clean) grades.set(t.engineGrade, (grades.get(t.engineGrade) ?? 0) + 1)
  console.log(`  their grades: ${[...grades].map(([g, c]) => `${g} ${c}`).join(', ')}`)
  for (const tone of ['light', 'dark'] as const) {
    const f = clean.filter((t) => t.tone === tone).map((t) => t.falsePositives)
    if (f.length)
      console.log(`  ${tone} skin (n ${f.length}): mean ${round(mean(f), 2)}, median ${round(percentile(f, 0.5))}`)
  }

  console.log(
    '\n| placed | faces | count error mean (found − placed) | median abs error | recall | precision | FP per face | grade agreement |',
  )
  console.log('|---|---|---|---|---|---|---|---|')
  for (const n of [0, ...COUNTS]) {
    const rows = all.filter((t) => (n === 0 ? t.placed === 0 : t.placed > 0 && nominal(t) === n))
    if (rows.length === 0) continue
    const errors = rows.map((t) => t.detected - t.placed)
    const placed = rows.reduce((s, t) => s + t.placed, 0)
    const found = rows.reduce((s, t) => s + t.found, 0)
    const detected = rows.reduce((s, t) => s + t.detected, 0)
    const agree = rows.filter((t) => t.truthGrade === t.engineGrade).length
    console.log(
      `| ${n} | ${rows.length} | ${round(mean(errors), 2)} | ${round(percentile(errors.map(Math.abs), 0.5))} | ` +
        `${placed ? `${round((100 * found) / placed)} %` : '—'} | ${detected && placed ? `${round((100 * found) / detected)} %` : '—'} | ` +
        `${round(mean(rows.map((t) => t.falsePositives)), 2)} | ${agree}/${rows.length} (${round((100 * agree) / rows.length, 0)} %) |`,
    )
  }

  console.log('\nRecall per lesion size (all placed counts):')
  console.log('| diameter | placed | found | recall | light skin | dark skin |')
  console.log('|---|---|---|---|---|---|')
  for (const size of LESION_SIZES_MM) {
    const cell = (rows: Trial[]) => {
      let p = 0
      let f = 0
      for (const t of rows) {
        const e = t.bySize.get(size)
        if (e) {
          p += e.placed
          f += e.found
        }
      }
      return { p, f, text: p ? `${round((100 * f) / p)} % (${f}/${p})` : '—' }
    }
    const everyone = cell(all)
    console.log(
      `| ${size} mm | ${everyone.p} | ${everyone.f} | ${everyone.text} | ${cell(all.filter((t) => t.tone === 'light')).text} | ${cell(all.filter((t) => t.tone === 'dark')).text} |`,
    )
  }

  console.log('\nGrades (placed half-face grade → engine grade), per number placed:')
  for (const n of [0, ...COUNTS]) {
    const rows = all.filter((t) => (n === 0 ? t.placed === 0 : t.placed > 0 && nominal(t) === n))
    const pairs = new Map<string, number>()
    for (const t of rows)
      pairs.set(`${t.truthGrade} → ${t.engineGrade}`, (pairs.get(`${t.truthGrade} → ${t.engineGrade}`) ?? 0) + 1)
    console.log(`  ${n}: ${[...pairs].map(([k, c]) => `${k} ×${c}`).join('; ')}`)
  }

  console.log('\nAcne ui_score per number of lesions placed:')
  console.log('| placed | n | p10 | median | p90 | min | max |')
  console.log('|---|---|---|---|---|---|---|')
  for (const n of [0, ...COUNTS]) {
    const ui = all.filter((t) => (n === 0 ? t.placed === 0 : t.placed > 0 && nominal(t) === n)).map((t) => t.ui)
    if (ui.length === 0) continue
    console.log(
      `| ${n} | ${ui.length} | ${round(percentile(ui, 0.1))} | ${round(percentile(ui, 0.5))} | ${round(percentile(ui, 0.9))} | ${Math.min(...ui)} | ${Math.max(...ui)} |`,
    )
  }
}

/** The number asked for (a crowded face may hold a few fewer). */
const nominal = (t: Trial) =>
  COUNTS.reduce((best, n) => (Math.abs(n - t.placed) < Math.abs(best - t.placed) ? n : best))

async function main() {
  const started = Date.now()
  console.log(`# Acne lesions on synthetic papules — ${new Date().toISOString()}`)
  console.log(`Node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), ${machine()} at the start`)
  const labels = readFileSync(join(FACES_FRL_DIR, 'labels.csv'), 'utf8').trim().split(/\r?\n/).slice(1)
  let files = labels.map((line) => line.split(',')[0] as string)
  const total = files.length
  if (LIMIT > 0 && LIMIT < files.length) {
    files = Array.from({ length: LIMIT }, (_, i) => files[Math.floor(((i + 0.5) * total) / LIMIT)] as string)
  }
  console.log(
    `faces-frl: ${files.length} of ${total} photos (${round(dirSize(FACES_FRL_DIR, files) / 1e6)} MB) at ${FACES_FRL_DIR}`,
  )
  const engine = await SkinEngine.create()
  const all: Trial[] = []
  const refused = new Map<string, number>()
  for (const [k, file] of files.entries()) {
    const result = await trials(engine, file, await loadPhoto(join(FACES_FRL_DIR, file)), k)
    if (typeof result === 'string') refused.set(result, (refused.get(result) ?? 0) + 1)
    else all.push(...result)
  }
  console.log(
    `analysed ${files.length - [...refused.values()].reduce((s, c) => s + c, 0)}, refused ${[...refused].map(([c, n]) => `${c} ${n}`).join(', ') || 'none'}`,
  )
  report('faces-frl (clear adult skin, CC BY 4.0 DeBruine & Jones 2017)', all)

  if (WITH_TEST_FACES) {
    const testFiles = readdirSync(FACES_DIR)
      .filter((f) => /\.(jpe?g|png)$/i.test(f))
      .sort()
    console.log(
      `\n# Test photos: ${testFiles.length} (${round(dirSize(FACES_DIR, testFiles) / 1e6)} MB) at ${FACES_DIR}, ${machine()}`,
    )
    const testTrials: Trial[] = []
    console.log('\n| photo | engine says | lesions | half face | grade | acne ui |')
    console.log('|---|---|---|---|---|---|')
    for (const [k, file] of testFiles.entries()) {
      const photo = await loadPhoto(join(FACES_DIR, file))
      const outcome = await engine.analyze(photo)
      const a = outcome.analysis
      console.log(
        a
          ? `| ${file} | ok | ${a.acneGrade.count} | ${a.acneGrade.halfFace} | ${a.acneGrade.grade} | ${a.measures.acne.ui_score} |`
          : `| ${file} | ${outcome.quality.code} | — | — | — | — |`,
      )
      if (a) {
        const result = await trials(engine, file, photo, k)
        if (typeof result !== 'string') testTrials.push(...result)
      }
    }
    report('test photos that are analysed (synthetic lesions as above)', testTrials)
  }
  console.log(`\n${machine()} at the end; ${Math.round((Date.now() - started) / 1000)} s`)
}

await main()
