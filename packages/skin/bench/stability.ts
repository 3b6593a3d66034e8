/**
 * `npm run stability:skin`: the repeatability table of issue 13. Every test face the engine analyses
 * (FACES_DIR) through each change of `STABILITY_CHANGES` (mirror, rotation ±5°/±10°, exposure × 0.85 /
 * × 1.15, JPEG quality 60 / 95, resolution halved / doubled, deeper / lighter tone); per change and
 * measure the largest and the 95th-percentile move of the ui_score over the faces (and which face
 * gave the largest), per face its worst move, each against the issue's bound (`*` marks a cell over
 * it). The computation is in `src/testing/stability.ts`; this only prints.
 *   STABILITY_FACES=05,25 …   only the photos whose names start with these prefixes
 *   STABILITY_CHANGES=mirror,rot …   only the changes whose names start with these prefixes
 *   --regions                 also, for the mirror, the region-by-region differences (original
 *                             region against the mirrored region of the mirrored photo)
 * Exits 0 whatever it finds: it measures, the tests will assert.
 */
import { cpus, loadavg } from 'node:os'
import { SKIN_MEASURES, type SkinMeasure } from '@piel/contracts'
import { SkinEngine } from '../src/index'
import { FACES_DIR, requireFacePhotos } from '../src/testing/faces'
import {
  facePhotos,
  measureStability,
  mirrorRegionDifferences,
  overBound,
  STABILITY_CHANGES,
  stabilityMarkdown,
} from '../src/testing/stability'

requireFacePhotos()
const SHORT: Record<SkinMeasure, string> = {
  redness: 'redness',
  wrinkle: 'wrinkle',
  pore: 'pore',
  acne: 'acne',
  eye_bag: 'eye_bag',
  texture: 'texture',
  firmness: 'firmness',
}
const prefixes = (process.env.STABILITY_FACES ?? '')
  .split(',')
  .map((p) => p.trim())
  .filter(Boolean)
const faces = facePhotos().filter((f) => prefixes.length === 0 || prefixes.some((p) => f.startsWith(p)))
const changePrefixes = (process.env.STABILITY_CHANGES ?? '')
  .split(',')
  .map((p) => p.trim())
  .filter(Boolean)
const changes = STABILITY_CHANGES.filter(
  (c) => changePrefixes.length === 0 || changePrefixes.some((p) => c.name.startsWith(p)),
)
const withRegions = process.argv.includes('--regions')

const machine = () => {
  const cpu = cpus()
  return `${cpu.length} cores, ${cpu[0]?.model ?? 'unknown CPU'}, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}, Node ${process.version}`
}
console.log(`Stability of @piel/skin (issue 13) — ${new Date().toISOString()}`)
console.log(`Machine at start: ${machine()}`)
console.log(`Faces: ${FACES_DIR} (${faces.length} photos)\n`)

const engine = await SkinEngine.create()
const table = await measureStability(engine, {
  faces,
  changes,
  keepAnalyses: withRegions,
  onResult: (r) => {
    if (process.stderr.isTTY) process.stderr.write(`${r.face.slice(0, 2)} ${r.change.padEnd(12)} ${r.code}\r`)
  },
})
if (process.stderr.isTTY) process.stderr.write(`${' '.repeat(40)}\r`)

console.log(
  `Per change × measure: max/p95 of |Δ ui_score| over ${table.faces.length} analysed faces (* = max over the bound)\n`,
)
console.log(stabilityMarkdown(table))
console.log('\nWhich face gave each max (change: measure face)\n')
for (const change of table.changes) {
  const cells = table.summary[change.name] as Record<SkinMeasure, { max: number; maxFace: string }>
  console.log(
    `${change.name.padEnd(13)} ${SKIN_MEASURES.map((m) => `${SHORT[m]} ${cells[m].maxFace.slice(0, 2)}`).join('  ')}`,
  )
}

console.log('\nPer face: worst move (change, measure)\n')
console.log('| face | worst | change | measure | changes over bound |\n|---|---|---|---|---|')
for (const face of table.faces) {
  const worst = table.worstPerFace[face]
  const over = table.results.filter(
    (r) =>
      r.face === face &&
      r.moves &&
      Math.max(...Object.values(r.moves)) > (table.changes.find((c) => c.name === r.change)?.bound ?? 0),
  ).length
  console.log(
    `| ${face.slice(0, 24)} | ${worst?.move ?? '—'} | ${worst?.change ?? ''} | ${worst?.measure ?? ''} | ${over}/${table.changes.length} |`,
  )
}
const notAnalysed = table.results.filter((r) => r.status !== 'ok')
if (notAnalysed.length > 0) {
  console.log('\nChanged photos not analysed (skipped: below the size limit, allowed; lost: any other code)\n')
  for (const r of notAnalysed)
    console.log(`${r.face.slice(0, 24).padEnd(24)} ${r.change.padEnd(13)} ${r.status} ${r.code}`)
}
console.log(
  `\nRefused as they are (left out): ${Object.entries(table.refused)
    .map(([f, c]) => `${f.slice(0, 2)} ${c}`)
    .join(', ')}`,
)

if (withRegions) {
  console.log('\nMirror, region by region: raw score of the region vs. its mirrored twin in the mirrored photo\n')
  for (const r of table.results) {
    if (r.change !== 'mirror' || !r.analyses) continue
    const diffs = mirrorRegionDifferences(r.analyses.before, r.analyses.after)
      .filter((d) => Math.abs(d.difference) >= 5)
      .sort((a, b) => Math.abs(b.difference) - Math.abs(a.difference))
    console.log(
      `${r.face.slice(0, 2)}: ${diffs.map((d) => `${d.region}/${d.measure} ${d.original.toFixed(0)}→${d.mirrored.toFixed(0)}`).join(', ') || 'all within 5'}`,
    )
  }
}

const overall = table.results.filter((r) => r.moves)
const over = overBound(table)
console.log(
  `\n${over.length} of ${overall.length} changed photos move some ui_score beyond its bound; ${table.seconds.toFixed(0)} s.`,
)
console.log(`Machine at end: ${machine()}`)
