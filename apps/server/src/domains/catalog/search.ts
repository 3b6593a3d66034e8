import { and, eq, inArray, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db'
import { productCharacteristics, products, searchSynonyms, searchWords } from './tables'

/**
 * Spanish product search (spec 000 §4, issue "Catalogue"): the query is split on commas and spaces,
 * each term is matched by PostgreSQL full-text search with the `spanish` configuration on
 * unaccented text (accent-insensitive and stemmed: "hidratantes" finds "hidratante"); a term
 * that is not a known word is also searched as the closest known words by pg_trgm similarity
 * (typos: "serave" finds "CeraVe"). Phrases from the synonym list stand for each other. Results are merged by
 * product id and ranked by the summed relevance.
 */

/** A known word stands in for a term when their trigram similarity reaches this ("serave"/"cerave" is 0.4). */
const TYPO_SIMILARITY = 0.35
/** Terms shorter than this only match through full-text search (trigrams of 2 letters are noise). */
const MIN_TYPO_TERM_LENGTH = 4
const MAX_TERMS = 8
const SYNONYM_WEIGHT = 0.8
/** Known words tried in place of a misspelt term. */
const MAX_CORRECTIONS = 3

/** Lower case, no accents, single spaces: the form terms and synonym phrases are compared in. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^\p{Letter}\p{Number}+%.,\s-]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

/** Splits a query on commas and spaces into distinct normalized terms. */
export function splitTerms(query: string): string[] {
  const terms = normalizeText(query)
    .split(/[\s,]+/)
    .map((term) => term.replace(/^[.-]+|[.-]+$/g, ''))
    .filter((term) => term.length > 0)
  return [...new Set(terms)].slice(0, MAX_TERMS)
}

export interface SearchPhrase {
  text: string
  weight: number
}

/**
 * The phrases to search for: each term of the query, plus, for every synonym phrase found in
 * the query, the other phrases of its group ("bloqueador" also searches "protector solar").
 */
export function expandQuery(query: string, synonymGroups: string[][]): SearchPhrase[] {
  const terms = splitTerms(query)
  const phrases = new Map<string, number>(terms.map((term) => [term, 1]))
  const normalizedQuery = ` ${terms.join(' ')} `
  for (const group of synonymGroups) {
    const normalizedGroup = group.map(normalizeText)
    if (!normalizedGroup.some((phrase) => normalizedQuery.includes(` ${phrase} `))) continue
    for (const phrase of normalizedGroup) {
      if (!phrases.has(phrase)) phrases.set(phrase, SYNONYM_WEIGHT)
    }
  }
  return [...phrases].map(([text, weight]) => ({ text, weight }))
}

export async function loadSynonymGroups(db: Db): Promise<string[][]> {
  const rows = await db.select().from(searchSynonyms).orderBy(searchSynonyms.groupName, searchSynonyms.phrase)
  const groups = new Map<string, string[]>()
  for (const row of rows) groups.set(row.groupName, [...(groups.get(row.groupName) ?? []), row.phrase])
  return [...groups.values()]
}

export interface SearchHit {
  id: number
  score: number
}

/**
 * Known words close to a term ("serave" → "cerave"), best first, by trigram similarity against
 * the `search_words` lexicon. Empty when the term is itself a known word.
 */
async function correctionsOf(tx: Db, term: string): Promise<{ word: string; similarity: number }[]> {
  if (term.length < MIN_TYPO_TERM_LENGTH || term.includes(' ')) return []
  const rows = await tx
    .select({ word: searchWords.word, similarity: sql<number>`similarity(${searchWords.word}, ${term})::float8` })
    .from(searchWords)
    .where(sql`${searchWords.word} % ${term}`)
    .orderBy(sql`similarity(${searchWords.word}, ${term}) desc`, searchWords.word)
    .limit(MAX_CORRECTIONS)
  if (rows.some((row) => row.word === term)) return []
  return rows
}

/** Ranked ids of the active products of a store that match the query (best first, then by id). */
export async function searchProductIds(
  db: Db,
  storeId: number,
  query: string,
  synonymGroups: string[][],
): Promise<SearchHit[]> {
  const phrases = expandQuery(query, synonymGroups)
  if (phrases.length === 0) return []
  const scores = new Map<number, number>()
  const add = (rows: { id: number; score: number }[], weight: number) => {
    for (const row of rows) scores.set(row.id, (scores.get(row.id) ?? 0) + row.score * weight)
  }
  // The threshold setting lets `%` use the trigram index of the lexicon; local to this transaction.
  await db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.similarity_threshold', ${String(TYPO_SIMILARITY)}, true)`)
    for (const phrase of phrases) {
      add(await matchFullText(tx, storeId, sql`plainto_tsquery('spanish', ${phrase.text})`), phrase.weight)
      for (const correction of await correctionsOf(tx, phrase.text)) {
        add(
          await matchFullText(tx, storeId, sql`plainto_tsquery('spanish', ${correction.word})`),
          phrase.weight * correction.similarity,
        )
      }
    }
  })
  return [...scores].map(([id, score]) => ({ id, score })).sort((a, b) => b.score - a.score || a.id - b.id)
}

