import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { type DemoPicture, demoPictureJobs } from '../pictures'
import { renderBanner, renderProductImage } from './images'

/** Runs tasks with at most `limit` in flight (sharp renders on libuv's thread pool). */
async function mapLimited<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const index = next++
      results[index] = await task(items[index] as T)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}

/** Draws every picture of the demo shop (about 290, a few seconds). */
export function drawDemoPictures(): Promise<DemoPicture[]> {
  return mapLimited(demoPictureJobs(), 4, async (job) => ({
    key: job.key,
    bytes: 'banner' in job ? await renderBanner(job.banner) : await renderProductImage(job.product, job.view),
  }))
}

/** Draws the demo pictures into `dir` (which must exist), one file per media key; answers how many. */
export async function writeDemoPictures(dir: string): Promise<number> {
  const pictures = await drawDemoPictures()
  await Promise.all(pictures.map((picture) => writeFile(join(dir, picture.key), picture.bytes)))
  return pictures.length
}
