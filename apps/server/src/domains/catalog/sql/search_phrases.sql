-- The phrases a query searches for, with their weight, the order their scores are added in and the
-- query's terms each stands for: the terms (already split and normalized by the server: lower
-- case, no accents), weight 1, in query order, each standing for itself; then, for every synonym
-- group one of whose phrases appears in the query as whole words, the group's phrases, weight 0.8,
-- by group and phrase, each standing for the terms of the group's phrases found in the query
-- ("bloqueador" for "protector" and "solar" of "protector solar piel grasa"). A phrase is searched
-- once, with its first place. Synonym phrases are compared normalized as the server normalizes
-- terms (`normalizeText`: unaccented, lower case, other characters than letters, digits, spaces
-- and `+ % . , -` read as spaces, spaces collapsed).
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