async function matchFullText(tx: Db, storeId: number, tsQuery: SQL) {
  return tx
    .select({ id: products.id, score: sql<number>`(ts_rank(${products.searchVector}, ${tsQuery}) * 10)::float8` })
    .from(products)
    .where(and(eq(products.storeId, storeId), eq(products.active, true), sql`${products.searchVector} @@ ${tsQuery}`))
}

/**
 * Recomputes the search columns of the given products (all of them when `ids` is omitted) and
 * adds their words to the lexicon. Call it after writing a product or its characteristics.
 */
export async function refreshSearchDocuments(db: Db, ids?: number[]): Promise<void> {
  if (ids && ids.length === 0) return
  const characteristicsText = sql`coalesce((select string_agg(${productCharacteristics.value}, ' ' order by ${productCharacteristics.value}) from ${productCharacteristics} where ${productCharacteristics.productId} = ${products.id}), '')`
  const unaccented = (value: SQL) => sql`immutable_unaccent(lower(${value}))`
  const scope = ids ? inArray(products.id, ids) : undefined
  await db
    .update(products)
    .set({
      searchText: sql`${unaccented(sql`concat_ws(' ', ${products.name}, ${products.brand}, ${products.reference}, ${characteristicsText})`)}`,
      searchVector: sql`setweight(to_tsvector('spanish', ${unaccented(sql`${products.name} || ' ' || ${products.brand}`)}), 'A')
        || setweight(to_tsvector('spanish', ${unaccented(sql`${products.reference} || ' ' || ${characteristicsText}`)}), 'B')
        || setweight(to_tsvector('spanish', ${unaccented(sql`${products.detail}`)}), 'C')`,
    })
    .where(scope)
  await db.execute(sql`
    insert into ${searchWords} (word)
    select distinct word from ${products},
      regexp_split_to_table(${products.searchText} || ' ' || immutable_unaccent(lower(${products.detail})), '[^a-z0-9]+') as word
    where length(word) >= ${MIN_TYPO_TERM_LENGTH} ${scope ? sql`and ${scope}` : sql``}
    on conflict do nothing`)
}

/** The synonym list the shop starts with (stored as data; the shop adds rows to extend it). */
export const DEFAULT_SYNONYM_GROUPS: Record<string, string[]> = {
  'protector-solar': [
    'protector solar',
    'bloqueador',
    'bloqueador solar',
    'fotoprotector',
    'protección solar',
    'filtro solar',
  ],
  hidratante: ['hidratante', 'crema', 'humectante', 'crema hidratante'],
  ojeras: ['ojeras', 'contorno de ojos', 'bolsas en los ojos'],
  limpiador: ['limpiador', 'jabón', 'gel limpiador', 'espuma limpiadora', 'limpieza facial'],
  micelar: ['agua micelar', 'desmaquillante', 'micelar'],
  serum: ['sérum', 'serum', 'suero'],
  manchas: ['manchas', 'despigmentante', 'hiperpigmentación', 'melasma', 'aclarante'],
  acne: ['acné', 'granos', 'espinillas', 'imperfecciones', 'barros'],
  antiedad: ['antiedad', 'antiarrugas', 'arrugas', 'anti-edad'],
  reparadora: ['reparadora', 'cicatrizante', 'cica', 'calmante'],
  'vitamina-c': ['vitamina c', 'ácido ascórbico'],
}
