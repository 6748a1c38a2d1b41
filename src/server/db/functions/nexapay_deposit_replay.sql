-- Idempotency for deposit requests: the amount to pay is drawn at random, so a retry is recognised by
-- what the customer sent (amount asked, address, TXID), not by the row's amount or reference.
CREATE OR REPLACE FUNCTION nexapay_deposit_replay(owner uuid, key text, usdt bigint, from_addr text, claimed_txid text) RETURNS transactions
LANGUAGE plpgsql AS $$
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
  IF t.type <> 'deposit' OR t.usdt_micro IS DISTINCT FROM usdt OR t.from_address IS DISTINCT FROM from_addr
     OR t.txid IS DISTINCT FROM claimed_txid THEN
    RAISE EXCEPTION 'idempotency key reused with other values' USING ERRCODE = 'NX412';
  END IF;
  RETURN t;
END $$;
