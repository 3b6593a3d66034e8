import type { FastifyBaseLogger } from 'fastify'

export interface IntervalJob {
  /** Stops the timer and waits for a run in progress, so the database can be closed right after. */
  stop(): Promise<void>
}

/**
 * Runs `run` now and then every `intervalMs` in the background: never two runs at once, the
 * timer never keeps the process alive, a failure is logged and the next run goes on. Jobs are
 * written so that several processes may run them against the same database.
 */
export function startIntervalJob({
  name,
  intervalMs,
  run,
  log,
}: {
  /** Named in the log when a run fails. */
  name: string
  intervalMs: number
  run: () => Promise<void>
  log: FastifyBaseLogger
}): IntervalJob {
  let running: Promise<void> | null = null
  let stopped = false
  const tick = () => {
    if (running || stopped) return
    running = run()
      .catch((error: unknown) => log.error({ err: error }, `${name} failed`))
      .finally(() => {
        running = null
      })
  }
  const first = setTimeout(tick, 0)
  const timer = setInterval(tick, intervalMs)
  first.unref()
  timer.unref()
  return {
    async stop() {
      stopped = true
      clearTimeout(first)
      clearInterval(timer)
      await running
    },
  }
}
