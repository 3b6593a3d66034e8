import { ADVISOR_CASES } from '@piel/assistant/eval/cases'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { openTestDatabase } from '../../../test/database'
import type { Database } from '../../db'
import { seedDemoCatalog } from '../catalog'
import { agreementSlips, evaluateAdvisor } from './advisor-eval'
import type { AdvisorContext } from './service'

/**
 * The advisor's evaluation (`npm run eval:advisor`) as a test: every question of
 * `packages/assistant/eval/cases.ts` through the real reply path with the demo catalogue, and every
 * property written beside it (no product with a warning, nothing the question rules out, the area
 * and concern asked for, the SPF the text names, the shop's own facts, Spanish agreement).
 */
let database: Database
let advisor: AdvisorContext

beforeAll(async () => {
  database = await openTestDatabase()
  await seedDemoCatalog(database.db, { id: 1, name: 'Piel Dermocosmética' }, { pictures: false })
  advisor = {
    db: database.db,
    storeId: 1,
    shop: { departamentos: ['Nariño', 'Cauca', 'Putumayo'], envio: 5000 },
  }
}, 60_000)

afterAll(() => database.close())

describe('the advisor against its evaluation', () => {
  test(`all ${ADVISOR_CASES.length} questions keep their properties`, async () => {
    const results = await evaluateAdvisor(advisor, ADVISOR_CASES)
    const failed = results.filter((r) => r.fallas.length > 0).map((r) => `${r.pregunta}: ${r.fallas.join('; ')}`)
    expect(failed).toEqual([])
    // The evaluation covers what issue 31 names: warnings, children, pregnancy, products by name, the shop.
    expect(ADVISOR_CASES.length).toBeGreaterThanOrEqual(150)
    const topics = new Set(results.flatMap((r) => r.temas))
    for (const topic of ['urgencia', 'bebes y ninos', 'embarazo', 'isotretinoina', 'rosacea', 'producto', 'envios'])
      expect(topics, topic).toContain(topic)
  }, 60_000)

  test('the agreement check finds "la" or "una" before a plural, and lets singulars in -s pass', () => {
    expect(agreementSlips('Sérum para la líneas de expresión y para la ojeras.')).toEqual(['la líneas', 'la ojeras'])
    expect(agreementSlips('Para la dermatitis, la tiroides y la piel más seca, la más suave.')).toEqual([])
  })
})
