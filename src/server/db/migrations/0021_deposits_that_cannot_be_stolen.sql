CREATE TABLE "deposit_pay_amounts" (
	"pay_micro" bigint PRIMARY KEY NOT NULL,
	"transaction_id" uuid NOT NULL,
	"reserved_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "chain_transfers_from_block_time_idx";--> statement-breakpoint
DROP INDEX "transactions_claimed_txid_idx";--> statement-breakpoint
DROP INDEX "transactions_unmatched_deposits_idx";--> statement-breakpoint
ALTER TABLE "chain_watcher_state" ADD COLUMN "cursor_moved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chain_watcher_state" ADD COLUMN "api_block_number" bigint;--> statement-breakpoint
ALTER TABLE "chain_watcher_state" ADD COLUMN "api_block_time_ms" bigint;--> statement-breakpoint
ALTER TABLE "chain_watcher_state" ADD COLUMN "api_block_moved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chain_watcher_state" ADD COLUMN "last_poll_complete" boolean;--> statement-breakpoint
ALTER TABLE "chain_watcher_state" ADD COLUMN "last_poll_refused" jsonb;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "pay_micro" bigint;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "chain_transfers_first_seen_idx" ON "chain_transfers" USING btree ("first_seen_at");--> statement-breakpoint
CREATE INDEX "transactions_unmatched_pay_amount_idx" ON "transactions" USING btree ("pay_micro","created_at") WHERE "transactions"."type" = 'deposit' and "transactions"."pay_micro" is not null and "transactions"."chain_transfer_id" is null and "transactions"."status" <> 'rejected';--> statement-breakpoint

-- Deposits that cannot be stolen (decision 038), written by hand: drizzle-kit cannot express functions.

-- The transaction row for the server gains the amount to pay and the window's end.
CREATE OR REPLACE FUNCTION nexapay_transaction_json(t transactions) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'id', t.id, 'userId', t.user_id, 'type', t.type, 'amountMinor', t.amount_minor::text,
    'usdtMicro', t.usdt_micro::text, 'rate', t.rate, 'status', t.status, 'reference', t.reference,
    'origin', t.origin, 'idempotencyKey', t.idempotency_key, 'createdAt', t.created_at,
    'processedAt', t.processed_at, 'processedBy', t.processed_by, 'rejectReason', t.reject_reason,
    'searchText', t.search_text, 'fromAddress', t.from_address, 'txid', t.txid, 'chainTransferId', t.chain_transfer_id,
    'payoutReference', t.payout_reference, 'payMicro', t.pay_micro::text, 'expiresAt', t.expires_at)
$$;--> statement-breakpoint

-- Micro-USDT as the web app writes USDT: 50013700 → '50.0137' (trailing zeros dropped), for references.
CREATE FUNCTION nexapay_format_usdt(micro bigint) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT rtrim(rtrim((micro / 1000000)::text || '.' || lpad((micro % 1000000)::text, 6, '0'), '0'), '.')
$$;--> statement-breakpoint

-- A cursor the old rule moved into the future (one item dated 2100 blinded the watcher for good)
-- goes back to the latest transfer stored at or before now; the overlap then reads on from there.
UPDATE chain_watcher_state
SET cursor_block_time_ms = coalesce((SELECT (extract(epoch FROM max(block_time)) * 1000)::bigint FROM chain_transfers WHERE block_time <= now()), 0)
WHERE cursor_block_time_ms > (extract(epoch FROM now()) * 1000)::bigint + 60000;--> statement-breakpoint

-- Draws the exact amount a new deposit request is to pay: the amount asked for plus an offset that
-- no other request holds (decision 038). Four-decimal offsets (0.0001 to 0.0100) first, then single
-- micro-USDT (0.000001 to 0.010000); never 0, so a round amount settles nothing by itself. A draw is
-- taken with an insert whose conflict updates only a reservation that has run out: of any number of
-- parallel requests, one gets each amount (the primary key), and a loser draws again. Two blind draws
-- first (nearly always free), then a draw among the amounts that are free.
CREATE FUNCTION nexapay_take_pay_amount(asked bigint, holder uuid, hold_until timestamptz) RETURNS bigint LANGUAGE plpgsql AS $$
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
END $$;--> statement-breakpoint

