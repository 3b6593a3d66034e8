import type { MediaWidth } from '@piel/contracts'
import { LRUCache } from 'lru-cache'
import sharp from 'sharp'
import type { Db } from '../../db'
import { getMedia } from './service'

/**
 * The catalogue's pictures in the narrower widths the layouts draw them (`GET /media/{key}?w=320`,
 * issue 16): a phone showing a 166-px product card gets a 320-px file, not the stored 640-px one.
 *
 * A variant is made with sharp the first time it is asked for and then kept in memory, so the next
 * request costs neither the database nor an encoding: least recently used variants leave first once
 * `maxBytes` is reached. Each process keeps its own (with several processes, each makes a variant
 * once); nothing is written to disk, so a database seeded again under the same keys is never
 * answered with pictures of the old one after a restart. The widths are the fixed list of the
 * contracts (`MEDIA_WIDTHS`), so the cache holds at most seven variants of each stored picture.
 *
 * Encoding runs on libuv's thread pool, which the event loop never waits for, but which password
 * hashing, file reads and compression share: at most `concurrency` pictures are encoded at a time,
 * and simultaneous requests for the same variant share one encoding.
 */
export interface MediaVariants {
  /** Picture `key` `width` pixels wide in WebP (its stored width when that is smaller); 404 for an unknown key. */
  get(db: Db, key: string, width: MediaWidth): Promise<MediaFile>
}

export interface MediaFile {
  contentType: string
  bytes: Buffer
}

/** WebP settings of the variants: made once, so a slower effort buys smaller files for every later request. */
const WEBP = { quality: 80, effort: 5 } as const

let encodings = 0
/** How many variants sharp has encoded in this process (tests check that a cached one is not encoded again). */
export const mediaEncodings = () => encodings

/** Runs tasks with at most `limit` in flight; a task that ends hands its place to the next one waiting. */
function createLimiter(limit: number) {
  let active = 0
  const waiting: (() => void)[] = []
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active < limit) active++
    else await new Promise<void>((resolve) => waiting.push(resolve))
    try {
      return await task()
    } finally {
      const next = waiting.shift()
      if (next) next()
      else active--
    }
  }
}

/**
 * The stored picture at `width`: its own bytes when it is a WebP no wider than that (never enlarged,
 * never encoded again), otherwise resized and encoded to WebP.
 */
async function makeVariant(stored: MediaFile, width: MediaWidth): Promise<MediaFile> {
  const image = sharp(stored.bytes)
  const { width: storedWidth, format } = await image.metadata()
  if (format === 'webp' && storedWidth <= width) return { contentType: 'image/webp', bytes: stored.bytes }
  encodings++
  const bytes = await image.resize({ width, withoutEnlargement: true }).webp(WEBP).toBuffer()
  return { contentType: 'image/webp', bytes }
}

export function createMediaVariants({
  maxBytes = 64 * 1024 * 1024,
  concurrency = 2,
}: {
  maxBytes?: number
  concurrency?: number
} = {}): MediaVariants {
  const limit = createLimiter(concurrency)
  // Least recently used variants leave first past `maxBytes`; simultaneous asks for one variant share its fetch.
  const kept = new LRUCache<string, MediaFile, Db>({
    maxSize: maxBytes,
    sizeCalculation: (file) => Math.max(1, file.bytes.length),
    fetchMethod: async (id, _stale, { context: db }) => {
      const [width, key] = splitId(id)
      const stored = await getMedia(db, key)
      return limit(() => makeVariant(stored, width))
    },
  })

  return {
    async get(db, key, width) {
      const file = await kept.fetch(`${width}:${key}`, { context: db })
      // `fetch` answers undefined only when its method does; ours answers a file or throws (404).
      if (!file) throw new Error(`No variant of ${key} at ${width}`)
      return file
    },
  }
}

const splitId = (id: string): [MediaWidth, string] => {
  const colon = id.indexOf(':')
  return [Number(id.slice(0, colon)) as MediaWidth, id.slice(colon + 1)]
}
