-- The stored transfer that is evidence against a deposit request that has no match: the transfer
-- its TXID names (which then came from another address or with another amount), or else an
-- unmatched transfer from its address with another amount within 24 hours of the request.
--
-- The transfer a customer's TXID names, when it came with another amount than the request's amount
-- to pay and settled nothing: shown beside the request as "Amount differs" (decision 038). A named
-- transfer that settled another request is nothing of this request's. The sender is never a key.
CREATE OR REPLACE FUNCTION nexapay_differing_transfer(t transactions) RETURNS uuid LANGUAGE sql STABLE AS $$
  SELECT c.id FROM chain_transfers c
  WHERE t.type = 'deposit' AND t.chain_transfer_id IS NULL AND t.txid IS NOT NULL
    AND c.txid = t.txid AND c.amount_micro <> coalesce(t.pay_micro, t.usdt_micro)
    AND NOT EXISTS (SELECT 1 FROM transactions m WHERE m.chain_transfer_id = c.id)
$$;
