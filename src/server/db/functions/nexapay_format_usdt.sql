-- Micro-USDT as the web app writes USDT: 50013700 → '50.0137' (trailing zeros dropped), for references.
CREATE OR REPLACE FUNCTION nexapay_format_usdt(micro bigint) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT rtrim(rtrim((micro / 1000000)::text || '.' || lpad((micro % 1000000)::text, 6, '0'), '0'), '.')
$$;
