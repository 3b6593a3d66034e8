/**
 * A bare-machine reference for the benches: the median time of a 256 × 256 matrix product in plain
 * JavaScript (seven runs). It touches no Piel code, so a bench's figures divided by it compare across
 * machines, or on one machine under different load.
 */
export function machineReferenceMs(): number {
  const n = 256
  const a = new Float64Array(n * n).map((_, i) => (i % 7) - 3)
  const b = new Float64Array(n * n).map((_, i) => (i % 5) - 2)
  const c = new Float64Array(n * n)
  const times: number[] = []
  for (let run = 0; run < 7; run++) {
    const started = performance.now()
    for (let i = 0; i < n; i++) {
      for (let k = 0; k < n; k++) {
        const aik = a[i * n + k] as number
        for (let j = 0; j < n; j++) c[i * n + j] = (c[i * n + j] as number) + aik * (b[k * n + j] as number)
      }
    }
    times.push(performance.now() - started)
  }
  return times.sort((x, y) => x - y)[3] as number
}
