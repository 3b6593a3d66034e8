-- The products of a store that match the terms, with their relevance (higher first): for each
-- phrase of search_phrases, `ts_rank × 10 × weight` of its full-text match (Spanish stemming over
-- the unaccented `search_vector`); and for each phrase of 4+ letters and one word that is not itself
-- a known word, the same for its closest known words (at most 3 of `search_words` with trigram
-- similarity ≥ 0.35, best first), weighted by that similarity ("serave" finds "cerave"). The scores
-- are summed in that order (phrase by phrase, each before its corrections). The similarity
-- threshold of `%` is set for the function's run only; it lets `%` use the trigram index of the
-- lexicon. The shop's calls find active products only; the back office passes `p_with_hidden`.
CREATE OR REPLACE FUNCTION search_products(p_store_id integer, p_terms text[], p_with_hidden boolean DEFAULT false)
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
    WHERE pr.store_id = p_store_id AND (pr.active OR p_with_hidden)
  )
  SELECT m.hit, sum(m.points ORDER BY m.place, m.rank_in_phrase) FROM matches m GROUP BY m.hit;
END
$$;
