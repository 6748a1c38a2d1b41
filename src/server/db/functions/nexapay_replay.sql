-- Idempotency: the row this user made earlier with this key, if any. The same key with the same
-- values answers that row (a replay); with other values it is refused.
CREATE OR REPLACE FUNCTION nexapay_replay(owner uuid, key text, kind text, amount bigint, ref text) RETURNS transactions LANGUAGE plpgsql AS $$
DECLARE
  t transactions;
BEGIN
  IF key IS NULL THEN
    RETURN NULL;
  END IF;
  SELECT * INTO t FROM transactions WHERE user_id = owner AND idempotency_key = key;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  IF t.type <> kind OR t.amount_minor <> amount OR t.reference IS DISTINCT FROM ref THEN
    RAISE EXCEPTION 'idempotency key reused with other values' USING ERRCODE = 'NX412';
  END IF;
  RETURN t;
END $$;
