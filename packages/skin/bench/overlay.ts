/**
 * `npx tsx packages/skin/bench/overlay.ts <photo>…`: draws the regions the engine measured on each
 * photo and writes `<name>.regions.png` to the output folder (OVERLAY_DIR, default the system's temp
 * folder), printing the ui scores. For looking at where the engine looks; nothing here runs in the shop.
 */
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import sharp from 'sharp'
import { SkinEngine } from '../src/index'
import { loadPhoto } from '../src/testing/perturb'

const outputDir = process.env.OVERLAY_DIR ?? tmpdir()
const engine = await SkinEngine.create()
for (const file of process.argv.slice(2)) {
  const image = await loadPhoto(file)
  const outcome = await engine.analyze(image)
  if (!outcome.analysis) {
    console.log(basename(file), outcome.quality.code)
    continue
  }
  const stroke = Math.max(2, image.width / 300)
  const shapes = outcome.analysis.regions
    .map((region, i) => {
      const points = region.polygon.map((p) => p.join(',')).join(' ')
      return `<polygon points="${points}" fill="none" stroke="hsl(${i * 26},90%,50%)" stroke-width="${stroke}"/>`
    })
    .join('')
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${image.width}" height="${image.height}">${shapes}</svg>`
  const drawn = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .composite([{ input: Buffer.from(svg) }])
    .png()
    .toBuffer()
  const target = join(outputDir, `${basename(file)}.regions.png`)
  await sharp(drawn).resize(600).png().toFile(target)
  const scores = Object.entries(outcome.analysis.measures).map(([measure, score]) => `${measure} ${score.ui_score}`)
  console.log(basename(file), scores.join(', '), '→', target)
}
