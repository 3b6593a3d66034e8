import { SEARCH_RESULT_LIMIT } from '@piel/contracts'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { openTestDatabase } from '../../../test/database'
import { addSynonyms, createProduct, createStore } from '../../../test/factories'
import { recordStatements } from '../../../test/statement-log'
import { buildApp } from '../../app'
import { loadConfig } from '../../config'
import type { Database } from '../../db'
import { normalizeText, splitTerms } from './search'

describe('normalizeText', () => {
  test.each([
    ['Protección SOLAR', 'proteccion solar'],
    ['  Ácido   Hialurónico ', 'acido hialuronico'],
    ['Niño<script>', 'nino script'],
    ['FPS 50+', 'fps 50+'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeText(input)).toBe(expected)
  })
})

describe('splitTerms', () => {
  test('splits on commas and spaces, drops duplicates and empty pieces', () => {
    expect(splitTerms('Cerave, crema  cerave,,')).toEqual(['cerave', 'crema'])
  })

  test('keeps at most eight terms', () => {
    expect(splitTerms('a1 a2 a3 a4 a5 a6 a7 a8 a9 a10')).toHaveLength(8)
  })
})

// The rest runs on the database (PGlite, or PostgreSQL with TEST_DB=postgres): the search itself
// is the SQL function `search_products` (sql/search_products.sql), reached through the catalogue's calls.
let database: Database
let app: Awaited<ReturnType<typeof buildApp>>
/** Every statement the app sends to the database, in order. */
let statements: string[]
const ids: Record<string, number> = {}

beforeAll(async () => {
  const opened = await openTestDatabase()
  const recorded = recordStatements(opened)
  database = recorded.database
  statements = recorded.statements
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    SEED_DEMO_DATA: 'false',
    ORDER_EXPIRY_SWEEP: 'false',
    PHOTO_RETENTION_SWEEP: 'false',
    PAYMENT_RECONCILE_SWEEP: 'false',
  })
  app = await buildApp({ config, database })
  await app.ready()
  const db = database.db
  await createStore(db)
  ids.sunscreen = (await createProduct(db, { name: 'Protector Solar Corporal FPS 50', brand: 'Eucerin' })).id
  ids.cerave = (
    await createProduct(db, { name: 'Crema Hidratante CeraVe', brand: 'CeraVe', detail: 'Con ceramidas.' })
  ).id
  ids.cremor = (await createProduct(db, { name: 'Bálsamo Cremor', brand: 'Genérica' })).id
  // Where a word is counts: in the name it weighs more than in the description.
  ids.inDetail = (await createProduct(db, { name: 'Espuma Suave', detail: 'Un limpiador para cada día.' })).id
  ids.inName = (await createProduct(db, { name: 'Limpiador Facial', detail: 'Espuma suave para cada día.' })).id
  await addSynonyms(db, {
    'protector-solar': ['protector solar', 'bloqueador'],
    ojeras: ['ojeras', 'contorno de ojos'],
  })
})
afterAll(async () => {
  await app?.close()
  await database?.close()
})

const getJson = async (url: string) => {
  const res = await app.inject({ method: 'GET', url: `/swagger/api/${url}` })
  expect(res.statusCode).toBe(200)
  return res.json()
}
const search = async (keyWord: string): Promise<{ id: number; descripcion: string }[]> =>
  getJson(`Producto/GetByKeyWord?keyWord=${encodeURIComponent(keyWord)}&idTinda=10018`)
/** Statements sent while `run` runs. */
const statementsOf = async (run: () => Promise<unknown>) => {
  const before = statements.length
  await run()
  return statements.slice(before)
}

/** The phrases a query's terms search for, in the order their scores are added. */
const phrasesOf = async (terms: string[]) => {
  const result = await database.db.execute<{ phrase: string; weight: number }>(
    sql`select phrase, weight from search_phrases(${sql.param(terms)}::text[]) order by place`,
  )
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    phrase: string
    weight: number
  }[]
  return rows.map((row) => ({ text: row.phrase, weight: Number(row.weight) }))
}

describe('search_phrases: the synonym list', () => {
  test('a synonym adds the other phrases of its group with a lower weight', async () => {
    expect(await phrasesOf(splitTerms('Bloqueador'))).toEqual([
      { text: 'bloqueador', weight: 1 },
      { text: 'protector solar', weight: 0.8 },
    ])
  })

  test('a multi-word phrase is recognised inside a longer query, accents and case ignored', async () => {
    const phrases = await phrasesOf(splitTerms('crema PROTECTOR solar'))
    // The terms in query order, then the synonyms by group and phrase.
    expect(phrases.map((phrase) => phrase.text)).toEqual([
      'crema',
      'protector',
      'solar',
      'bloqueador',
      'protector solar',
    ])
  })

  test('each phrase stands for terms of the query: a term for itself, a synonym for the phrase that brought it', async () => {
    const result = await database.db.execute<{ phrase: string; terms: number[] }>(
      sql`select phrase, terms::int[] as terms from search_phrases(${sql.param(splitTerms('crema protector solar'))}::text[]) order by place`,
    )
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
      phrase: string
      terms: number[]
    }[]
    expect(rows).toEqual([
      { phrase: 'crema', terms: [1] },
      { phrase: 'protector', terms: [2] },
      { phrase: 'solar', terms: [3] },
      { phrase: 'bloqueador', terms: [2, 3] },
      { phrase: 'protector solar', terms: [2, 3] },
    ])
  })

  test('words that are only part of a phrase do not trigger it', async () => {
    expect(await phrasesOf(splitTerms('ojos'))).toEqual([{ text: 'ojos', weight: 1 }])
  })

  test('synonym phrases are compared and searched as the server normalizes a query', async () => {
    const written = ['Protección  SOLAR Máxima', 'ÁCIDO Hialurónico', 'Anti-Edad!', 'Sérum (facial)', 'FPS 50+', 'Niño']
    await addSynonyms(database.db, { 'prueba-normalizacion': written })
    const phrases = await phrasesOf(splitTerms('anti-edad'))
    expect(phrases.map((phrase) => phrase.text).sort()).toEqual(written.map(normalizeText).sort())
  })
})

