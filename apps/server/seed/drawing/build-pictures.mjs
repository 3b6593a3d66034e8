// Draws the demo shop's pictures into apps/server/dist/demo-pictures/, where the built server reads them
// when it seeds an empty database (seed/pictures.ts). Run by build.mjs, and by `npm run dev` before it
// starts the API from the sources. The drawing (opentype.js, the DM Sans font, ~290 pictures, a few
// seconds) happens only here, and only when what it draws from changed: the folder's manifest.json keeps a
// hash of the drawing code bundled with the seed data, and of the lockfile (sharp's, opentype.js's and the
// font's versions).
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { build } from 'esbuild'

const server = new URL('../../', import.meta.url)
export const DEMO_PICTURES_DIR = fileURLToPath(new URL('dist/demo-pictures', server))

function readManifest(dir) {
  try {
    return JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'))
  } catch {
    return null
  }
}

/** Draws the pictures unless the folder already holds those of the current sources; answers whether it drew. */
export async function drawDemoPicturesForBuild(dir = DEMO_PICTURES_DIR) {
  const pkg = JSON.parse(readFileSync(new URL('package.json', server), 'utf8'))
  const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter(
    (name) => !name.startsWith('@piel/'),
  )
  const { outputFiles } = await build({
    entryPoints: [fileURLToPath(new URL('./index.ts', import.meta.url))],
    outfile: 'draw-demo-pictures.mjs',
    write: false,
    bundle: true,
    platform: 'node',
    target: 'node22.12',
    format: 'esm',
    external,
    logLevel: 'warning',
  })
  const code = outputFiles[0].text
  const lockfile = readFileSync(new URL('../../package-lock.json', server))
  const source = createHash('sha256').update(code).update(lockfile).digest('hex')
  if (readManifest(dir)?.source === source) return false

  // Drawn beside, then put in place: a build cut short never leaves a half-filled folder behind.
  const work = `${dir}.partial`
  await rm(work, { recursive: true, force: true })
  await mkdir(work, { recursive: true })
  // The bundle runs from inside the server's folder, so that it finds sharp, opentype.js and the font.
  const script = join(work, 'draw-demo-pictures.mjs')
  await writeFile(script, code)
  const { writeDemoPictures } = await import(pathToFileURL(script).href)
  const pictures = await writeDemoPictures(work)
  await rm(script)
  await writeFile(join(work, 'manifest.json'), `${JSON.stringify({ source, pictures })}\n`)
  await rm(dir, { recursive: true, force: true })
  await rename(work, dir)
  return true
}
