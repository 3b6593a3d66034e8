import { eq } from 'drizzle-orm'
import type { Db } from '../../db'
import { searchProductIds } from './search'
import type { SearchCase } from './search-eval-cases'
import { products } from './tables'

/**
 * The search's evaluation (issue 35): each query of `search-eval-cases.ts` through the catalogue's
 * own ranking (`searchProductIds`, the order `GetByKeyWord` and the filtered list show), scored
 * against the products labelled as what the shopper asked for. `npm run eval:search` prints it;
 * `search-eval.test.ts` holds the search to each case's `top`.
 */
export interface SearchCaseResult {
  query: string
  /** How many products the search found. */
  found: number
  /** References of the results, best first. */
  ranked: string[]
  /** The 1-based position of each labelled product in the results, best first; `null` when it was not found. */
  positions: (number | null)[]
  /** 1 / the position of the first labelled product (0 when none was found). */
  reciprocalRank: number
  /** Labelled products among the first 5, over min(5, labelled): 1 when the first 5 are all what was asked for. */
  precisionAt5: number
  /** Average precision over the whole list: 1 when every labelled product comes before every other. */
  averagePrecision: number
  /** How many results come before the first one that is not labelled (all of them when none is). */
  leadingRelevant: number
  /** Whether the first `top` results are all labelled. */
  topHolds: boolean
}

export function scoreRanking(ranked: readonly string[], testCase: SearchCase): SearchCaseResult {
  const relevant = new Set(testCase.relevant)
  const positionOf = new Map(ranked.map((reference, index) => [reference, index + 1]))
  const positions = testCase.relevant
    .map((reference) => positionOf.get(reference) ?? null)
    .sort((a, b) => (a ?? Number.POSITIVE_INFINITY) - (b ?? Number.POSITIVE_INFINITY))
  const first = positions[0]
  let hits = 0
  let precisionSum = 0
  ranked.forEach((reference, index) => {
    if (!relevant.has(reference)) return
    hits += 1
    precisionSum += hits / (index + 1)
  })
  const firstOther = ranked.findIndex((reference) => !relevant.has(reference))
  const leadingRelevant = firstOther === -1 ? ranked.length : firstOther
  return {
    query: testCase.query,
    found: ranked.length,
    ranked: [...ranked],
    positions,
    reciprocalRank: first ? 1 / first : 0,
    precisionAt5: ranked.slice(0, 5).filter((reference) => relevant.has(reference)).length / Math.min(5, relevant.size),
    averagePrecision: relevant.size === 0 ? 0 : precisionSum / relevant.size,
    leadingRelevant,
    topHolds: leadingRelevant >= testCase.top,
  }
}

/** Runs every case against the store's catalogue (it must hold the demo products the cases name). */
export async function evaluateSearch(
  db: Db,
  storeId: number,
  cases: readonly SearchCase[],
): Promise<SearchCaseResult[]> {
  const rows = await db
    .select({ id: products.id, reference: products.reference })
    .from(products)
    .where(eq(products.storeId, storeId))
  const referenceOf = new Map(rows.map((row) => [row.id, row.reference]))
  const results: SearchCaseResult[] = []
  for (const testCase of cases) {
    const hits = await searchProductIds(db, storeId, testCase.query)
    results.push(
      scoreRanking(
        hits.map((hit) => referenceOf.get(hit.id) ?? `#${hit.id}`),
        testCase,
      ),
    )
  }
  return results
}

/** The means over the cases: MRR, mean precision at 5, MAP, and how many cases keep their `top`. */
export function summarize(results: readonly SearchCaseResult[]) {
  const mean = (values: number[]) =>
    values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length
  return {
    cases: results.length,
    meanReciprocalRank: mean(results.map((result) => result.reciprocalRank)),
    meanPrecisionAt5: mean(results.map((result) => result.precisionAt5)),
    meanAveragePrecision: mean(results.map((result) => result.averagePrecision)),
    topHeld: results.filter((result) => result.topHolds).length,
  }
}