-- Idempotency for deposit requests: the amount to pay is drawn at random, so a retry is recognised by
-- what the customer sent (amount asked, address, TXID), not by the row's amount or reference.
CREATE FUNCTION nexapay_deposit_replay(owner uuid, key text, usdt bigint, from_addr text, claimed_txid text) RETURNS transactions
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
END $$;--> statement-breakpoint

-- A customer's deposit request (decision 038): under the customer's profile row lock (so that the
-- open-request limit holds for parallel requests, and a parallel retry finds the first one's row),
-- an amount to pay no other request holds, a window, the credit at that amount, the audit entry and
-- the event. The sending address and the TXID are facts kept for the admin; neither decides whose
-- deposit a transfer is. NX411: too many open requests; NX429 (from the draw): no amount free.
DROP FUNCTION nexapay_request_deposit(uuid, bigint, bigint, text, text, text, jsonb, text, text);--> statement-breakpoint
CREATE FUNCTION nexapay_request_deposit(owner uuid, usdt bigint, rate_poisha bigint, deposit_rate text, key text, details jsonb,
                                        from_addr text, claimed_txid text, window_minutes integer, open_max integer)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  t transactions;
  new_id uuid := gen_random_uuid();
  expires timestamptz := now() + make_interval(mins => window_minutes);
  pay bigint;
  open_count integer;
BEGIN
  PERFORM 1 FROM profiles WHERE id = owner FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Profile not found' USING ERRCODE = 'NX404';
  END IF;
  t := nexapay_deposit_replay(owner, key, usdt, from_addr, claimed_txid);
  IF t.id IS NOT NULL THEN
    RETURN jsonb_build_object('replayed', true, 'transaction', nexapay_transaction_json(t));
  END IF;
  IF open_max > 0 THEN
    -- The customer's own rows of the last day (the longest window), off the customer's list index.
    SELECT count(*) INTO open_count FROM transactions
    WHERE user_id = owner AND created_at > now() - interval '1440 minutes'
      AND type = 'deposit' AND status = 'pending' AND chain_transfer_id IS NULL AND expires_at > now();
    IF open_count >= open_max THEN
      RAISE EXCEPTION 'too many open deposit requests' USING ERRCODE = 'NX411';
    END IF;
  END IF;
  pay := nexapay_take_pay_amount(usdt, new_id, expires + make_interval(mins => window_minutes));
  INSERT INTO transactions (id, user_id, type, amount_minor, usdt_micro, rate, reference, idempotency_key, from_address, txid,
                            pay_micro, expires_at)
  VALUES (new_id, owner, 'deposit', (pay * rate_poisha + 500000) / 1000000, usdt, deposit_rate,
          nexapay_format_usdt(pay) || ' USDT' || coalesce(' from ' || from_addr, ''), key, from_addr, claimed_txid, pay, expires)
  RETURNING * INTO t;
  INSERT INTO audit_log (actor_id, action, target_type, target_id, details)
  VALUES (owner, 'transaction.deposit_requested', 'transaction', t.id::text,
          details || jsonb_build_object('payAmount', nexapay_format_usdt(pay), 'amount', nexapay_format_bdt(t.amount_minor),
                                        'expiresAt', t.expires_at));
  PERFORM nexapay_notify_change('transactions', owner, t.id);
  RETURN jsonb_build_object('replayed', false, 'transaction', nexapay_transaction_json(t));
END $$;--> statement-breakpoint

-- The transfer a customer's TXID names, when it came with another amount than the request's amount
-- to pay and settled nothing: shown beside the request as "Amount differs" (decision 038). A named
-- transfer that settled another request is nothing of this request's. The sender is never a key.
CREATE OR REPLACE FUNCTION nexapay_differing_transfer(t transactions) RETURNS uuid LANGUAGE sql STABLE AS $$
  SELECT c.id FROM chain_transfers c
  WHERE t.type = 'deposit' AND t.chain_transfer_id IS NULL AND t.txid IS NOT NULL
    AND c.txid = t.txid AND c.amount_micro <> coalesce(t.pay_micro, t.usdt_micro)
    AND NOT EXISTS (SELECT 1 FROM transactions m WHERE m.chain_transfer_id = c.id)
$$;--> statement-breakpoint

-- A customer deposit request's chain state: confirmed (its transfer came with exactly its amount to
-- pay), amount_differs (a transfer an admin assigned with another amount, or the named TXID's, see
-- above), not_seen, or off when no watcher runs. NULL for withdrawals and admin adjustments.
CREATE OR REPLACE FUNCTION nexapay_chain_state(t transactions, watcher_on boolean) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN t.type <> 'deposit' OR t.origin <> 'customer' THEN NULL
    WHEN t.chain_transfer_id IS NOT NULL THEN
      CASE WHEN (SELECT c.amount_micro FROM chain_transfers c WHERE c.id = t.chain_transfer_id) = coalesce(t.pay_micro, t.usdt_micro)
           THEN 'confirmed' ELSE 'amount_differs' END
    WHEN NOT watcher_on THEN 'off'
    WHEN nexapay_differing_transfer(t) IS NOT NULL THEN 'amount_differs'
    ELSE 'not_seen'
  END
