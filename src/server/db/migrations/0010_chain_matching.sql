ALTER TABLE "transactions" ADD COLUMN "from_address" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "txid" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "chain_transfer_id" uuid;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_chain_transfer_id_chain_transfers_id_fk" FOREIGN KEY ("chain_transfer_id") REFERENCES "public"."chain_transfers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "chain_transfers_from_block_time_idx" ON "chain_transfers" USING btree ("from_address","block_time");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_claimed_txid_idx" ON "transactions" USING btree ("txid") WHERE "transactions"."txid" is not null and "transactions"."status" <> 'rejected';--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_chain_transfer_idx" ON "transactions" USING btree ("chain_transfer_id") WHERE "transactions"."chain_transfer_id" is not null;--> statement-breakpoint
CREATE INDEX "transactions_unmatched_deposits_idx" ON "transactions" USING btree ("from_address","usdt_micro","created_at") WHERE "transactions"."type" = 'deposit' and "transactions"."chain_transfer_id" is null and "transactions"."status" <> 'rejected';--> statement-breakpoint
-- Chain matching (decision 019), written by hand: drizzle-kit cannot express functions.
-- A customer's deposit request names its sending address in its reference ("10 USDT from T…");
-- the requests made before this migration get it as a column too, so that they can be matched.
UPDATE transactions SET from_address = substring(reference from ' USDT from (T[1-9A-HJ-NP-Za-km-z]{33})$')
WHERE type = 'deposit' AND origin = 'customer' AND from_address IS NULL;--> statement-breakpoint

-- The transaction row for the server gains the three chain columns.
CREATE OR REPLACE FUNCTION nexapay_transaction_json(t transactions) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'id', t.id, 'userId', t.user_id, 'type', t.type, 'amountMinor', t.amount_minor::text,
    'usdtMicro', t.usdt_micro::text, 'rate', t.rate, 'status', t.status, 'reference', t.reference,
    'origin', t.origin, 'idempotencyKey', t.idempotency_key, 'createdAt', t.created_at,
    'processedAt', t.processed_at, 'processedBy', t.processed_by, 'rejectReason', t.reject_reason,
    'searchText', t.search_text, 'fromAddress', t.from_address, 'txid', t.txid, 'chainTransferId', t.chain_transfer_id)
$$;--> statement-breakpoint

-- The stored transfer that is evidence against a deposit request that has no match: the transfer
-- its TXID names (which then came from another address or with another amount), or else an
-- unmatched transfer from its address with another amount within 24 hours of the request.
CREATE FUNCTION nexapay_differing_transfer(t transactions) RETURNS uuid LANGUAGE sql STABLE AS $$
  SELECT c.id FROM chain_transfers c
  WHERE t.type = 'deposit' AND t.chain_transfer_id IS NULL
    AND NOT EXISTS (SELECT 1 FROM transactions m WHERE m.chain_transfer_id = c.id)
    AND CASE WHEN t.txid IS NOT NULL THEN c.txid = t.txid
             ELSE c.from_address = t.from_address AND c.amount_micro <> t.usdt_micro
                  AND c.block_time BETWEEN t.created_at - interval '24 hours' AND t.created_at + interval '24 hours' END
  ORDER BY abs(extract(epoch FROM c.block_time - t.created_at)), c.txid
  LIMIT 1
$$;--> statement-breakpoint

-- A customer deposit request's chain state: confirmed (matched), amount_differs (see above),
-- not_seen, or off when no watcher runs. NULL for withdrawals and admin adjustments.
CREATE FUNCTION nexapay_chain_state(t transactions, watcher_on boolean) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN t.type <> 'deposit' OR t.origin <> 'customer' THEN NULL
    WHEN t.chain_transfer_id IS NOT NULL THEN 'confirmed'
    WHEN NOT watcher_on THEN 'off'
    WHEN nexapay_differing_transfer(t) IS NOT NULL THEN 'amount_differs'
    ELSE 'not_seen'
  END
$$;--> statement-breakpoint

