-- Moves the balance of a completed transaction's user and writes its ledger entry. The profile row
-- is locked and read first, so the balance before is the one the update starts from. A balance
-- below zero fails the profiles check constraint (23514) and aborts everything.
CREATE OR REPLACE FUNCTION nexapay_post_to_ledger(t transactions, delta bigint) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  before bigint;
  after bigint;
BEGIN
  ASSERT t.status = 'completed', 'only a completed transaction moves money';
  ASSERT delta = CASE WHEN t.type = 'deposit' THEN t.amount_minor ELSE -t.amount_minor END,
    'a ledger entry moves exactly its transaction''s amount, up for a deposit and down for a withdrawal';
  SELECT balance_minor INTO before FROM profiles WHERE id = t.user_id FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'User not found' USING ERRCODE = 'NX404';
  END IF;
  UPDATE profiles SET balance_minor = balance_minor + delta WHERE id = t.user_id RETURNING balance_minor INTO after;
  ASSERT after = before + delta, 'balance after = balance before + delta';
  INSERT INTO ledger_entries (user_id, transaction_id, delta_minor, balance_after_minor) VALUES (t.user_id, t.id, delta, after);
  PERFORM nexapay_notify_change('profiles', t.user_id, t.user_id);
  RETURN after;
END $$;
