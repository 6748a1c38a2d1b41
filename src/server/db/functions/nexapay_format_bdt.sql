-- BDT in poisha as the API writes it: 125000 → '1250.00'.
CREATE OR REPLACE FUNCTION nexapay_format_bdt(poisha bigint) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN poisha < 0 THEN '-' ELSE '' END
    || (abs(poisha) / 100)::text || '.' || lpad((abs(poisha) % 100)::text, 2, '0')
$$;
