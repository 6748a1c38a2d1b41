ALTER TABLE "profiles" ADD COLUMN "held_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_held_non_negative" CHECK ("profiles"."held_minor" >= 0);--> statement-breakpoint

-- The money held for a customer's pending withdrawals, kept on their profile (decision 035).
--
-- Why: every withdrawal request, every balance subtraction and every wallet read summed the
-- customer's pending withdrawals again (nexapay_held_poisha and the wallet's statement). The sum
-- reads one index entry, and the row behind it, per pending withdrawal: bench/api's customers pile
-- up hundreds in its window, and the sum took a quarter of a withdrawal's time in the database. Now
-- it is one column of the row those paths read or lock anyway.
--
-- It is kept by a trigger on transactions, not by each money function: whatever writes a
-- withdrawal (a request, an approval, a rejection, a second admin's confirmation, a seed or a test
-- writing rows by hand), the held money follows in the same statement, and so in the same
-- transaction. The trigger is called only for a row that is, or was, a pending withdrawal.
-- `npm run ledger:check` compares the column with the sum for every customer.
CREATE FUNCTION nexapay_keep_held_money() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.type = 'withdraw' AND OLD.status = 'pending' THEN
    UPDATE profiles SET held_minor = held_minor - OLD.amount_minor WHERE id = OLD.user_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.type = 'withdraw' AND NEW.status = 'pending' THEN
    UPDATE profiles SET held_minor = held_minor + NEW.amount_minor WHERE id = NEW.user_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER transactions_held_money_on_insert AFTER INSERT ON transactions
  FOR EACH ROW WHEN (NEW.type = 'withdraw' AND NEW.status = 'pending')
  EXECUTE FUNCTION nexapay_keep_held_money();--> statement-breakpoint
CREATE TRIGGER transactions_held_money_on_update AFTER UPDATE OF type, status, amount_minor, user_id ON transactions
  FOR EACH ROW WHEN ((OLD.type = 'withdraw' AND OLD.status = 'pending') OR (NEW.type = 'withdraw' AND NEW.status = 'pending'))
  EXECUTE FUNCTION nexapay_keep_held_money();--> statement-breakpoint
CREATE TRIGGER transactions_held_money_on_delete AFTER DELETE ON transactions
  FOR EACH ROW WHEN (OLD.type = 'withdraw' AND OLD.status = 'pending')
  EXECUTE FUNCTION nexapay_keep_held_money();--> statement-breakpoint

-- The withdrawals already pending when this migration runs.
UPDATE profiles p SET held_minor = h.held
FROM (SELECT user_id, sum(amount_minor)::bigint AS held FROM transactions
      WHERE type = 'withdraw' AND status = 'pending' GROUP BY user_id) h
WHERE p.id = h.user_id;--> statement-breakpoint

-- Money promised to a user's pending withdrawals: not spendable, not yet gone (migration 0006), now
-- read off their profile. The callers lock that row first (a withdrawal request, an adjustment's
-- check), so no parallel request can change it between the read and their own write.
CREATE OR REPLACE FUNCTION nexapay_held_poisha(owner uuid) RETURNS bigint LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN coalesce((SELECT held_minor FROM profiles WHERE id = owner), 0);
END $$;
--> statement-breakpoint

-- A customer's withdrawal request (migration 0006; same rules): the held money is now read with the
-- balance, from the profile row the request locks.
CREATE OR REPLACE FUNCTION nexapay_request_withdrawal(owner uuid, amount bigint, ref text, key text, daily_max bigint, day_start timestamptz, details jsonb)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  balance bigint;
  held bigint;
  today bigint;
  t transactions;
BEGIN
  SELECT balance_minor, held_minor INTO balance, held FROM profiles WHERE id = owner FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Profile not found' USING ERRCODE = 'NX404';
  END IF;
  t := nexapay_replay(owner, key, 'withdraw', amount, ref);
  IF t.id IS NOT NULL THEN
    RETURN jsonb_build_object('replayed', true, 'transaction', nexapay_transaction_json(t));
  END IF;
  IF amount > balance - held THEN
    RAISE EXCEPTION 'more than the available balance' USING ERRCODE = 'NX402';
  END IF;
  IF daily_max > 0 THEN
    SELECT coalesce(sum(amount_minor), 0)::bigint INTO today FROM transactions
    WHERE user_id = owner AND type = 'withdraw' AND origin = 'customer'
      AND status IN ('pending', 'completed') AND created_at >= day_start;
    IF today + amount > daily_max THEN
      RAISE EXCEPTION 'over the daily withdrawal limit' USING ERRCODE = 'NX410', DETAIL = today::text;
    END IF;
  END IF;
  INSERT INTO transactions (user_id, type, amount_minor, reference, idempotency_key)
  VALUES (owner, 'withdraw', amount, ref, key)
  RETURNING * INTO t;
  INSERT INTO audit_log (actor_id, action, target_type, target_id, details)
  VALUES (owner, 'transaction.withdrawal_requested', 'transaction', t.id::text, details);
  PERFORM nexapay_notify_change('transactions', owner, t.id);
  RETURN jsonb_build_object('replayed', false, 'transaction', nexapay_transaction_json(t));
END $$;
