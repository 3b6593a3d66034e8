/**
 * After a deploy, a page still holding the previous version asks for a chunk that is gone (issue 16):
 * the server answers 404 and the import fails, and the route's error screen (`CrashScreen`, which
 * knows the page being opened) reloads it, once, to get the new version; should it fail again
 * within a minute, the crash screen shows as for any other error.
 */
const RELOADED_AT = 'piel:recargada-por-version'
const RETRY_AFTER_MS = 60_000

/** Whether `error` is a script or chunk of the app that could not be loaded. */
export function isStaleChunkError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? '')
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    message,
  )
}

/** Reloads the page for a new version, unless it already did so in the last minute; answers whether it did. */
export function reloadForNewVersion(storage: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage): boolean {
  try {
    const last = Number(storage.getItem(RELOADED_AT) ?? 0)
    if (Date.now() - last < RETRY_AFTER_MS) return false
    storage.setItem(RELOADED_AT, String(Date.now()))
  } catch {
    return false
  }
  window.location.reload()
  return true
}
