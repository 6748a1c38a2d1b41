-- A withdrawal's approval at or above the threshold: a request awaiting a second admin; no money
-- moves and the withdrawal stays pending (its money held). The row lock makes parallel requests for
-- one withdrawal wait for each other, so the second sees the first (NX424); the partial unique
-- index on awaiting requests is the last guard.
CREATE OR REPLACE FUNCTION nexapay_request_withdrawal_approval(withdrawal_id uuid, admin_id uuid, admin_ip text, payout_ref text)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  t transactions;
  r second_approvals;
BEGIN
  SELECT * INTO t FROM transactions WHERE id = withdrawal_id AND status = 'pending' AND user_id <> admin_id FOR UPDATE;
  IF NOT FOUND THEN
    PERFORM nexapay_refuse_decision(withdrawal_id, admin_id);
  END IF;
  IF EXISTS (SELECT 1 FROM second_approvals WHERE transaction_id = withdrawal_id AND status = 'awaiting') THEN
    RAISE EXCEPTION 'already awaiting a second approval' USING ERRCODE = 'NX424';
  END IF;
  INSERT INTO second_approvals (kind, user_id, amount_minor, transaction_id, payout_reference, requested_by)
  VALUES ('withdrawal_approval', t.user_id, t.amount_minor, t.id, payout_ref, admin_id)
  RETURNING * INTO r;
  PERFORM nexapay_audit_second_approval(r, admin_id, admin_ip, 'second_approval.requested', '{}');
  PERFORM nexapay_notify_change('second_approvals', admin_id, r.id);
  RETURN nexapay_second_approval_json(r);
END $$;
