-- Draws the exact amount a new deposit request is to pay: the amount asked for plus an offset that
-- no other request holds (decision 038). Four-decimal offsets (0.0001 to 0.0100) first, then single
-- micro-USDT (0.000001 to 0.010000); never 0, so a round amount settles nothing by itself. A draw is
-- taken with an insert whose conflict updates only a reservation that has run out: of any number of
-- parallel requests, one gets each amount (the primary key), and a loser draws again. Two blind draws
-- first (nearly always free), then a draw among the amounts that are free.
CREATE OR REPLACE FUNCTION nexapay_take_pay_amount(asked bigint, holder uuid, hold_until timestamptz) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  step bigint;
  candidate bigint;
  taken bigint;
BEGIN
  FOREACH step IN ARRAY ARRAY[100, 1]::bigint[] LOOP
    FOR attempt IN 1..6 LOOP
      IF attempt <= 2 THEN
        candidate := asked + step * (1 + floor(random() * (10000 / step)))::bigint;
      ELSE
        SELECT asked + o * step INTO candidate FROM generate_series(1::bigint, 10000 / step) o
        WHERE NOT EXISTS (SELECT 1 FROM deposit_pay_amounts r WHERE r.pay_micro = asked + o * step AND r.reserved_until > now())
        ORDER BY random() LIMIT 1;
        EXIT WHEN candidate IS NULL;
      END IF;
      INSERT INTO deposit_pay_amounts AS r (pay_micro, transaction_id, reserved_until)
      VALUES (candidate, holder, hold_until)
      ON CONFLICT (pay_micro) DO UPDATE SET transaction_id = excluded.transaction_id, reserved_until = excluded.reserved_until
      WHERE r.reserved_until <= now()
      RETURNING pay_micro INTO taken;
      IF taken IS NOT NULL THEN
        RETURN taken;
      END IF;
    END LOOP;
  END LOOP;
  RAISE EXCEPTION 'every amount to pay near % is held', asked USING ERRCODE = 'NX429';
END $$;
