-- A deposit credited by an admin: the conditional status update (pending, not their own), at the
-- amount given (the claimed one, or what arrived), linked to the transfer that arrived when one is
-- named, then the ledger, the audit entry, the customer's e-mail and the events.
CREATE OR REPLACE FUNCTION nexapay_credit_deposit(deposit_id uuid, admin_id uuid, admin_ip text, credit_amount bigint, transfer_id uuid, details jsonb)
RETURNS transactions LANGUAGE plpgsql AS $$
DECLARE
  t transactions;
BEGIN
  UPDATE transactions SET status = 'completed', processed_at = now(), processed_by = admin_id,
                          amount_minor = credit_amount, chain_transfer_id = coalesce(transfer_id, chain_transfer_id)
  WHERE id = deposit_id AND type = 'deposit' AND status = 'pending' AND user_id <> admin_id
  RETURNING * INTO t;
  IF NOT FOUND THEN
    PERFORM nexapay_refuse_decision(deposit_id, admin_id);
  END IF;
  PERFORM nexapay_post_to_ledger(t, t.amount_minor);
  INSERT INTO audit_log (actor_id, action, target_type, target_id, details, ip)
  VALUES (admin_id, 'transaction.approved', 'transaction', t.id::text,
          jsonb_build_object('userId', t.user_id, 'type', t.type, 'amount', nexapay_format_bdt(t.amount_minor)) || details, admin_ip);
  PERFORM nexapay_close_awaiting_approval(t.id, admin_id, admin_ip, 'The deposit was approved without it.');
  PERFORM nexapay_queue_transaction_mail(t);
  PERFORM nexapay_notify_change('transactions', t.user_id, t.id);
  RETURN t;
END $$;
