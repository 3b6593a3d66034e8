/** Node's setTimeout fires at once past ~24.8 days; longer waits are chained. */
const MAX_TIMEOUT_MS = 2_147_483_647

/** Every timer of one double (finalization, expiry, event retries), so close() can stop them all. */
export interface Scheduler {
  after(ms: number, task: () => void): void
  readonly stopped: boolean
  stop(): void
}

export function createScheduler(onTaskError: (error: unknown) => void): Scheduler {
  const timers = new Set<NodeJS.Timeout>()
  let stopped = false

  function after(ms: number, task: () => void): void {
    if (stopped) return
    const wait = Math.max(0, Number.isFinite(ms) ? ms : 0)
    const step = Math.min(wait, MAX_TIMEOUT_MS)
    const timer = setTimeout(() => {
      timers.delete(timer)
      if (stopped) return
      if (wait > step) {
        after(wait - step, task)
        return
      }
      try {
        task()
      } catch (error) {
        onTaskError(error)
      }
    }, step)
    timers.add(timer)
  }

  return {
    after,
    get stopped() {
      return stopped
    },
    stop() {
      stopped = true
      for (const timer of timers) clearTimeout(timer)
      timers.clear()
    },
  }
}
