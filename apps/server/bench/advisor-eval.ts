/**
 * `npm run eval:advisor` (issue 31): every question of `packages/assistant/eval/cases.ts` through the
 * advisor with the demo catalogue (an in-memory database, the store's default configuration), and per
 * question the skin profile it was asked with, the topics found, whether a warning applied, the
 * products offered and the verdict against the properties written beside it (`advisor-eval.ts`). Prints the failures in full and a summary;
 * exits 0 whatever it finds (the test suite holds the advisor to it: `advisor-eval.test.ts`).
 *   EVAL_VERBOSE=1   also the reply text of every question
 */
import { loadavg } from 'node:os'
import { ADVISOR_CASES } from '@piel/assistant/eval/cases'
import { seedDemoCatalog } from '../seed'
import { loadConfig } from '../src/config'
import { openDatabase } from '../src/db'
import { evaluateAdvisor } from '../src/domains/assistant/advisor-eval'

const started = performance.now()
const config = loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO_DATA: 'false' })
const database = await openDatabase({ kind: 'pglite' })
await database.migrate()
await seedDemoCatalog(database.db, { id: config.STORE_ID, name: config.STORE_NAME }, { pictures: false })
const results = await evaluateAdvisor(
  {
    db: database.db,
    storeId: config.STORE_ID,
    shop: async () => ({ departamentos: ['Nariño', 'Cauca', 'Putumayo'], envio: config.SHIPPING_COST_COP }),
  },
  ADVISOR_CASES,
)
await database.close()

const verbose = process.env.EVAL_VERBOSE === '1'
console.log(`Evaluación del asistente: ${results.length} preguntas, catálogo de demostración\n`)
console.log('| # | pregunta | perfil | temas | alerta | productos | veredicto |\n|---|---|---|---|---|---|---|')
results.forEach((r, i) => {
  const products = r.productos.length === 0 ? '—' : r.productos.join('; ')
  const verdict = r.fallas.length === 0 ? 'bien' : `**MAL**: ${r.fallas.join('; ')}`
  console.log(
    `| ${i + 1} | ${r.pregunta.replace(/\|/g, '/')} | ${r.perfil} | ${r.temas.join(', ') || '—'} | ${r.alerta ? 'sí' : 'no'} | ${products} | ${verdict} |`,
  )
  if (verbose) console.log(`\n${r.texto}\n`)
})
const failed = results.filter((r) => r.fallas.length > 0)
const withProfile = results.filter((r) => r.perfil !== '—').length
console.log(
  `\n${withProfile} preguntas con perfil de piel. ${results.length - failed.length} de ${results.length} preguntas bien, ${failed.length} mal; ${results.reduce((n, r) => n + r.fallas.length, 0)} propiedades fallidas.`,
)
console.log(
  `${((performance.now() - started) / 1000).toFixed(1)} s; carga media ${(loadavg()[0] ?? 0).toFixed(2)}; ${new Date().toISOString()}`,
)
