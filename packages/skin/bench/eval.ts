/**
 * `npm run eval:skin`: holds the skin engine to account and prints what it finds.
 *   1. every photo of the test face photos (FACES_DIR, by default ../shared/data/faces): quality code, the seven ui scores, the overall score;
 *   2. controlled changes to clear frontal photos: the raw-score change of each measure;
 *   3. stability: exposure, JPEG quality and scale (1 MP to 12 MP);
 *   4. the expectations of the manifest (positives worse than clear skin), each PASS or FAIL;
 *   5. the severities behind the calibration;
 *   6. repeatability (issue 13): the stability table of `npm run stability:skin` (mirror, tilt,
 *      exposure, JPEG quality, resolution, tone), no move beyond the issue's bounds nor beyond the
 *      published bands (REPEATABILITY_BANDS).
 * Exits 1 when an expectation fails. The photos are for testing only; nothing here is shown in the shop.
 */
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { SKIN_MEASURES } from '@piel/contracts'
import { REPEATABILITY_BANDS, type SkinAnalysis, SkinEngine, type SkinImage } from '../src/index'
import { FACES_DIR, requireFacePhotos } from '../src/testing/faces'
import {
  blurSkin,
  darkenUnderEyes,
  deepenTone,
  expose,
  foreheadLines,
  loadPhoto,
  paintSpots,
  recompress,
  resample,
  tintCheeks,
} from '../src/testing/perturb'
import { measureStability, overBound, stabilityMarkdown } from '../src/testing/stability'

requireFacePhotos()
const SHORT = {
  redness: 'rojez',
  wrinkle: 'arrug',
  pore: 'poros',
  acne: 'acné',
  eye_bag: 'bolsa',
  texture: 'textu',
  firmness: 'firme',
}

const engine = await SkinEngine.create()
const files = readdirSync(FACES_DIR)
  .filter((f) => /\.(jpe?g|png)$/i.test(f))
  .sort()
const results = new Map<string, SkinAnalysis | string>()

console.log('\n1. Fotos de prueba (ui_score; más alto = piel más sana)\n')
console.log(
  [
    'foto'.padEnd(30),
    'código'.padEnd(10),
    ...SKIN_MEASURES.map((m) => SHORT[m].padStart(6)),
    'total'.padStart(6),
    'ms'.padStart(6),
  ].join(' '),
)
for (const file of files) {
  const image = await loadPhoto(join(FACES_DIR, file))
  const started = performance.now()
  const outcome = await engine.analyze(image, { mode: 'chat' })
  const ms = performance.now() - started
  const a = outcome.analysis
  results.set(file, a ?? outcome.quality.code)
  console.log(
    [
      file.slice(0, 30).padEnd(30),
      outcome.quality.code.padEnd(10),
      ...SKIN_MEASURES.map((m) => (a ? String(a.measures[m].ui_score) : '').padStart(6)),
      (a ? String(a.overall.ui_score) : '').padStart(6),
      ms.toFixed(0).padStart(6),
    ].join(' '),
  )
}

const analysed = async (image: SkinImage) => {
  const outcome = await engine.analyze(image)
  if (!outcome.analysis) throw new Error(`not analysed: ${outcome.quality.code}`)
  return outcome.analysis
}
const delta = (before: SkinAnalysis, after: SkinAnalysis) =>
  Object.fromEntries(
    SKIN_MEASURES.map((m) => [m, after.measures[m].raw_score - before.measures[m].raw_score]),
  ) as Record<(typeof SKIN_MEASURES)[number], number>
const row = (label: string, d: Record<string, number>) =>
  console.log([label.padEnd(34), ...SKIN_MEASURES.map((m) => (d[m] ?? 0).toFixed(1).padStart(6))].join(' '))

