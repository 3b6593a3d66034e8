/**
 * The measures' working buffers, kept from one photo to the next. A photo's measures fill some
 * fifty planes of the canonical crop (about 370 kB each); allocated afresh, they are memory outside
 * V8's heap that the collector has to chase, and it did: about a fifth of the measures' time went to
 * garbage collection. Inside `withScratch` the measures take their planes, masks and pixel lists from
 * here (`floats`, `bytes`, …): a buffer left by an earlier photo when one fits, zero-filled as a new
 * one would be; when the work ends, every buffer lent is free again. Outside it they are plain new
 * arrays. What the work returns must not hold one of these arrays (the measures return numbers and
 * lesion lists).
 */

/** Smaller arrays are cheap for V8: not pooled. */
const MIN_POOLED_BYTES = 16 * 1024
/** Buffers are made in steps of this, so crops of a slightly different size share them. */
const GRAIN = 64 * 1024
/** At most this much is kept between photos. */
const MAX_KEPT_BYTES = 96 * 1024 * 1024

/** Free buffers, smallest first. */
let free: ArrayBuffer[] = []
let lent: ArrayBuffer[] = []
let depth = 0

function take(bytes: number): ArrayBuffer | undefined {
  if (depth === 0 || bytes < MIN_POOLED_BYTES) return undefined
  for (let k = 0; k < free.length; k++) {
    const buffer = free[k] as ArrayBuffer
    if (buffer.byteLength < bytes) continue
    // The smallest that fits; one over twice the size would waste it.
    if (buffer.byteLength > 2 * bytes + GRAIN) break
    free.splice(k, 1)
    lent.push(buffer)
    return buffer
  }
  const buffer = new ArrayBuffer(Math.ceil(bytes / GRAIN) * GRAIN)
  lent.push(buffer)
  return buffer
}

/** Zero-filled float32 values (a buffer of the scratch when inside `withScratch`). */
export function floats(length: number): Float32Array<ArrayBuffer> {
  const buffer = take(4 * length)
  return buffer ? new Float32Array(buffer, 0, length).fill(0) : new Float32Array(length)
}

/** Zero-filled bytes. */
export function bytes(length: number): Uint8Array<ArrayBuffer> {
  const buffer = take(length)
  return buffer ? new Uint8Array(buffer, 0, length).fill(0) : new Uint8Array(length)
}

/** Zero-filled signed bytes. */
export function signedBytes(length: number): Int8Array<ArrayBuffer> {
  const buffer = take(length)
  return buffer ? new Int8Array(buffer, 0, length).fill(0) : new Int8Array(length)
}

/** Zero-filled 16-bit unsigned integers. */
export function shorts(length: number): Uint16Array<ArrayBuffer> {
  const buffer = take(2 * length)
  return buffer ? new Uint16Array(buffer, 0, length).fill(0) : new Uint16Array(length)
}

/** Zero-filled 32-bit integers. */
export function ints(length: number): Int32Array<ArrayBuffer> {
  const buffer = take(4 * length)
  return buffer ? new Int32Array(buffer, 0, length).fill(0) : new Int32Array(length)
}

/** A copy of some float32 values (of the scratch inside `withScratch`). */
export function copyOfFloats(values: Float32Array): Float32Array<ArrayBuffer> {
  const out = floats(values.length)
  out.set(values)
  return out
}

/** A copy of some bytes. */
export function copyOfBytes(values: Uint8Array): Uint8Array<ArrayBuffer> {
  const out = bytes(values.length)
  out.set(values)
  return out
}

/** A copy of the first `count` of some 32-bit integers. */
export function copyOfInts(values: Int32Array, count: number): Int32Array<ArrayBuffer> {
  const out = ints(count)
  out.set(values.subarray(0, count))
  return out
}

/**
 * Runs `work` with the scratch buffers lent to it (synchronous work only: nothing else may take
 * them meanwhile); afterwards they are free for the next. Calls inside it share the outer one's.
 */
export function withScratch<T>(work: () => T): T {
  depth++
  try {
    return work()
  } finally {
    depth--
    if (depth === 0) {
      const all = [...free, ...lent].sort((a, b) => a.byteLength - b.byteLength)
      lent = []
      free = []
      let kept = 0
      for (const buffer of all) {
        if (kept + buffer.byteLength > MAX_KEPT_BYTES) break
        kept += buffer.byteLength
        free.push(buffer)
      }
    }
  }
}

/** Bytes kept for the next photo and bytes lent now (for the tests). */
export function scratchUse(): { kept: number; lent: number } {
  return {
    kept: free.reduce((sum, b) => sum + b.byteLength, 0),
    lent: lent.reduce((sum, b) => sum + b.byteLength, 0),
  }
}
