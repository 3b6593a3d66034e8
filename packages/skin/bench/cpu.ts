import { SkinEngine } from '../src/index'
import { loadPhoto, resample } from '../src/testing/perturb'

const engine = await SkinEngine.create()
const img = await resample(await loadPhoto('../shared/data/faces/26_compreface_006_A_selfie.jpg'), 1)
for (let i = 0; i < 3; i++) await engine.analyze(img)
const c0 = process.cpuUsage()
const t0 = performance.now()
let det = 0,
  mea = 0
for (let i = 0; i < 10; i++) {
  const a = await engine.analyze(img)
  det += a.analysis!.timings.detection
  mea += a.analysis!.timings.measures
}
const c = process.cpuUsage(c0)
console.log(
  'cpu ms/run',
  ((c.user + c.system) / 1000 / 10).toFixed(0),
  'wall',
  ((performance.now() - t0) / 10).toFixed(0),
  'det',
  det / 10,
  'measures',
  mea / 10,
)
