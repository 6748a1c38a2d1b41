-- A customer's deposit request: a pending row, its audit entry and its event. `details` is the
-- audit entry's details, written by the server.
--
-- A customer's deposit request, now with its sending address and an optional TXID. A TXID is
-- claimed by one live request only (NX413; a parallel claim fails the unique index, 23505, which
-- the server answers the same way). A replay must repeat the same TXID.
--
-- A customer's deposit request (decision 038): under the customer's profile row lock (so that the
-- open-request limit holds for parallel requests, and a parallel retry finds the first one's row),
-- an amount to pay no other request holds, a window, the credit at that amount, the audit entry and
-- the event. The sending address and the TXID are facts kept for the admin; neither decides whose
-- deposit a transfer is. NX411: too many open requests; NX429 (from the draw): no amount free.
CREATE OR REPLACE FUNCTION nexapay_request_deposit(owner uuid, usdt bigint, rate_poisha bigint, deposit_rate text, key text, details jsonb,
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
END $$;
