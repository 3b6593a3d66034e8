-- The price rule in SQL: what a shopper of `p_tier` pays for the product `p` — in the 'corporate'
-- tier its corporate price, discount and IVA, in any other its normal ones. The only place in SQL
-- that chooses between the tiers (reserve_stock reads it); the same choice as catalog's `priceFor`
-- (product-rows.ts), and a test holds the two equal.
CREATE OR REPLACE FUNCTION tier_prices(p_tier text, p products, OUT price integer, OUT discount integer, OUT iva integer)
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT
    CASE WHEN p_tier = 'corporate' THEN p.corporate_price ELSE p.price END,
    CASE WHEN p_tier = 'corporate' THEN p.corporate_discount ELSE p.discount END,
    CASE WHEN p_tier = 'corporate' THEN p.corporate_iva ELSE p.iva END
$$;
