-- A transaction row for the server: bigints as text, so that no amount passes through a float.
--
-- The transaction row for the server gains the three chain columns.
--
-- The transaction row for the server gains the payout reference.
--
-- The transaction row for the server gains the amount to pay and the window's end.
CREATE OR REPLACE FUNCTION nexapay_transaction_json(t transactions) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'id', t.id, 'userId', t.user_id, 'type', t.type, 'amountMinor', t.amount_minor::text,
    'usdtMicro', t.usdt_micro::text, 'rate', t.rate, 'status', t.status, 'reference', t.reference,
    'origin', t.origin, 'idempotencyKey', t.idempotency_key, 'createdAt', t.created_at,
    'processedAt', t.processed_at, 'processedBy', t.processed_by, 'rejectReason', t.reject_reason,
    'searchText', t.search_text, 'fromAddress', t.from_address, 'txid', t.txid, 'chainTransferId', t.chain_transfer_id,
    'payoutReference', t.payout_reference, 'payMicro', t.pay_micro::text, 'expiresAt', t.expires_at)
$$;