$$;--> statement-breakpoint

-- Automatic credit: as in migration 0014, and never for a transfer dated after the database's now,
-- nor for a request made after the transfer's block time (decision 038).
CREATE OR REPLACE FUNCTION nexapay_credit_from_chain(d transactions, c chain_transfers) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  t transactions;
BEGIN
  ASSERT d.chain_transfer_id = c.id AND d.pay_micro = c.amount_micro, 'a deposit is credited only for the exact transfer it was matched to';
  IF c.block_time > now() OR d.created_at > c.block_time THEN
    RETURN false;
  END IF;
  UPDATE transactions SET status = 'completed', processed_at = now(), processed_by = NULL
  WHERE id = d.id AND status = 'pending' AND chain_transfer_id = c.id
  RETURNING * INTO t;
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  PERFORM nexapay_post_to_ledger(t, t.amount_minor);
  INSERT INTO audit_log (actor_id, action, target_type, target_id, details)
  VALUES (NULL, 'transaction.approved', 'transaction', t.id::text,
          jsonb_build_object('userId', t.user_id, 'type', t.type, 'amount', nexapay_format_bdt(t.amount_minor),
                             'actor', 'chain-watcher', 'automatic', true, 'chainState', 'confirmed', 'chainTxid', c.txid));
  PERFORM nexapay_queue_transaction_mail(t);
  PERFORM nexapay_notify_change('transactions', t.user_id, t.id);
  RETURN true;
END $$;--> statement-breakpoint

