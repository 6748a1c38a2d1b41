-- What the customer sees of their own transaction beyond its row (decision 040): a withdrawal an
-- admin approved that waits for a second admin or for its payout ("Approved, being paid"); the USDT
-- that arrived for a deposit; and a pending deposit's trouble on the chain, while it is watched: the
-- amount differs, or nothing seen 30 minutes after the request.
CREATE OR REPLACE FUNCTION nexapay_customer_transaction_facts(t transactions, watcher_on boolean) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
DECLARE
  state text;
  received bigint;
BEGIN
  IF t.type = 'withdraw' THEN
    RETURN jsonb_build_object('beingPaid', t.status = 'pending' AND EXISTS (
      SELECT 1 FROM second_approvals s WHERE s.transaction_id = t.id AND s.status IN ('awaiting', 'confirmed') AND s.result_transaction_id IS NULL));
  END IF;
  IF t.origin <> 'customer' THEN
    RETURN '{}';
  END IF;
  state := CASE WHEN t.status = 'pending' THEN nexapay_chain_state(t, watcher_on) END;
  received := (SELECT c.amount_micro FROM chain_transfers c
               WHERE c.id = coalesce(t.chain_transfer_id, CASE WHEN t.status = 'pending' THEN nexapay_differing_transfer(t) END));
  RETURN jsonb_build_object('receivedMicro', received::text,
    'chainIssue', CASE WHEN state = 'amount_differs' THEN 'amount_differs'
                       WHEN state = 'not_seen' AND t.created_at < now() - interval '30 minutes' THEN 'not_seen' END);
END $$;
