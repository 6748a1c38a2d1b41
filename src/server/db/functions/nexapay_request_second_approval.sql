-- A request for a second admin on a withdrawal or a deposit (migration 0011's withdrawal request,
-- now for both): no money moves, the transaction stays pending. The row lock makes parallel
-- requests wait for each other, so the second sees the first (NX424).
CREATE OR REPLACE FUNCTION nexapay_request_second_approval(request_kind text, transaction_id uuid, admin_id uuid, admin_ip text, why text)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  t transactions;
  r second_approvals;
BEGIN
  SELECT * INTO t FROM transactions WHERE id = transaction_id AND status = 'pending' AND user_id <> admin_id FOR UPDATE;
  IF NOT FOUND THEN
    PERFORM nexapay_refuse_decision(transaction_id, admin_id);
  END IF;
  IF EXISTS (SELECT 1 FROM second_approvals s WHERE s.transaction_id = t.id AND s.status = 'awaiting') THEN
    RAISE EXCEPTION 'already awaiting a second approval' USING ERRCODE = 'NX424';
  END IF;
  INSERT INTO second_approvals (kind, user_id, amount_minor, transaction_id, note, requested_by)
  VALUES (request_kind, t.user_id, t.amount_minor, t.id, why, admin_id)
  RETURNING * INTO r;
  PERFORM nexapay_audit_second_approval(r, admin_id, admin_ip, 'second_approval.requested', jsonb_build_object('reason', why));
  PERFORM nexapay_notify_change('second_approvals', admin_id, r.id);
  PERFORM nexapay_notify_change('transactions', t.user_id, t.id);
  RETURN nexapay_second_approval_json(r);
END $$;
