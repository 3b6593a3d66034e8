/**
 * A bare-machine reference for the benches: the time of a 256 × 256 matrix product in plain
 * JavaScript. It touches no Piel code, so a bench's figures divided by it compare across machines,
 * or on one machine under different load — on one Node version: V8's compiler decides its speed too
 * (on one AMD EPYC, 35 ms in bench:skin under Node 20 and 13 ms under Node 24, while the skin models' WebAssembly
 * took the same time on both), so ratios are compared only between runs of the same major version.
 */
const N = 256
const a = new Float64Array(N * N).map((_, i) => (i % 7) - 3)
const b = new Float64Array(N * N).map((_, i) => (i % 5) - 2)
const c = new Float64Array(N * N)

/** One matrix product, in milliseconds. */
export function machineReferenceRunMs(): number {
  const started = performance.now()
  for (let i = 0; i < N; i++) {
    for (let k = 0; k < N; k++) {
      const aik = a[i * N + k] as number
      for (let j = 0; j < N; j++) c[i * N + j] = (c[i * N + j] as number) + aik * (b[k * N + j] as number)
    }
  }
  return performance.now() - started
}

/** The median of seven products, in milliseconds. */
export function machineReferenceMs(): number {
  const times = Array.from({ length: 7 }, machineReferenceRunMs)
  return times.sort((x, y) => x - y)[3] as number
}
