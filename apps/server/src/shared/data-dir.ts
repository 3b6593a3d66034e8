import { chmod, lstat, mkdir, readdir } from 'node:fs/promises'
import { join } from 'node:path'

/**
 * The embedded database and the face photos live under DATA_DIR (issue 15, finding 5): nobody but
 * the shop's own user may read or change them, or a local user could edit the tables and make
 * themselves administrator. DATA_DIR is the lock: created 0700, and the server refuses to start
 * when it is open to other users. Inside, whatever a group or other users could read or write is
 * closed at every start (PGlite writes its files 0666 whatever the umask; behind a 0700 folder
 * nobody else reaches them, and they are closed anyway should the folder ever be opened).
 */
export class DataDirError extends Error {
  override name = 'DataDirError'
}

/** A file that another process removed while the walk went by (a server already running there). */
const gone = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT'

/** Removes the group's and other users' permissions from every entry under `dir` that has any. */
async function closeInside(dir: string): Promise<number> {
  let closed = 0
  const stack = (await readdir(dir)).map((entry) => join(dir, entry))
  while (stack.length > 0) {
    const path = stack.pop() as string
    try {
      const info = await lstat(path)
      if (info.isSymbolicLink()) continue
      if (info.mode & 0o077) {
        await chmod(path, info.mode & 0o700)
        closed += 1
      }
      if (info.isDirectory()) for (const entry of await readdir(path)) stack.push(join(path, entry))
    } catch (error) {
      if (!gone(error)) throw error
    }
  }
  return closed
}

/**
 * Makes DATA_DIR (0700) if missing and sets the umask for what the process writes; refuses a
 * DATA_DIR other users may enter, and closes what is open inside it. Returns how many entries it closed.
 */
export async function secureDataDir(dataDir: string): Promise<number> {
  process.umask(0o077)
  await mkdir(dataDir, { recursive: true, mode: 0o700 })
  const mode = (await lstat(dataDir)).mode & 0o777
  if (mode & 0o077) {
    throw new DataDirError(
      `DATA_DIR (${dataDir}) está abierto a otros usuarios (modo ${mode.toString(8).padStart(4, '0')}): cualquiera ` +
        `en esta máquina podría leer las fotos o cambiar la base de datos. Ciérrelo con «chmod 700 ${dataDir}» y vuelva a iniciar.`,
    )
  }
  return closeInside(dataDir)
}
