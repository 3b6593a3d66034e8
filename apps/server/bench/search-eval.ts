/**
 * `npm run eval:search` (issue 35): every query of `src/domains/catalog/search-eval-cases.ts` through
 * the catalogue's search with the demo catalogue (an in-memory database), and per query the products
 * found, the reciprocal rank of the first labelled product, precision at 5, average precision, how
 * many results come before the first unlabelled one (against the case's `top`) and the positions of
 * the labelled products; then the means. Exits 0 whatever it finds (`search-eval.test.ts` holds the
 * search to the cases).
 *   EVAL_VERBOSE=1            also the first 10 results of every query
 *   EVAL_SAVE=file.json       writes the figures, to compare a later run with
 *   EVAL_BASELINE=file.json   prints each figure as «before → now» against a saved run
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { seedDemoCatalog } from '../seed'
import { loadConfig } from '../src/config'
import { openDatabase } from '../src/db'
import { evaluateSearch, type SearchCaseResult, summarize } from '../src/domains/catalog/search-eval'
import { SEARCH_CASES } from '../src/domains/catalog/search-eval-cases'
import { products } from '../src/domains/catalog/tables'

const started = performance.now()
const config = loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO_DATA: 'false' })
const database = await openDatabase({ kind: 'pglite' })
await database.migrate()
await seedDemoCatalog(database.db, { id: config.STORE_ID, name: config.STORE_NAME }, { pictures: false })
const results = await evaluateSearch(database.db, config.STORE_ID, SEARCH_CASES)
const names = new Map(
  (await database.db.select({ reference: products.reference, name: products.name }).from(products)).map((row) => [
    row.reference,
    row.name,
  ]),
)
await database.close()

const baselinePath = process.env.EVAL_BASELINE
const baseline: SearchCaseResult[] =
  baselinePath && existsSync(baselinePath) ? JSON.parse(readFileSync(baselinePath, 'utf8')) : []
const before = new Map(baseline.map((result) => [result.query, result]))
const figure = (now: number, was: number | undefined) =>
  was === undefined || was.toFixed(2) === now.toFixed(2) ? now.toFixed(2) : `${was.toFixed(2)} → ${now.toFixed(2)}`
const count = (now: number, was: number | undefined) =>
  was === undefined || was === now ? String(now) : `${was} → ${now}`
const positions = (result: SearchCaseResult | undefined) =>
  result ? result.positions.map((position) => position ?? '—').join(', ') : undefined

console.log(`Evaluación de la búsqueda: ${results.length} consultas, catálogo de demostración\n`)
console.log(
  '| consulta | encontrados | RR | P@5 | AP | relevantes al principio (meta) | posiciones de los relevantes |\n|---|---|---|---|---|---|---|',
)
for (const result of results) {
  const was = before.get(result.query)
  const goal = SEARCH_CASES.find((testCase) => testCase.query === result.query)?.top ?? 0
  const now = positions(result) ?? ''
  const wasPositions = positions(was)
  console.log(
    `| ${result.query} | ${count(result.found, was?.found)} | ${figure(result.reciprocalRank, was?.reciprocalRank)} | ${figure(result.precisionAt5, was?.precisionAt5)} | ${figure(result.averagePrecision, was?.averagePrecision)} | ${count(result.leadingRelevant, was?.leadingRelevant)} (${goal})${result.topHolds ? '' : ' **MAL**'} | ${wasPositions === undefined || wasPositions === now ? now : `antes ${wasPositions}; ahora ${now}`} |`,
  )
  if (process.env.EVAL_VERBOSE === '1') {
    const relevant = new Set(SEARCH_CASES.find((testCase) => testCase.query === result.query)?.relevant)
    for (const [index, reference] of result.ranked.slice(0, 10).entries())
      console.log(
        `|   | ${index + 1}. ${relevant.has(reference) ? '✓' : '✗'} ${names.get(reference) ?? reference} | | | | | |`,
      )
  }
}

const summary = summarize(results)
const old = baseline.length > 0 ? summarize(baseline) : undefined
console.log(
  `\nMRR ${figure(summary.meanReciprocalRank, old?.meanReciprocalRank)}; P@5 media ${figure(summary.meanPrecisionAt5, old?.meanPrecisionAt5)}; MAP ${figure(summary.meanAveragePrecision, old?.meanAveragePrecision)}; ${count(summary.topHeld, old?.topHeld)} de ${summary.cases} consultas con sus primeros resultados todos relevantes.`,
)
if (process.env.EVAL_SAVE) {
  writeFileSync(process.env.EVAL_SAVE, JSON.stringify(results, null, 2))
  console.log(`Cifras guardadas en ${process.env.EVAL_SAVE}.`)
}
console.log(
  `${((performance.now() - started) / 1000).toFixed(1)} s; carga media ${(loadavg()[0] ?? 0).toFixed(2)}; ${new Date().toISOString()}`,
)
