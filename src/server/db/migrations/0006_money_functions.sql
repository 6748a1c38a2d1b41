-- Every money action as one server-side function (docs/architecture.md, Money rules; decision 016).
-- A call is one statement, so it is one transaction and one round trip: the conditional status
-- update, the balance change under a row lock, the ledger entry, the audit entry and the change
-- events commit together or not at all. The same SQL runs on PostgreSQL and on PGlite.
--
-- Refusals carry SQLSTATEs of our own class NX (no standard condition uses it), which the server
-- turns into its 4xx answers (wallet/money-functions.ts):
--   NX404 not found · NX403 the admin's own account · NX409 already decided
--   NX402 more than the available balance · NX410 the daily withdrawal limit (DETAIL: the
--   amount already withdrawn today, in poisha) · NX412 an idempotency key reused with other values
-- A broken invariant is a plpgsql ASSERT (SQLSTATE P0004): a bug, answered 500 and rolled back.
-- Written by hand: drizzle-kit cannot express functions.

-- BDT in poisha as the API writes it: 125000 → '1250.00'.
CREATE FUNCTION nexapay_format_bdt(poisha bigint) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN poisha < 0 THEN '-' ELSE '' END
    || (abs(poisha) / 100)::text || '.' || lpad((abs(poisha) % 100)::text, 2, '0')
$$;--> statement-breakpoint

-- A transaction row for the server: bigints as text, so that no amount passes through a float.
CREATE FUNCTION nexapay_transaction_json(t transactions) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'id', t.id, 'userId', t.user_id, 'type', t.type, 'amountMinor', t.amount_minor::text,
    'usdtMicro', t.usdt_micro::text, 'rate', t.rate, 'status', t.status, 'reference', t.reference,
    'origin', t.origin, 'idempotencyKey', t.idempotency_key, 'createdAt', t.created_at,
    'processedAt', t.processed_at, 'processedBy', t.processed_by, 'rejectReason', t.reject_reason,
    'searchText', t.search_text)
$$;--> statement-breakpoint

-- A row-change event, delivered by PostgreSQL only if the transaction commits (realtime/notify.ts).
CREATE FUNCTION nexapay_notify_change(change_table text, user_id uuid, id uuid) RETURNS void LANGUAGE sql AS $$
  SELECT pg_notify('nexapay_changes', json_build_object('table', change_table, 'userId', user_id, 'id', id)::text)
$$;--> statement-breakpoint

-- Money promised to a user's pending withdrawals: not spendable, not yet gone.
CREATE FUNCTION nexapay_held_poisha(owner uuid) RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT coalesce(sum(amount_minor), 0)::bigint FROM transactions
  WHERE user_id = owner AND type = 'withdraw' AND status = 'pending'
$$;--> statement-breakpoint

-- Moves the balance of a completed transaction's user and writes its ledger entry. The profile row
-- is locked and read first, so the balance before is the one the update starts from. A balance
-- below zero fails the profiles check constraint (23514) and aborts everything.
CREATE FUNCTION nexapay_post_to_ledger(t transactions, delta bigint) RETURNS bigint LANGUAGE plpgsql AS $$
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
END $$;--> statement-breakpoint

