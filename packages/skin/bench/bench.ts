/**
 * `npm run bench:skin`: the skin analysis end to end on this machine, as the server runs it for
 * `/analyze-skin`: JPEG bytes → decode and EXIF orientation (sharp) → detection, mesh, checks and the
 * seven measures. A real phone selfie from the test photos, re-encoded at 1 MP and 12 MP (JPEG q90).
 * Prints the model load time, the median and 90th percentile per photo size and the peak memory
 * (RSS of the whole process), with the targets: ≤ 250 ms at 1 MP on a quiet machine (issue 13),
 * ≤ 1.5 s at 12 MP, ≤ 600 MB (issue 6). Beside them, a bare-machine reference measured in the same
 * run (a 256 × 256 matrix product in plain JavaScript, before and after) and each median as a
 * multiple of it, so that figures from two machines, or from one machine under load, compare; and
 * the load average at the start and the end.
 */
import sharp from 'sharp'
import { SkinEngine } from '../src/index'
import { facePhoto, requireFacePhotos } from '../src/testing/faces'
import { machineReferenceMs } from '../src/testing/machine-reference'
import { loadPhoto, resample } from '../src/testing/perturb'

requireFacePhotos()

const os = await import('node:os')
const loadAtStart = os.loadavg()[0] ?? 0

const referenceBefore = machineReferenceMs()

let peak = process.memoryUsage().rss
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss)
}, 10)

const loadStarted = performance.now()
const engine = await SkinEngine.create()
const loadMs = performance.now() - loadStarted

const selfie = await loadPhoto(facePhoto('26_compreface_006_A_selfie.jpg'))
const jpegOf = async (megapixels: number) => {
  const image = await resample(selfie, megapixels)
  const bytes = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer()
  return { bytes, width: image.width, height: image.height }
}

const parts = { decode: 0, detection: 0, checks: 0, age: 0, measures: 0, runs: 0 }

async function endToEnd(bytes: Buffer): Promise<number> {
  const started = performance.now()
  const { data, info } = await sharp(bytes).rotate().removeAlpha().raw().toBuffer({ resolveWithObject: true })
  const decoded = performance.now()
  const image = { data: new Uint8Array(data), width: info.width, height: info.height, channels: 3 } as const
  const outcome = await engine.analyze(image)
  if (outcome.quality.code !== 'ok' || !outcome.analysis) throw new Error(`photo refused: ${outcome.quality.code}`)
  parts.decode += decoded - started
  parts.detection += outcome.analysis.timings.detection
  parts.checks += outcome.analysis.timings.checks
  parts.age += outcome.analysis.timings.age
  parts.measures += outcome.analysis.timings.measures
  parts.runs++
  return performance.now() - started
}

const percentile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number
}

console.log(`Modelos cargados en ${loadMs.toFixed(0)} ms (una vez por proceso).\n`)
console.log(`${'foto'.padEnd(22)}${'mediana'.padStart(10)}${'p90'.padStart(10)}${'objetivo'.padStart(12)}  veredicto`)
const verdicts: boolean[] = []
const medians: [number, number][] = []
for (const [megapixels, runs, target] of [
  [1, 15, 250],
  [12, 8, 1500],
] as const) {
  const photo = await jpegOf(megapixels)
  for (let i = 0; i < 2; i++) await endToEnd(photo.bytes)
  const times: number[] = []
  Object.assign(parts, { decode: 0, detection: 0, checks: 0, age: 0, measures: 0, runs: 0 })
  const cpuBefore = process.cpuUsage()
  for (let i = 0; i < runs; i++) times.push(await endToEnd(photo.bytes))
  const cpu = process.cpuUsage(cpuBefore)
  const cpuPerPhoto = (cpu.user + cpu.system) / 1000 / runs
  const median = percentile(times, 0.5)
  const ok = median <= target
  verdicts.push(ok)
  console.log(
    `${`${megapixels} MP (${photo.width}×${photo.height})`.padEnd(22)}${`${median.toFixed(0)} ms`.padStart(10)}${`${percentile(times, 0.9).toFixed(0)} ms`.padStart(10)}${`≤ ${target} ms`.padStart(12)}  ${ok ? 'cumple' : 'NO cumple'}`,
  )
  const avg = (v: number) => `${(v / parts.runs).toFixed(0)} ms`
  console.log(
    `${''.padEnd(22)}CPU del proceso por foto ${cpuPerPhoto.toFixed(0)} ms; media por parte: decodificar ${avg(parts.decode)}, detección y malla ${avg(parts.detection)}, controles ${avg(parts.checks)} (a la par de la segunda malla), edad de la piel ${avg(parts.age)}, medidas ${avg(parts.measures)}`,
  )
  medians.push([megapixels, median])
}
clearInterval(sampler)
const peakMb = peak / 1024 / 1024
verdicts.push(peakMb <= 600)
console.log(
  `\nMemoria máxima (RSS del proceso): ${peakMb.toFixed(0)} MB (objetivo ≤ 600 MB): ${peakMb <= 600 ? 'cumple' : 'NO cumple'}`,
)
const referenceAfter = machineReferenceMs()
const reference = (referenceBefore + referenceAfter) / 2
console.log(
  `Referencia de la máquina (producto de matrices 256 × 256 en JavaScript): ${referenceBefore.toFixed(1)} ms antes, ${referenceAfter.toFixed(1)} ms después; ${medians
    .map(([mp, median]) => `mediana de ${mp} MP = ${(median / reference).toFixed(1)} × referencia`)
    .join(', ')}`,
)
console.log(
  `Núcleos: ${os.availableParallelism()}; carga media de la máquina: ${loadAtStart.toFixed(2)} al empezar, ${os.loadavg()[0]?.toFixed(2)} al terminar (con otra carga, los tiempos de reloj suben; el tiempo de CPU por foto no tanto)`,
)
process.exit(0)
