import { ADVISOR_CASES } from '@piel/assistant/eval/cases'
import type { SkinProfile } from '@piel/contracts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { seedDemoCatalog } from '../../../seed'
import { openTestDatabase } from '../../../test/database'
import type { Database } from '../../db'
import { listProductsForAdvice } from '../catalog'
import { agreementSlips, evaluateAdvisor, profileSafety, unsafeFor } from './advisor-eval'
import type { AdvisorContext } from './service'

/**
 * The advisor's evaluation (`npm run eval:advisor`) as a test: every question of
 * `packages/assistant/eval/cases.ts` through the real reply path with the demo catalogue, and every
 * property written beside it (no product with a warning, nothing the question rules out, nothing
 * unsafe for the case's skin profile, the area and concern asked for, the SPF the text names, the
 * shop's own facts, Spanish agreement).
 */
let database: Database
let advisor: AdvisorContext

beforeAll(async () => {
  database = await openTestDatabase()
  await seedDemoCatalog(database.db, { id: 1, name: 'Piel Dermocosmética' }, { pictures: false })
  advisor = {
    db: database.db,
    storeId: 1,
    shop: async () => ({ departamentos: ['Nariño', 'Cauca', 'Putumayo'], envio: 5000 }),
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
    // Issue 31: at least 40 questions asked with a skin profile, covering each of its restrictions.
    const withProfile = ADVISOR_CASES.filter((c) => c.perfil)
    expect(withProfile.length).toBeGreaterThanOrEqual(40)
    const covered = new Set(
      withProfile.flatMap(({ perfil }) => [
        perfil?.paraQuien ?? 'yo',
        perfil?.embarazo ?? '',
        ...(perfil?.medicamentos ?? []),
        ...(perfil?.sensibilidades ?? []),
        perfil?.tipoDePiel === 'Sensible' ? 'piel sensible' : '',
      ]),
    )
    for (const restriction of [
      'bebe',
      'nino',
      'embarazo',
      'lactancia',
      'isotretinoina',
      'retinoide_topico',
      'corticoide',
      'fragancia',
      'acidos',
      'retinoides',
      'filtros_quimicos',
      'piel sensible',
    ]) {
      expect(covered, restriction).toContain(restriction)
    }
    // Profiles with products offered: the safety property was really exercised, not vacuously true.
    expect(results.filter((r) => r.perfil !== '—' && r.productos.length > 0).length).toBeGreaterThanOrEqual(30)
  }, 60_000)

  test('the profile check is independent of the advisor and catches what the issue rules out', async () => {
    const catalogue = await listProductsForAdvice(database.db, 1)
    const named = (start: string) => catalogue.find((p) => p.name.startsWith(start)) as (typeof catalogue)[number]
    const empty: SkinProfile = {
      paraQuien: null,
      tipoDePiel: null,
      preocupaciones: [],
      rangoEdad: null,
      embarazo: null,
      medicamentos: [],
      sensibilidades: [],
    }
    const pregnant = profileSafety({ ...empty, embarazo: 'embarazo' })
    expect(unsafeFor(named('LiftActiv Retinol'), pregnant)).toEqual(['Retinol', 'embarazo: No'])
    expect(unsafeFor(named('Mela B3'), pregnant)).toEqual(['embarazo: Consultar con el médico'])
    expect(unsafeFor(named('Cicaplast Baume B5+'), pregnant)).toEqual([])
    const baby = profileSafety({ ...empty, paraQuien: 'bebe' })
    expect(unsafeFor(named('Nivea Creme'), baby)).toEqual(['perfume: Con perfume', 'edad: Desde los 3 años'])
    expect(unsafeFor(named('Lipikar Baume AP+M'), baby)).toEqual([])
    expect(
      unsafeFor(named('Fotoprotector Pediatrics Mineral Baby'), profileSafety({ ...empty, paraQuien: 'bebe' }, 4)),
    ).toContain('protector antes de 6 meses')
    const fragrance = profileSafety({ ...empty, sensibilidades: ['fragancia'] })
    expect(unsafeFor(named('Hydro Boost'), fragrance)).toEqual(['perfume: Con perfume'])
  })

  test('the agreement check finds "la" or "una" before a plural, and lets singulars in -s pass', () => {
    expect(agreementSlips('Sérum para la líneas de expresión y para la ojeras.')).toEqual(['la líneas', 'la ojeras'])
    expect(agreementSlips('Para la dermatitis, la tiroides y la piel más seca, la más suave.')).toEqual([])
  })
})
