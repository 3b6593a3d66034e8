-- The phrases a query searches for, with their weight and the order their scores are added in:
-- the terms (already split and normalized by the server: lower case, no accents), weight 1, in
-- query order; then, for every synonym group one of whose phrases appears in the query as whole
-- words, the group's phrases, weight 0.8, by group and phrase. A phrase is searched once, with
-- its first place. Synonym phrases are compared normalized as the server normalizes terms
-- (`normalizeText`: unaccented, lower case, other characters than letters, digits, spaces and
-- `+ % . , -` read as spaces, spaces collapsed).
CREATE OR REPLACE FUNCTION search_phrases(p_terms text[])
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