-- A customer's deposit request, now with its sending address and an optional TXID. A TXID is
-- claimed by one live request only (NX413; a parallel claim fails the unique index, 23505, which
-- the server answers the same way). A replay must repeat the same TXID.
DROP FUNCTION nexapay_request_deposit(uuid, bigint, bigint, text, text, text, jsonb);--> statement-breakpoint
CREATE FUNCTION nexapay_request_deposit(owner uuid, amount bigint, usdt bigint, deposit_rate text, ref text, key text, details jsonb,
                                        from_addr text, claimed_txid text)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  t transactions;
BEGIN
  t := nexapay_replay(owner, key, 'deposit', amount, ref);
  IF t.id IS NOT NULL THEN
    IF t.txid IS DISTINCT FROM claimed_txid THEN
      RAISE EXCEPTION 'idempotency key reused with another TXID' USING ERRCODE = 'NX412';
    END IF;
    RETURN jsonb_build_object('replayed', true, 'transaction', nexapay_transaction_json(t));
  END IF;
  IF claimed_txid IS NOT NULL AND EXISTS (SELECT 1 FROM transactions WHERE txid = claimed_txid AND status <> 'rejected') THEN
    RAISE EXCEPTION 'TXID already claimed' USING ERRCODE = 'NX413';
  END IF;
  INSERT INTO transactions (user_id, type, amount_minor, usdt_micro, rate, reference, idempotency_key, from_address, txid)
  VALUES (owner, 'deposit', amount, usdt, deposit_rate, ref, key, from_addr, claimed_txid)
  ON CONFLICT (user_id, idempotency_key) DO NOTHING
  RETURNING * INTO t;
  IF NOT FOUND THEN
    -- A parallel request with the same key won the insert and has committed: answer its row.
    t := nexapay_replay(owner, key, 'deposit', amount, ref);
    ASSERT t.id IS NOT NULL, 'an insert that gave way to a parallel one finds that one''s row';
    IF t.txid IS DISTINCT FROM claimed_txid THEN
      RAISE EXCEPTION 'idempotency key reused with another TXID' USING ERRCODE = 'NX412';
    END IF;
    RETURN jsonb_build_object('replayed', true, 'transaction', nexapay_transaction_json(t));
  END IF;
  INSERT INTO audit_log (actor_id, action, target_type, target_id, details)
  VALUES (owner, 'transaction.deposit_requested', 'transaction', t.id::text, details);
  PERFORM nexapay_notify_change('transactions', owner, t.id);
  RETURN jsonb_build_object('replayed', false, 'transaction', nexapay_transaction_json(t));
END $$;--> statement-breakpoint

-- Approve, now aware of the chain. While the watcher runs, a customer's deposit with no matched
-- transfer is approved only when the admin says they checked it (acknowledged); else NX428 and
-- nothing changes. The audit entry records the chain state the admin approved against.
DROP FUNCTION nexapay_approve_transaction(uuid, uuid, text);--> statement-breakpoint
CREATE FUNCTION nexapay_approve_transaction(transaction_id uuid, admin_id uuid, admin_ip text, watcher_on boolean, acknowledged boolean)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  t transactions;
  chain_state text;
  evidence jsonb := '{}';
BEGIN
  SELECT * INTO t FROM transactions WHERE id = transaction_id;
  chain_state := CASE WHEN FOUND THEN nexapay_chain_state(t, watcher_on) END;
  UPDATE transactions SET status = 'completed', processed_at = now(), processed_by = admin_id
  WHERE id = transaction_id AND status = 'pending' AND user_id <> admin_id
    AND (chain_state IS NULL OR chain_state IN ('confirmed', 'off') OR acknowledged)
  RETURNING * INTO t;
  IF NOT FOUND THEN
    IF chain_state NOT IN ('confirmed', 'off') AND NOT acknowledged
       AND EXISTS (SELECT 1 FROM transactions WHERE id = transaction_id AND status = 'pending' AND user_id <> admin_id) THEN
      RAISE EXCEPTION 'not confirmed on chain' USING ERRCODE = 'NX428', DETAIL = chain_state;
    END IF;
    PERFORM nexapay_refuse_decision(transaction_id, admin_id);
  END IF;
  PERFORM nexapay_post_to_ledger(t, CASE WHEN t.type = 'deposit' THEN t.amount_minor ELSE -t.amount_minor END);
  IF chain_state IS NOT NULL THEN
    evidence := jsonb_build_object('chainState', chain_state,
      'approvedWithoutChainEvidence', chain_state NOT IN ('confirmed', 'off'),
      'chainTxid', (SELECT c.txid FROM chain_transfers c WHERE c.id = t.chain_transfer_id));
  END IF;
  INSERT INTO audit_log (actor_id, action, target_type, target_id, details, ip)
  VALUES (admin_id, 'transaction.approved', 'transaction', t.id::text,
          jsonb_build_object('userId', t.user_id, 'type', t.type, 'amount', nexapay_format_bdt(t.amount_minor)) || evidence, admin_ip);
  PERFORM nexapay_notify_change('transactions', t.user_id, t.id);
  RETURN nexapay_transaction_json(t);