-- Matching (decision 038), after each poll: every transfer that settled nothing, first seen in the
-- last day and dated at or before now, oldest block first, settles the one request whose amount to
-- pay it equals exactly, made at or before its block time and expiring after it (windows of one
-- amount never overlap, so at most one request fits). A rejected request takes nothing, and nobody
-- else can take its transfer either. TXIDs and senders play no part. One matcher at a time (the
-- advisory lock); the unique index on chain_transfer_id is the last guard. With auto_credit, a
-- settled pending request is credited at once.
CREATE OR REPLACE FUNCTION nexapay_match_chain_transfers(auto_credit boolean) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  c chain_transfers;
  d transactions;
  matched integer := 0;
  credited integer := 0;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('nexapay:chain-matching'));
  FOR c IN
    SELECT * FROM chain_transfers ct
    WHERE ct.first_seen_at > now() - interval '24 hours' AND ct.block_time <= now()
      AND NOT EXISTS (SELECT 1 FROM transactions m WHERE m.chain_transfer_id = ct.id)
    ORDER BY ct.block_time, ct.txid
  LOOP
    SELECT * INTO d FROM transactions
    WHERE type = 'deposit' AND pay_micro IS NOT NULL AND chain_transfer_id IS NULL AND status <> 'rejected'
      AND pay_micro = c.amount_micro AND created_at <= c.block_time AND expires_at > c.block_time
    ORDER BY created_at, id
    LIMIT 1;
    CONTINUE WHEN NOT FOUND;
    UPDATE transactions SET chain_transfer_id = c.id WHERE id = d.id AND chain_transfer_id IS NULL RETURNING * INTO d;
    ASSERT FOUND, 'a request found unmatched under the matching lock is still unmatched';
    INSERT INTO audit_log (actor_id, action, target_type, target_id, details)
    VALUES (NULL, 'transaction.chain_matched', 'transaction', d.id::text,
            jsonb_build_object('userId', d.user_id, 'actor', 'chain-watcher', 'txid', c.txid, 'fromAddress', c.from_address,
                               'usdtMicro', c.amount_micro::text, 'blockTime', c.block_time,
                               'senderDiffers', d.from_address IS NOT NULL AND d.from_address <> c.from_address));
    PERFORM nexapay_notify_change('transactions', d.user_id, d.id);
    matched := matched + 1;
    IF auto_credit AND d.status = 'pending' AND nexapay_credit_from_chain(d, c) THEN
      credited := credited + 1;
    END IF;
  END LOOP;
  RETURN jsonb_build_object('matched', matched, 'credited', credited);
END $$;--> statement-breakpoint

-- An admin gives a transfer that settled nothing to a customer's deposit request by hand, with a
-- reason (decision 038): linked and audited, no money moved; an approval credits it as any other.
-- Under the matching lock, so no matcher gives the same transfer away meanwhile. NX404 (DETAIL:
-- transfer or transaction), NX403 the admin's own request, NX430 the transfer settled a request
-- already, NX431 the request cannot take one (not a customer deposit, rejected, or has a transfer).
CREATE FUNCTION nexapay_assign_chain_transfer(transfer_id uuid, request_id uuid, admin_id uuid, reason text, admin_ip text)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  c chain_transfers;
  t transactions;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('nexapay:chain-matching'));
  SELECT * INTO c FROM chain_transfers WHERE id = transfer_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'transfer not found' USING ERRCODE = 'NX404', DETAIL = 'transfer';
  END IF;
  SELECT * INTO t FROM transactions WHERE id = request_id FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'transaction not found' USING ERRCODE = 'NX404', DETAIL = 'transaction';
  ELSIF t.user_id = admin_id THEN
    RAISE EXCEPTION 'the admin''s own transaction' USING ERRCODE = 'NX403';
  ELSIF EXISTS (SELECT 1 FROM transactions m WHERE m.chain_transfer_id = c.id) THEN
    RAISE EXCEPTION 'the transfer settled a request already' USING ERRCODE = 'NX430';
  ELSIF t.type <> 'deposit' OR t.origin <> 'customer' OR t.status = 'rejected' OR t.chain_transfer_id IS NOT NULL THEN
    RAISE EXCEPTION 'the request cannot take a transfer' USING ERRCODE = 'NX431';
  END IF;
  UPDATE transactions SET chain_transfer_id = c.id WHERE id = t.id RETURNING * INTO t;
  INSERT INTO audit_log (actor_id, action, target_type, target_id, details, ip)
  VALUES (admin_id, 'transaction.chain_assigned', 'transaction', t.id::text,
          jsonb_build_object('userId', t.user_id, 'txid', c.txid, 'fromAddress', c.from_address,
                             'transferAmount', nexapay_format_usdt(c.amount_micro),
                             'payAmount', nexapay_format_usdt(coalesce(t.pay_micro, t.usdt_micro)),
                             'blockTime', c.block_time, 'reason', reason), admin_ip);
  PERFORM nexapay_notify_change('transactions', t.user_id, t.id);
  RETURN nexapay_transaction_json(t);
END $$;
