/** The statistics of the skin engine's validation scripts (`validate.ts`, `pose.ts`). */

/** Ranks from 1, ties sharing their mean rank. */
export function ranks(values: readonly number[]): number[] {
  const order = values.map((v, i) => [v, i] as const).sort((a, b) => a[0] - b[0])
  const out = new Array<number>(values.length)
  for (let start = 0; start < order.length; ) {
    let end = start
    while (end + 1 < order.length && order[end + 1]?.[0] === order[start]?.[0]) end++
    const rank = (start + end) / 2 + 1
    for (let j = start; j <= end; j++) out[(order[j] as readonly [number, number])[1]] = rank
    start = end + 1
  }
  return out
}

export const mean = (values: readonly number[]) => values.reduce((s, v) => s + v, 0) / values.length

export function pearson(x: readonly number[], y: readonly number[]): number {
  const mx = mean(x)
  const my = mean(y)
  let sxy = 0
  let sxx = 0
  let syy = 0
  for (let i = 0; i < x.length; i++) {
    const dx = (x[i] as number) - mx
    const dy = (y[i] as number) - my
    sxy += dx * dy
    sxx += dx * dx
    syy += dy * dy
  }
  return sxx === 0 || syy === 0 ? Number.NaN : sxy / Math.sqrt(sxx * syy)
}

/**
 * Spearman's rho: Pearson's correlation of the ranks (ties at their mean rank). NaN when either side
 * does not vary. Checked by hand against scipy's documented example:
 * spearman([1, 2, 3, 4, 5], [5, 6, 7, 8, 7]) = 0.8208 (scipy.stats.spearmanr: 0.82078…).
 */
export function spearman(x: readonly number[], y: readonly number[]): number {
  return pearson(ranks(x), ranks(y))
}

/**
 * ICC(3,1), two-way mixed, consistency, single measure (Shrout & Fleiss 1979; McGraw & Wong 1996
 * "ICC(C,1)"), for n subjects (rows: the photos) each measured under k conditions (columns: the
 * photo as it is and its repeat):
 *   MSR = k · Σᵢ (x̄ᵢ. − x̄)² / (n − 1)                     between subjects
 *   MSE = Σᵢⱼ (xᵢⱼ − x̄ᵢ. − x̄.ⱼ + x̄)² / ((n − 1)(k − 1))   residual (the columns' means left out)
 *   ICC(3,1) = (MSR − MSE) / (MSR + (k − 1) · MSE)
 * A constant shift of one condition (a change that moves every face by the same points) does not
 * lower it; only moves that reorder the faces do. NaN when nothing varies.
 * Checked by hand on Shrout & Fleiss's table 2 (6 targets × 4 judges:
 * [9,2,5,8] [6,1,3,2] [8,4,6,8] [7,1,2,6] [10,5,6,9] [6,2,4,7]) → 0.7148 (their ICC(3,1) = .71).
 */
export function icc31(rows: readonly (readonly number[])[]): number {
  const n = rows.length
  const k = rows[0]?.length ?? 0
  if (n < 2 || k < 2) return Number.NaN
  const grand = mean(rows.flat())
  const rowMeans = rows.map(mean)
  const colMeans = Array.from({ length: k }, (_, j) => mean(rows.map((r) => r[j] as number)))
  let ssRows = 0
  let ssError = 0
  rows.forEach((row, i) => {
    ssRows += k * ((rowMeans[i] as number) - grand) ** 2
    row.forEach((x, j) => {
      ssError += (x - (rowMeans[i] as number) - (colMeans[j] as number) + grand) ** 2
    })
  })
  const msRows = ssRows / (n - 1)
  const msError = ssError / ((n - 1) * (k - 1))
  const denominator = msRows + (k - 1) * msError
  return denominator === 0 ? Number.NaN : (msRows - msError) / denominator
}

/** Percentile q (0–1) by linear interpolation between the sorted values (R's type 7, numpy's default). */
export function percentile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  if (sorted.length === 0) return Number.NaN
  const at = q * (sorted.length - 1)
  const low = Math.floor(at)
  const high = Math.min(sorted.length - 1, low + 1)
  return (sorted[low] as number) + (at - low) * ((sorted[high] as number) - (sorted[low] as number))
}

/** A linear model on standard scores: `intercept + Σ weights[j] · (x[j] − means[j]) / sds[j]`. */
export interface RidgeModel {
  intercept: number
  weights: number[]
  means: number[]
  sds: number[]
}

/**
 * Ridge regression of `target` on `features` (one row per case), each feature standardised (mean 0,
 * SD 1 over the rows) and the intercept not penalised: the solution of (ZᵀZ + λI′)w = Zᵀy, I′ the
 * identity with 0 for the intercept, by Gaussian elimination with partial pivoting (a few features).
 * Checked against numpy's `linalg.solve` of the same system on faces-frl (age.ts's constants).
 */
export function ridge(features: readonly (readonly number[])[], target: readonly number[], lambda: number): RidgeModel {
  const k = features[0]?.length ?? 0
  const means = Array.from({ length: k }, (_, j) => mean(features.map((row) => row[j] as number)))
  const sds = means.map((m, j) => Math.sqrt(mean(features.map((row) => ((row[j] as number) - m) ** 2))))
  const rows = features.map((row) => [1, ...row.map((x, j) => (x - (means[j] as number)) / ((sds[j] as number) || 1))])
  const size = k + 1
  const a = Array.from({ length: size }, (_, i) =>
    Array.from({ length: size + 1 }, (_, j) => {
      if (j === size) return rows.reduce((s, r, n) => s + (r[i] as number) * (target[n] as number), 0)
      return rows.reduce((s, r) => s + (r[i] as number) * (r[j] as number), 0) + (i === j && i > 0 ? lambda : 0)
    }),
  )
  for (let col = 0; col < size; col++) {
    let pivot = col
    for (let r = col + 1; r < size; r++)
      if (Math.abs(a[r]?.[col] as number) > Math.abs(a[pivot]?.[col] as number)) pivot = r
    ;[a[col], a[pivot]] = [a[pivot] as number[], a[col] as number[]]
    const p = a[col] as number[]
    for (let r = 0; r < size; r++) {
      if (r === col) continue
      const row = a[r] as number[]
      const f = (row[col] as number) / (p[col] as number)
      for (let j = col; j <= size; j++) row[j] = (row[j] as number) - f * (p[j] as number)
    }
  }
  const solution = a.map((row, i) => (row[size] as number) / (row[i] as number))
  return { intercept: solution[0] as number, weights: solution.slice(1), means, sds }
}

/** A ridge model's prediction for one case. */
export function predict(model: RidgeModel, x: readonly number[]): number {
  return x.reduce(
    (sum, value, j) =>
      sum + (model.weights[j] as number) * ((value - (model.means[j] as number)) / ((model.sds[j] as number) || 1)),
    model.intercept,
  )
}
