-- A customer deposit request's chain state: confirmed (matched), amount_differs (see above),
-- not_seen, or off when no watcher runs. NULL for withdrawals and admin adjustments.
--
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
$$;