describe('a search is one statement', () => {
  test('a search not in the cache is one statement, and none once it is', async () => {
    const cold = await statementsOf(() => search('protector solar'))
    expect(cold).toHaveLength(1)
    expect(cold[0]).toContain('search_products(')
    expect(await statementsOf(() => search('protector solar'))).toEqual([])
  })

  test('the same search written otherwise is the same answer from the cache', async () => {
    const first = await search('serave,  crema')
    expect(first[0]?.id).toBe(ids.cerave)
    expect(await statementsOf(async () => expect(await search('SERAVE crema')).toEqual(first))).toEqual([])
  })

  test('a filter set with a keyword: the store, then one statement', async () => {
    const filtered = await statementsOf(async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/swagger/api/Producto/GetBySpecificFilters?pagina=1&tamanio=12',
        payload: { IdTienda: 10018, keyWord: 'bloqueador' },
      })
      expect(res.json().productos.map((product: { id: number }) => product.id)).toEqual([ids.sunscreen])
    })
    expect(filtered).toHaveLength(2)
    expect(filtered[1]).toContain('search_products(')
  })
})

describe('ranking, corrections and limits', () => {
  test('a word in the name ranks above the same word in the description', async () => {
    expect((await search('limpiador')).map((product) => product.id)).toEqual([ids.inName, ids.inDetail])
  })

  test('a known word is not corrected; a misspelt one finds the close known words', async () => {
    expect((await search('crema')).map((product) => product.id)).toEqual([ids.cerave])
    expect((await search('cremor')).map((product) => product.id)).toEqual([ids.cremor])
    const misspelt = (await search('cremmor')).map((product) => product.id)
    expect(misspelt).toContain(ids.cremor)
    expect(misspelt).not.toContain(ids.inName)
  })

  test('synonyms are data: a phrase added to a group is used by the next search', async () => {
    expect(await phrasesOf(['fotoprotector'])).toEqual([{ text: 'fotoprotector', weight: 1 }])
    await addSynonyms(database.db, { 'protector-solar': ['fotoprotector'] })
    expect((await search('fotoprotector')).map((product) => product.id)).toEqual([ids.sunscreen])
  })

  test('a product with every term of the query ranks above one with a single term, however strong', async () => {
    const onlyOne = (
      await createProduct(database.db, { name: 'Zafiro Zafiro Intenso', detail: 'Zafiro para el cuerpo.' })
    ).id
    const every = (await createProduct(database.db, { name: 'Bálsamo Ámbar', detail: 'Con un toque de zafiro.' })).id
    expect((await search('zafiro ámbar')).map((product) => product.id)).toEqual([every, onlyOne])
    // A stop word of the query ("de") is no term a product must have.
    expect((await search('zafiro de ámbar')).map((product) => product.id)).toEqual([every, onlyOne])
  })

  test('two terms in the order typed rank above the same terms apart', async () => {
    const apart = (
      await createProduct(database.db, { name: 'Gel Suave', detail: 'Ónix del valle y turmalina pulida.' })
    ).id
    const together = (await createProduct(database.db, { name: 'Gel Fresco', detail: 'Turmalina ónix del valle.' })).id
    expect((await search('turmalina onix')).map((product) => product.id)).toEqual([together, apart])
  })

  test("the shop's synonyms are searched as written, not corrected as typos; the shopper's terms are", async () => {
    const amber = (await createProduct(database.db, { name: 'Esencia Ámbar', brand: 'Ámbar' })).id
    await addSynonyms(database.db, { 'prueba-topacio': ['topacio', 'ambarino'] })
    // "ambarino" is no word of the catalogue: as a synonym it finds nothing, typed it is read as "ámbar".
    expect((await search('topacio')).map((product) => product.id)).not.toContain(amber)
    expect((await search('ambarino')).map((product) => product.id)).toContain(amber)
  })

  test(`at most ${SEARCH_RESULT_LIMIT} products, the best first and equals by id`, async () => {
    const made: number[] = []
    for (let index = 0; index < SEARCH_RESULT_LIMIT + 3; index++) {
      made.push((await createProduct(database.db, { name: `Mascarilla de arcilla ${index}` })).id)
    }
    const best = (await createProduct(database.db, { name: 'Mascarilla', brand: 'Mascarilla' })).id
    const found = (await search('mascarilla')).map((product) => product.id)
    expect(found).toEqual([best, ...made.slice(0, SEARCH_RESULT_LIMIT - 1)])
  })
})
