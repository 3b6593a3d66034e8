import { chmod, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DataDirError, secureDataDir } from './data-dir'

/** Issue 15, finding 5: DATA_DIR is the shop's own, or the server does not start. */
let root: string
const previousUmask = process.umask()

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'piel-datadir-'))
})
afterAll(async () => {
  process.umask(previousUmask)
  await rm(root, { recursive: true, force: true })
})

const modeOf = async (path: string) => (await stat(path)).mode & 0o777

describe('secureDataDir', () => {
  test('a new DATA_DIR is created 0700, and what the process writes afterwards is 0600', async () => {
    const dir = join(root, 'nuevo', 'data')
    await secureDataDir(dir)
    expect(await modeOf(dir)).toBe(0o700)
    await writeFile(join(dir, 'tabla'), 'x')
    expect(await modeOf(join(dir, 'tabla'))).toBe(0o600)
    await mkdir(join(dir, 'fotos'))
    expect(await modeOf(join(dir, 'fotos'))).toBe(0o700)
  })

  test('a DATA_DIR other users may enter refuses the start, saying how to fix it', async () => {
    const dir = join(root, 'abierto')
    await mkdir(dir)
    await chmod(dir, 0o755)
    const refused = await secureDataDir(dir).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(DataDirError)
    expect((refused as Error).message).toContain(`DATA_DIR (${dir}) está abierto a otros usuarios (modo 0755)`)
    expect((refused as Error).message).toContain(`chmod 700 ${dir}`)
    await chmod(dir, 0o700)
    await expect(secureDataDir(dir)).resolves.toBe(0)
  })

  test('files and folders inside that others could read or write are closed at the start', async () => {
    const dir = join(root, 'pglite-dejo-archivos-abiertos')
    await mkdir(join(dir, 'pglite', 'base'), { recursive: true })
    await chmod(dir, 0o700)
    const file = join(dir, 'pglite', 'base', '1259')
    await writeFile(file, 'x')
    await chmod(file, 0o666)
    await chmod(join(dir, 'pglite'), 0o777)
    expect(await secureDataDir(dir)).toBe(2)
    expect(await modeOf(file)).toBe(0o600)
    expect(await modeOf(join(dir, 'pglite'))).toBe(0o700)
  })
})
