-- Search ranking (issue 35, decision 028): search_phrases also answers which of the query's terms
-- each phrase stands for (its return type changes, so it is dropped and created again), and
-- search_products ranks by the terms a product matches (the best match of each), 20 more when it
-- matches every term some product matches, 5 more for each two consecutive terms it holds in
-- order; only the shopper's terms are corrected as typos, not the shop's synonyms.
-- The texts are those of catalog/sql/search_phrases.sql and catalog/sql/search_products.sql.
DROP FUNCTION search_phrases(text[]);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_phrases(p_terms text[])
RETURNS TABLE (phrase text, weight double precision, place bigint, terms bigint[])
LANGUAGE sql STABLE PARALLEL SAFE
AS $$
  WITH synonyms AS (
    SELECT s.group_name, s.phrase AS written,
      btrim(regexp_replace(regexp_replace(lower(immutable_unaccent(s.phrase)),
        '[^[:alnum:]+%.,[:space:]-]', ' ', 'g'), '[[:space:]]+', ' ', 'g')) AS normalized
    FROM search_synonyms s
  ),
  matched_groups AS (
    SELECT m.group_name, array_agg(DISTINCT t.ord ORDER BY t.ord) AS terms
    FROM synonyms m
    JOIN unnest(p_terms) WITH ORDINALITY AS t(term, ord)
      ON strpos(' ' || m.normalized || ' ', ' ' || t.term || ' ') > 0
    WHERE strpos(' ' || array_to_string(p_terms, ' ') || ' ', ' ' || m.normalized || ' ') > 0
    GROUP BY m.group_name
  ),
  candidates AS (
    SELECT t.term AS phrase, 1::float8 AS weight, t.ord AS place, ARRAY[t.ord] AS terms
    FROM unnest(p_terms) WITH ORDINALITY AS t(term, ord)
    UNION ALL
    SELECT s.normalized, 0.8::float8,
      cardinality(p_terms) + row_number() OVER (ORDER BY s.group_name, s.written), g.terms
    FROM synonyms s JOIN matched_groups g ON g.group_name = s.group_name
  )
  SELECT DISTINCT ON (c.phrase) c.phrase, c.weight, c.place, c.terms FROM candidates c ORDER BY c.phrase, c.place
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_products(p_store_id integer, p_terms text[], p_with_hidden boolean DEFAULT false)
RETURNS TABLE (product_id integer, score double precision)
LANGUAGE plpgsql STABLE
SET pg_trgm.similarity_threshold = 0.35
ROWS 100
AS $$
BEGIN
  RETURN QUERY
  WITH phrases AS (
    SELECT sp.phrase AS text, sp.weight, sp.place, sp.terms FROM search_phrases(p_terms) sp
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
    WHERE p.place <= cardinality(p_terms) AND char_length(p.text) >= 4 AND strpos(p.text, ' ') = 0
  ),
  -- The terms that are words to search for (not only stop words such as "de"), in query order,
  -- each with the phrase of it and the next word at their distance ("piel <-> grasa").
  words AS (
    SELECT n.ord, tsquery_phrase(n.query, n.next_query, (n.next_ord - n.ord)::int) AS pair
    FROM (
      SELECT t.ord, tq.query, lead(tq.query) OVER (ORDER BY t.ord) AS next_query,
        lead(t.ord) OVER (ORDER BY t.ord) AS next_ord
      FROM unnest(p_terms) WITH ORDINALITY AS t(term, ord)
      CROSS JOIN LATERAL plainto_tsquery('spanish', t.term) AS tq(query)
      WHERE numnode(tq.query) > 0
    ) n
  ),
  queries AS (
    SELECT p.text, p.weight, p.terms, w.pair
    FROM phrases p LEFT JOIN words w ON w.ord = p.place AND p.place <= cardinality(p_terms)
    UNION ALL
    SELECT c.word, p.weight * c.closeness, p.terms, NULL::tsquery
    FROM corrections c JOIN phrases p ON p.place = c.place
    WHERE NOT EXISTS (SELECT 1 FROM corrections k WHERE k.place = c.place AND k.word = p.text)
  ),
  -- Each product matched by each query, computed once (not repeated per word a synonym stands for).
  matches AS MATERIALIZED (
    SELECT pr.id AS hit, (ts_rank(pr.search_vector, tq.query) * 10)::float8 * q.weight AS points, q.terms,
      coalesce(pr.search_vector @@ q.pair, false) AS in_order
    FROM queries q
    CROSS JOIN LATERAL plainto_tsquery('spanish', q.text) AS tq(query)
    JOIN products pr ON pr.search_vector @@ tq.query
    WHERE pr.store_id = p_store_id AND (pr.active OR p_with_hidden)
  ),
  -- Each product's best match for each word it matches, and whether it holds that word and the
  -- next in order (a match standing for no word, as a synonym of stop words only would, still
  -- finds the product: its word is null).
  found AS (
    SELECT m.hit, w.ord, max(m.points) AS points, bool_or(m.in_order) AS in_order
    FROM matches m
    LEFT JOIN words w ON w.ord = ANY (m.terms)
    GROUP BY m.hit, w.ord
  ),
  findable AS (
    SELECT count(DISTINCT f.ord) AS words FROM found f
  ),
  scored AS (
    SELECT f.hit, sum(f.points ORDER BY f.ord) AS points, count(f.ord) AS words,
      count(*) FILTER (WHERE f.in_order) AS pairs
    FROM found f GROUP BY f.hit
  )
  SELECT s.hit, s.points + CASE WHEN s.words = a.words THEN 20 ELSE 0 END + 5 * s.pairs::float8
  FROM scored s CROSS JOIN findable a;
END
$$;
