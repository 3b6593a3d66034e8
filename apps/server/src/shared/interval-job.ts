import { lte } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../db'
import { jobRuns } from './tables'

export interface IntervalJob {
  /** Stops the timer and waits for a run in progress, so the database can be closed right after. */
  stop(): Promise<void>
}

/**
 * Claims this interval's run of the job `name`: true for the one process that moved its last run
 * forward (one statement, so several processes asking at once get one yes), false while the last
 * run is more recent than nine tenths of the interval (a little slack for timers that drift).
 */
export async function claimJobRun(db: Db, name: string, intervalMs: number, now = new Date()): Promise<boolean> {
  const due = new Date(now.getTime() - intervalMs * 0.9)
  const claimed = await db
    .insert(jobRuns)
    .values({ name, lastRunAt: now })
    .onConflictDoUpdate({ target: jobRuns.name, set: { lastRunAt: now }, setWhere: lte(jobRuns.lastRunAt, due) })
    .returning({ name: jobRuns.name })
  return claimed.length > 0
}

/**
 * Runs `run` now and then every `intervalMs` in the background: never two runs at once, the
 * timer never keeps the process alive, a failure is logged and the next run goes on. Given the
 * database, each interval's run happens in one process only of those sharing it (`claimJobRun`);
 * jobs are also written so that two runs at once would do no harm.
 */
export function startIntervalJob({
  name,
  intervalMs,
  run,
  log,
  db,
  firstRunAfterMs = 0,
}: {
  /** Named in the log when a run fails; the key of its claims. */
  name: string
  intervalMs: number
  /** When the first run comes (by default at once, then every `intervalMs`). */
  firstRunAfterMs?: number
  run: () => Promise<void>
  log: FastifyBaseLogger
  db?: Db
}): IntervalJob {
  let running: Promise<void> | null = null
  let stopped = false
  const claimAndRun = async () => {
    if (db && !(await claimJobRun(db, name, intervalMs))) return
    await run()
  }
  const tick = () => {
    if (running || stopped) return
    running = claimAndRun()
      .catch((error: unknown) => log.error({ err: error }, `${name} failed`))
      .finally(() => {
        running = null
      })
  }
  const first = setTimeout(tick, firstRunAfterMs)
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
