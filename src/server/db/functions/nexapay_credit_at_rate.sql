-- What the USDT that arrived is worth at the request's rate, rounded as the request's own credit is
-- (migration 0021: half a poisha up).
CREATE OR REPLACE FUNCTION nexapay_credit_at_rate(micro bigint, rate text) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT (micro * round(rate::numeric * 100)::bigint + 500000) / 1000000
$$;
