-- Reject: the same conditional update and an audit entry; no money moves.
--
-- Reject, now with the customer's e-mail; a withdrawal's awaiting second approval is closed with it.
CREATE OR REPLACE FUNCTION nexapay_reject_transaction(transaction_id uuid, admin_id uuid, reason text, admin_ip text) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  t transactions;
BEGIN
  UPDATE transactions SET status = 'rejected', processed_at = now(), processed_by = admin_id, reject_reason = reason
  WHERE id = transaction_id AND status = 'pending' AND user_id <> admin_id
  RETURNING * INTO t;
  IF NOT FOUND THEN
    PERFORM nexapay_refuse_decision(transaction_id, admin_id);
  END IF;
  INSERT INTO audit_log (actor_id, action, target_type, target_id, details, ip)
  VALUES (admin_id, 'transaction.rejected', 'transaction', t.id::text,
          jsonb_build_object('userId', t.user_id, 'type', t.type, 'amount', nexapay_format_bdt(t.amount_minor), 'reason', reason),
          admin_ip);
  PERFORM nexapay_close_awaiting_approval(t.id, admin_id, admin_ip, 'The withdrawal was rejected.');
  PERFORM nexapay_queue_transaction_mail(t);
  PERFORM nexapay_notify_change('transactions', t.user_id, t.id);
  RETURN nexapay_transaction_json(t);
END $$;
