-- A catalogue search in one statement (issue 18): `search_products(store, terms)` expands the
-- query's terms with the synonym list, corrects misspelt terms against the lexicon of product
-- words (pg_trgm) and ranks the store's active products, all in one query, which the catalogue
-- joins to its product rows (apps/server/src/domains/catalog/search.ts). Before, a search was a
-- statement per phrase, per phrase's correction lookup and per correction, plus the synonyms and
-- the trigram threshold (15 for "protector solar" on the demo catalogue), summed in TypeScript;
-- the scores, bit for bit, and the order of the results are the same.

-- The phrases a query searches for, with their weight and the order their scores are added in:
-- the terms (already split and normalized by the server: lower case, no accents), weight 1, in
-- query order; then, for every synonym group one of whose phrases appears in the query as whole
-- words, the group's phrases, weight 0.8, by group and phrase. A phrase is searched once, with
-- its first place. Synonym phrases are compared normalized as the server normalizes terms
-- (`normalizeText`: unaccented, lower case, other characters than letters, digits, spaces and
-- `+ % . , -` read as spaces, spaces collapsed).
CREATE FUNCTION search_phrases(p_terms text[])
RETURNS TABLE (phrase text, weight double precision, place bigint)
LANGUAGE sql STABLE PARALLEL SAFE
AS $$
  WITH synonyms AS (
    SELECT s.group_name, s.phrase AS written,
      btrim(regexp_replace(regexp_replace(lower(immutable_unaccent(s.phrase)),
        '[^[:alnum:]+%.,[:space:]-]', ' ', 'g'), '[[:space:]]+', ' ', 'g')) AS normalized
    FROM search_synonyms s
  ),
  matched_groups AS (
    SELECT DISTINCT m.group_name FROM synonyms m
    WHERE strpos(' ' || array_to_string(p_terms, ' ') || ' ', ' ' || m.normalized || ' ') > 0
  ),
  candidates AS (
    SELECT t.term AS phrase, 1::float8 AS weight, t.ord AS place
    FROM unnest(p_terms) WITH ORDINALITY AS t(term, ord)
    UNION ALL
    SELECT s.normalized, 0.8::float8,
      cardinality(p_terms) + row_number() OVER (ORDER BY s.group_name, s.written)
    FROM synonyms s JOIN matched_groups g ON g.group_name = s.group_name
  )
  SELECT DISTINCT ON (c.phrase) c.phrase, c.weight, c.place FROM candidates c ORDER BY c.phrase, c.place
$$;
--> statement-breakpoint

-- The active products of a store that match the terms, with their relevance (higher first):
-- for each phrase, `ts_rank × 10 × weight` of its full-text match (Spanish stemming over the
-- unaccented `search_vector`); and for each phrase of 4+ letters and one word that is not itself
-- a known word, the same for its closest known words (at most 3 of `search_words` with trigram
-- similarity ≥ 0.35, best first), weighted by that similarity ("serave" finds "cerave"). The
-- scores are summed in that order (phrase by phrase, each before its corrections), so the sums
-- are the same to the last bit as when they were added one query at a time.
-- The similarity threshold of `%` is set for the function's run only; it lets `%` use the
-- trigram index of the lexicon.
CREATE FUNCTION search_products(p_store_id integer, p_terms text[])
RETURNS TABLE (product_id integer, score double precision)
LANGUAGE plpgsql STABLE
SET pg_trgm.similarity_threshold = 0.35
ROWS 100
AS $$
BEGIN
  RETURN QUERY
  WITH phrases AS (
    SELECT sp.phrase AS text, sp.weight, sp.place FROM search_phrases(p_terms) sp
  ),
  corrections AS (
    SELECT p.place, c.word, c.closeness, c.rank_in_phrase
    FROM phrases p
    CROSS JOIN LATERAL (
      SELECT w.word, similarity(w.word, p.text)::float8 AS closeness,
        row_number() OVER (ORDER BY similarity(w.word, p.text) DESC, w.word) AS rank_in_phrase
      FROM search_words w
      WHERE w.word % p.text
      ORDER BY similarity(w.word, p.text) DESC, w.word
      LIMIT 3
    ) c
    WHERE char_length(p.text) >= 4 AND strpos(p.text, ' ') = 0
  ),
  queries AS (
    SELECT p.text, p.weight, p.place, 0::bigint AS rank_in_phrase FROM phrases p
    UNION ALL
    SELECT c.word, p.weight * c.closeness, c.place, c.rank_in_phrase
    FROM corrections c JOIN phrases p ON p.place = c.place
    WHERE NOT EXISTS (SELECT 1 FROM corrections k WHERE k.place = c.place AND k.word = p.text)
  ),
  matches AS (
    SELECT pr.id AS hit, (ts_rank(pr.search_vector, tq.query) * 10)::float8 * q.weight AS points,
      q.place, q.rank_in_phrase
    FROM queries q
    CROSS JOIN LATERAL plainto_tsquery('spanish', q.text) AS tq(query)
    JOIN products pr ON pr.search_vector @@ tq.query
    WHERE pr.store_id = p_store_id AND pr.active
  )
  SELECT m.hit, sum(m.points ORDER BY m.place, m.rank_in_phrase) FROM matches m GROUP BY m.hit;
END
$$;
