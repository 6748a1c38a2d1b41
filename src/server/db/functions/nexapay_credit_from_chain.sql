-- Automatic credit (DEPOSIT_AUTO_CREDIT=confirmed): the chain watcher approves a matched pending
-- deposit through the same ledger path, credited with the amount that arrived (an exact match, so
-- the one asked for). The conditional update credits a deposit once, however often it is called.
--
-- A deposit the chain watcher credits by itself (DEPOSIT_AUTO_CREDIT=confirmed) answers the
-- customer's own request, as an admin's approval does: the customer gets the same "credited"
-- message, queued in the same transaction. Otherwise as in migration 0010.
--
-- Automatic credit: as in migration 0014, and never for a transfer dated after the database's now,
-- nor for a request made after the transfer's block time (decision 038).
--
-- Tether's freeze guard (decision 053): never for a transfer whose sender Tether's USDT contract has
-- blacklisted, nor for one whose sender has not been asked about yet (sender_blacklisted null: the
-- call failed). An admin decides on the first; the matching credits the second once its sender is
-- known to be clear.
CREATE OR REPLACE FUNCTION nexapay_credit_from_chain(d transactions, c chain_transfers) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  t transactions;
BEGIN
  ASSERT d.chain_transfer_id = c.id AND d.pay_micro = c.amount_micro, 'a deposit is credited only for the exact transfer it was matched to';
  IF c.block_time > now() OR d.created_at > c.block_time OR c.sender_blacklisted IS DISTINCT FROM false THEN
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
END $$;
