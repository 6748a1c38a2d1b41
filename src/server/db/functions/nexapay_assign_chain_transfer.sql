-- An admin gives a transfer that settled nothing to a customer's deposit request by hand, with a
-- reason (decision 038): linked and audited, no money moved; an approval credits it as any other.
-- Under the matching lock, so no matcher gives the same transfer away meanwhile. NX404 (DETAIL:
-- transfer or transaction), NX403 the admin's own request, NX430 the transfer settled a request
-- already, NX431 the request cannot take one (not a customer deposit, rejected, or has a transfer).
CREATE OR REPLACE FUNCTION nexapay_assign_chain_transfer(transfer_id uuid, request_id uuid, admin_id uuid, reason text, admin_ip text)
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