-- Why a decision's conditional update changed nothing: an unknown id; the admin's own transaction
-- (whatever its status: the answer depends on who asks, not on who was quicker); else decided.
CREATE FUNCTION nexapay_refuse_decision(transaction_id uuid, admin_id uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  owner uuid;
BEGIN
  SELECT user_id INTO owner FROM transactions WHERE id = transaction_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'transaction not found' USING ERRCODE = 'NX404';
  ELSIF owner = admin_id THEN
    RAISE EXCEPTION 'the admin''s own transaction' USING ERRCODE = 'NX403';
  END IF;
  RAISE EXCEPTION 'already decided' USING ERRCODE = 'NX409';
END $$;--> statement-breakpoint

-- Approve: only a pending row that is not the admin's own changes, so parallel approvals credit once.
CREATE FUNCTION nexapay_approve_transaction(transaction_id uuid, admin_id uuid, admin_ip text) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  t transactions;
BEGIN
  UPDATE transactions SET status = 'completed', processed_at = now(), processed_by = admin_id
  WHERE id = transaction_id AND status = 'pending' AND user_id <> admin_id
  RETURNING * INTO t;
  IF NOT FOUND THEN
    PERFORM nexapay_refuse_decision(transaction_id, admin_id);
  END IF;
  PERFORM nexapay_post_to_ledger(t, CASE WHEN t.type = 'deposit' THEN t.amount_minor ELSE -t.amount_minor END);
  INSERT INTO audit_log (actor_id, action, target_type, target_id, details, ip)
  VALUES (admin_id, 'transaction.approved', 'transaction', t.id::text,
          jsonb_build_object('userId', t.user_id, 'type', t.type, 'amount', nexapay_format_bdt(t.amount_minor)), admin_ip);
  PERFORM nexapay_notify_change('transactions', t.user_id, t.id);
  RETURN nexapay_transaction_json(t);
END $$;--> statement-breakpoint

-- Reject: the same conditional update and an audit entry; no money moves.
CREATE FUNCTION nexapay_reject_transaction(transaction_id uuid, admin_id uuid, reason text, admin_ip text) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  t transactions;
BEGIN
  UPDATE transactions SET status = 'rejected', processed_at = now(), processed_by = admin_id, reject_reason = reason
  WHERE id = transaction_id AND status = 'pending' AND user_id <> admin_id
  RETURNING * INTO t;
  IF NOT FOUND THEN
    PERFORM nexapay_refuse_decision(transaction_id, admin_id);
  END IF;
  INSERT INTO audit_log (actor_id, action, target_type, target_id, details, ip)
  VALUES (admin_id, 'transaction.rejected', 'transaction', t.id::text,
          jsonb_build_object('userId', t.user_id, 'type', t.type, 'amount', nexapay_format_bdt(t.amount_minor), 'reason', reason),
          admin_ip);
  PERFORM nexapay_notify_change('transactions', t.user_id, t.id);
  RETURN nexapay_transaction_json(t);
END $$;--> statement-breakpoint

-- An admin's adjustment: a transaction completed at once, through the same ledger path.
-- Subtracting cannot reach money held for a pending withdrawal; no admin adjusts their own account.
CREATE FUNCTION nexapay_adjust_balance(owner uuid, direction text, amount bigint, details jsonb, admin_id uuid, admin_ip text)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  balance bigint;
  t transactions;
  after bigint;
BEGIN
  SELECT balance_minor INTO balance FROM profiles WHERE id = owner FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'User not found' USING ERRCODE = 'NX404';
  ELSIF owner = admin_id THEN
    RAISE EXCEPTION 'the admin''s own account' USING ERRCODE = 'NX403';
  ELSIF direction = 'subtract' AND amount > balance - nexapay_held_poisha(owner) THEN
    RAISE EXCEPTION 'more than the available balance' USING ERRCODE = 'NX402';
  END IF;
  INSERT INTO transactions (user_id, type, amount_minor, status, reference, origin, processed_at, processed_by)
  VALUES (owner, CASE WHEN direction = 'add' THEN 'deposit' ELSE 'withdraw' END, amount, 'completed',
          CASE WHEN direction = 'add' THEN 'Manual add by admin' ELSE 'Manual subtract by admin' END,
          'admin_adjustment', now(), admin_id)
  RETURNING * INTO t;
  after := nexapay_post_to_ledger(t, CASE WHEN direction = 'add' THEN amount ELSE -amount END);
  INSERT INTO audit_log (actor_id, action, target_type, target_id, details, ip)
  VALUES (admin_id, 'balance.adjusted', 'user', owner::text,
          details || jsonb_build_object('transactionId', t.id, 'balanceAfter', nexapay_format_bdt(after)), admin_ip);
  PERFORM nexapay_notify_change('transactions', owner, t.id);
  RETURN nexapay_transaction_json(t);
END $$;--> statement-breakpoint

-- Idempotency: the row this user made earlier with this key, if any. The same key with the same
-- values answers that row (a replay); with other values it is refused.
CREATE FUNCTION nexapay_replay(owner uuid, key text, kind text, amount bigint, ref text) RETURNS transactions LANGUAGE plpgsql AS $$
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
END $$;--> statement-breakpoint

-- A customer's deposit request: a pending row, its audit entry and its event. `details` is the
-- audit entry's details, written by the server.
CREATE FUNCTION nexapay_request_deposit(owner uuid, amount bigint, usdt bigint, deposit_rate text, ref text, key text, details jsonb)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  t transactions;
BEGIN
  t := nexapay_replay(owner, key, 'deposit', amount, ref);
  IF t.id IS NOT NULL THEN
    RETURN jsonb_build_object('replayed', true, 'transaction', nexapay_transaction_json(t));
  END IF;
  INSERT INTO transactions (user_id, type, amount_minor, usdt_micro, rate, reference, idempotency_key)
  VALUES (owner, 'deposit', amount, usdt, deposit_rate, ref, key)
  ON CONFLICT DO NOTHING
  RETURNING * INTO t;
  IF NOT FOUND THEN
    -- A parallel request with the same key won the insert and has committed: answer its row.
    t := nexapay_replay(owner, key, 'deposit', amount, ref);
    ASSERT t.id IS NOT NULL, 'an insert that gave way to a parallel one finds that one''s row';
    RETURN jsonb_build_object('replayed', true, 'transaction', nexapay_transaction_json(t));
  END IF;
  INSERT INTO audit_log (actor_id, action, target_type, target_id, details)
  VALUES (owner, 'transaction.deposit_requested', 'transaction', t.id::text, details);
  PERFORM nexapay_notify_change('transactions', owner, t.id);
  RETURN jsonb_build_object('replayed', false, 'transaction', nexapay_transaction_json(t));
END $$;--> statement-breakpoint

-- A customer's withdrawal request. The profile row lock makes two requests wait for each other, so
-- they cannot both pass the available-balance check. The daily maximum (0 = none) counts the
-- customer's own pending and paid withdrawals since `day_start` (midnight in Asia/Dhaka).
CREATE FUNCTION nexapay_request_withdrawal(owner uuid, amount bigint, ref text, key text, daily_max bigint, day_start timestamptz, details jsonb)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  balance bigint;
  today bigint;
  t transactions;
BEGIN
  SELECT balance_minor INTO balance FROM profiles WHERE id = owner FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Profile not found' USING ERRCODE = 'NX404';
  END IF;
  t := nexapay_replay(owner, key, 'withdraw', amount, ref);
  IF t.id IS NOT NULL THEN
    RETURN jsonb_build_object('replayed', true, 'transaction', nexapay_transaction_json(t));
  END IF;
  IF amount > balance - nexapay_held_poisha(owner) THEN
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
