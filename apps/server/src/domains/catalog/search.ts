import { asc, desc, inArray, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db'
import { productCharacteristics, products, searchWords } from './tables'

/**
 * Spanish product search (spec 000 §4, issue "Catalogue"): the query is split on commas and spaces,
 * each term is matched by PostgreSQL full-text search with the `spanish` configuration on
 * unaccented text (accent-insensitive and stemmed: "hidratantes" finds "hidratante"); a term
 * that is not a known word is also searched as the closest known words by pg_trgm similarity
 * (typos: "serave" finds "CeraVe"). Phrases from the synonym list stand for each other. Results are merged by
 * product id and ranked by how much of the query a product holds (decision 028): its best match for each
 * term, more when it has every term ("crema ojos": the eye creams before the creams), more again for
 * consecutive terms in the order typed. `npm run eval:search` measures the ranking on the demo catalogue.
 *
 * The server splits and normalizes the terms; the rest (synonyms, corrections, ranks) is one SQL
 * function, `search_products(store, terms)` (`sql/search_products.sql` and `sql/search_phrases.sql`,
 * where its weights and thresholds are), that every search joins to the product rows, so a search
 * is one statement.
 */

/**
 * Words shorter than this are left out of the lexicon of typo corrections (trigrams of 2 letters
 * are noise); `search_products` corrects no term shorter than this either.
 */
const MIN_TYPO_TERM_LENGTH = 4
const MAX_TERMS = 8

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

/** The keyword of a filter set: its `keyWord` and `nombreProducto` together. */
export function keywordOf(filters: { keyWord?: string | null; nombreProducto?: string | null }): string {
  return [filters.keyWord, filters.nombreProducto].filter((text): text is string => !!text?.trim()).join(' ')
}

/**
 * What a keyword searches for, to tell searches apart (a cache key): `null` without a keyword,
 * else its terms (keywords written otherwise, "Protector  SOLAR" and "protector solar", search the same).
 */
export function searchedTerms(keyword: string): string[] | null {
  return keyword ? splitTerms(keyword) : null
}

/** The products a keyword finds, as a relation to join to the product rows of a query. */
export interface KeywordSearch {
  /** `search_products(...) as search_hits`: one row per matching product. */
  from: SQL
  /** Joins a hit to its product. */
  on: SQL
  /** The product's relevance: higher first. */
  score: SQL<number>
}

/**
 * The search of `keyword` among the active products of a store (all of them `withHidden`), to join
 * in the query that reads the products; `null` when the keyword has no term to search for (it finds nothing).
 */
export function keywordSearch(
  storeId: number,
  keyword: string,
  { withHidden = false }: { withHidden?: boolean } = {},
): KeywordSearch | null {
  const terms = splitTerms(keyword)
  if (terms.length === 0) return null
  // The back office also finds the products not for sale (`withHidden`); the shop never does.
  const hidden = withHidden ? sql`, true` : sql``
  return {
    from: sql`search_products(${storeId}::int, ${sql.param(terms)}::text[]${hidden}) as search_hits`,
    on: sql`search_hits.product_id = ${products.id}`,
    score: sql<number>`search_hits.score`,
  }
}

export interface SearchHit {
  id: number
  score: number
}

/** Ranked ids of the active products of a store that match the query (best first, then by id). */
export async function searchProductIds(db: Db, storeId: number, query: string): Promise<SearchHit[]> {
  const search = keywordSearch(storeId, query)
  if (!search) return []
  return db
    .select({ id: sql<number>`search_hits.product_id`, score: search.score })
    .from(search.from)
    .orderBy(desc(search.score), asc(sql`search_hits.product_id`))
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
  manchas: ['manchas', 'antimanchas', 'despigmentante', 'hiperpigmentación', 'melasma', 'aclarante'],
  acne: ['acné', 'granos', 'espinillas', 'imperfecciones', 'barros'],
  antiedad: ['antiedad', 'antiarrugas', 'arrugas', 'anti-edad'],
  reparadora: ['reparadora', 'cicatrizante', 'cica', 'calmante'],
  'vitamina-c': ['vitamina c', 'ácido ascórbico'],
}
