// Debian's Chromium drives the browser tests (playwright-core downloads no browser).
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export function ensureBrowser() {
  if (existsSync(CHROMIUM_PATH)) return
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  if (!isRoot) {
    console.error(
      `No se encontró Chromium en ${CHROMIUM_PATH}. Instálelo con: sudo apt-get install -y chromium (o defina CHROMIUM_PATH).`,
    )
    process.exit(1)
  }
  console.log('Instalando Chromium de Debian (apt-get install chromium)…')
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'chromium'],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env })
    if (result.status !== 0) {
      console.error('No se pudo instalar Chromium con apt-get.')
      process.exit(1)
    }
  }
}