END $$;--> statement-breakpoint

-- Automatic credit (DEPOSIT_AUTO_CREDIT=confirmed): the chain watcher approves a matched pending
-- deposit through the same ledger path, credited with the amount that arrived (an exact match, so
-- the one asked for). The conditional update credits a deposit once, however often it is called.
CREATE FUNCTION nexapay_credit_from_chain(d transactions, c chain_transfers) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  t transactions;
BEGIN
  ASSERT d.chain_transfer_id = c.id AND d.usdt_micro = c.amount_micro, 'a deposit is credited only for the exact transfer it was matched to';
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
  PERFORM nexapay_notify_change('transactions', t.user_id, t.id);
  RETURN true;
END $$;--> statement-breakpoint

-- Matching (decision 019), after each poll and after each deposit request. Every unmatched transfer,
-- oldest block first, is given to: the live request that names its TXID, if any (and only when
-- that request's address and amount agree); else the oldest live request (pending, or approved
-- without evidence: that one was credited for this transfer) from the same address with exactly
-- the same amount and no TXID, made within 24 hours of the block time. One matcher at a time (a
-- transaction-level advisory lock); the unique index on chain_transfer_id is the last guard.
-- With auto_credit, a pending request made before the block time is credited at once; one made
-- after it could have been copied off the public chain, so an admin approves it.
CREATE FUNCTION nexapay_match_chain_transfers(auto_credit boolean) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  c chain_transfers;
  d transactions;
  matched integer := 0;
  credited integer := 0;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('nexapay:chain-matching'));
  FOR c IN
    SELECT * FROM chain_transfers ct
    WHERE NOT EXISTS (SELECT 1 FROM transactions m WHERE m.chain_transfer_id = ct.id)
    ORDER BY ct.block_time, ct.txid
  LOOP
    SELECT * INTO d FROM transactions WHERE txid = c.txid AND type = 'deposit' AND status <> 'rejected';
    IF FOUND THEN
      CONTINUE WHEN d.chain_transfer_id IS NOT NULL OR d.from_address IS DISTINCT FROM c.from_address OR d.usdt_micro <> c.amount_micro;
    ELSE
      SELECT * INTO d FROM transactions
      WHERE type = 'deposit' AND origin = 'customer' AND chain_transfer_id IS NULL AND status <> 'rejected' AND txid IS NULL
        AND from_address = c.from_address AND usdt_micro = c.amount_micro
        AND created_at BETWEEN c.block_time - interval '24 hours' AND c.block_time + interval '24 hours'
      ORDER BY created_at, id
      LIMIT 1;
      CONTINUE WHEN NOT FOUND;
    END IF;
    UPDATE transactions SET chain_transfer_id = c.id WHERE id = d.id AND chain_transfer_id IS NULL RETURNING * INTO d;
    ASSERT FOUND, 'a request found unmatched under the matching lock is still unmatched';
    INSERT INTO audit_log (actor_id, action, target_type, target_id, details)
    VALUES (NULL, 'transaction.chain_matched', 'transaction', d.id::text,
            jsonb_build_object('userId', d.user_id, 'actor', 'chain-watcher', 'txid', c.txid, 'fromAddress', c.from_address,
                               'usdtMicro', c.amount_micro::text, 'blockTime', c.block_time));
    PERFORM nexapay_notify_change('transactions', d.user_id, d.id);
    matched := matched + 1;
    IF auto_credit AND d.status = 'pending' AND d.created_at <= c.block_time AND nexapay_credit_from_chain(d, c) THEN
      credited := credited + 1;
    END IF;
  END LOOP;
  RETURN jsonb_build_object('matched', matched, 'credited', credited);
END $$;