const failures: string[] = []
const expect = (ok: boolean, what: string) => {
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${what}`)
  if (!ok) failures.push(what)
}

console.log('\n2. Cambios controlados (cambio del raw_score; negativo = empeora)\n')
console.log(['cambio'.padEnd(34), ...SKIN_MEASURES.map((m) => SHORT[m].padStart(6))].join(' '))
const CHANGES = [
  ['rojez en las mejillas', 'redness', (i: SkinImage, a: SkinAnalysis) => tintCheeks(i, a)],
  ['puntos rojos pequeños', 'acne', (i: SkinImage, a: SkinAnalysis) => paintSpots(i, a)],
  ['piel difuminada', 'texture', (i: SkinImage, a: SkinAnalysis) => blurSkin(i, a)],
  ['ojeras oscurecidas', 'eye_bag', (i: SkinImage, a: SkinAnalysis) => darkenUnderEyes(i, a)],
  ['líneas finas en la frente', 'wrinkle', (i: SkinImage, a: SkinAnalysis) => foreheadLines(i, a)],
] as const
for (const base of ['25_compreface_FACE_3.jpg', '05_human_stock-emotions-a-3.jpg', '18_deepface_img32.jpg']) {
  const image = await loadPhoto(join(FACES_DIR, base))
  const before = await analysed(image)
  for (const [label, measure, change] of CHANGES) {
    const after = await analysed(await change(image, before))
    const d = delta(before, after)
    row(`${base.slice(0, 2)} ${label}`, d)
    if (measure === 'texture') {
      const better = (m: 'texture' | 'pore') => after.severities[m] < 0.9 * before.severities[m] && d[m] >= 0
      expect(better('texture') && better('pore'), `${base.slice(0, 2)}: al difuminar mejoran textura y poros`)
    } else {
      const worse = after.severities[measure] > 1.15 * before.severities[measure] + 0.5 && d[measure] < 0
      expect(worse, `${base.slice(0, 2)}: ${label} empeora ${measure}`)
    }
    // A blur that smooths the skin also hides fine lines and spots, as a beauty filter does.
    const blurHides = ['pore', 'wrinkle', 'acne']
    const others = SKIN_MEASURES.filter((m) => m !== measure && !(measure === 'texture' && blurHides.includes(m)))
    const drift = Math.max(...others.map((m) => Math.abs(d[m])))
    expect(drift <= 10, `${base.slice(0, 2)}: ${label} deja las demás medidas casi quietas (máx ${drift.toFixed(1)})`)
  }
}

console.log('\n3. Estabilidad y equidad entre tonos de piel (cambio del raw_score)\n')
console.log(['variación'.padEnd(34), ...SKIN_MEASURES.map((m) => SHORT[m].padStart(6))].join(' '))
const selfie = await loadPhoto(join(FACES_DIR, '26_compreface_006_A_selfie.jpg'))
const twelve = await resample(selfie, 12)
const reference = await analysed(twelve)
const variants: [string, SkinImage][] = [
  ['1 MP', await resample(selfie, 1)],
  ['4 MP', await resample(selfie, 4)],
  ['+1/3 de paso de exposición', expose(twelve, 1 / 3)],
  ['−1/3 de paso de exposición', expose(twelve, -1 / 3)],
  ['JPEG calidad 70', await recompress(twelve, 70)],
]
for (const [label, image] of variants) {
  const d = delta(reference, await analysed(image))
  row(`12 MP → ${label}`, d)
  const worst = Math.max(...SKIN_MEASURES.map((m) => Math.abs(d[m])))
  expect(worst <= 8, `estable ante ${label} (máx ${worst.toFixed(1)} puntos)`)
}
for (const base of ['25_compreface_FACE_3.jpg', '05_human_stock-emotions-a-3.jpg', '18_deepface_img32.jpg']) {
  const image = await loadPhoto(join(FACES_DIR, base))
  const d = delta(await analysed(image), await analysed(deepenTone(image)))
  row(`${base.slice(0, 2)} piel más oscura (mismo rostro)`, d)
  const worst = Math.max(...SKIN_MEASURES.map((m) => Math.abs(d[m])))
  expect(
    worst <= 12,
    `${base.slice(0, 2)}: un tono de piel más oscuro mueve poco los puntajes (máx ${worst.toFixed(1)})`,
  )
}
const again = await analysed(twelve)
expect(
  SKIN_MEASURES.every((m) => again.measures[m].raw_score === reference.measures[m].raw_score),
  'determinista: la misma foto da los mismos puntajes',
)

console.log('\n4. Lo que dice el manifiesto\n')
const ui = (file: string, measure: (typeof SKIN_MEASURES)[number]) => {
  const r = results.get(file)
  return typeof r === 'object' ? r.measures[measure].ui_score : undefined
}
const clear = ['25_compreface_FACE_3.jpg', '05_human_stock-emotions-a-3.jpg', '04_human_stock-emotions-a-1.jpg']
const clearMean = (m: (typeof SKIN_MEASURES)[number]) =>
  clear.map((f) => ui(f, m) ?? 0).reduce((s, v) => s + v, 0) / clear.length
for (const [file, measure] of [
  ['08_facerec_biden2.jpg', 'wrinkle'],
  ['20_ffhqwrinkle_example_0.png', 'wrinkle'],
  ['08_facerec_biden2.jpg', 'firmness'],
  ['20_ffhqwrinkle_example_0.png', 'eye_bag'],
] as const) {
  const value = ui(file, measure)
  expect(
    value !== undefined && value < clearMean(measure),
    `${file.slice(0, 2)} (${measure}) ${value ?? '—'} peor que la piel clara (media ${clearMean(measure).toFixed(0)})`,
  )
}
for (const [file, code] of [
  ['34_acne_acne-face-19-1.jpg', 'no-face'],
  ['35_acne_acne-face-32.jpg', 'no-face'],
  // Below the 480 px short side of the manifest: faces narrower than 200 px (FACE_CHECKS.minWidthPx).
  ['13_faceapi_surprised.jpg', 'too-small'],
  ['30_azure_Family2-Man2.jpg', 'too-small'],
  ['31_azure_Family3-Man1.jpg', 'too-small'],
  ['14_faceapi_angry.jpg', 'too-small'],
  ['29_compreface_009_C.jpg', 'too-small'],
] as const) {
  expect(results.get(file) === code, `${file.slice(0, 2)}: ${code}`)
}

console.log('\n5. Severidades (la materia prima de la calibración: percentiles 50 y 90 de las fotos analizadas)\n')
const analysedPhotos = [...results.values()].filter((r): r is SkinAnalysis => typeof r === 'object')
for (const measure of SKIN_MEASURES) {
  const values = analysedPhotos.map((a) => a.severities[measure]).sort((a, b) => a - b)
  const at = (q: number) => (values[Math.floor(q * (values.length - 1))] ?? 0).toFixed(2)
  console.log(`${measure.padEnd(10)} p50 ${at(0.5).padStart(7)}  p90 ${at(0.9).padStart(7)}`)
}

console.log(
  '\n6. Repetibilidad (issue 13): cada foto analizable con cambios que no tocan la piel; máx/p95 de |Δ ui_score| por medida\n',
)
const stability = await measureStability(engine)
console.log(stabilityMarkdown(stability))
const beyond = overBound(stability)
expect(
  beyond.length === 0,
  `ningún puntaje se mueve más que su cota (espejo 3, los demás 6) en ${stability.results.filter((r) => r.moves).length} fotos cambiadas de ${stability.faces.length} rostros${beyond.length ? `: ${beyond.map((r) => `${r.face.slice(0, 2)} ${r.change}`).join(', ')}` : ''}`,
)
for (const measure of SKIN_MEASURES) {
  const largest = Math.max(...stability.results.map((r) => r.moves?.[measure] ?? 0))
  expect(
    largest <= REPEATABILITY_BANDS[measure],
    `${measure}: movimiento máximo ${largest} dentro de su banda publicada (${REPEATABILITY_BANDS[measure]})`,
  )
}

console.log(failures.length === 0 ? '\nTodo en orden.' : `\n${failures.length} expectativas fallaron.`)
process.exit(failures.length === 0 ? 0 : 1)
