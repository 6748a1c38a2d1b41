-- Decline: any admin but the customer (decision 013), the requester included (withdrawing their
-- own request). No money moves; a withdrawal stays pending, to be approved again or rejected.
--
-- Decline (migration 0011; any admin but the customer, the requester included): now with the
-- cooldown's parameter for the shared refusal, and the transaction's owner told of the change.
CREATE OR REPLACE FUNCTION nexapay_decline_second_approval(request_id uuid, admin_id uuid, reason text, admin_ip text) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  r second_approvals;
BEGIN
  UPDATE second_approvals SET status = 'declined', decided_by = admin_id, decided_at = now(), decline_reason = reason
  WHERE id = request_id AND status = 'awaiting' AND user_id <> admin_id
  RETURNING * INTO r;
  IF NOT FOUND THEN
    PERFORM nexapay_refuse_second_approval(request_id, admin_id, false, 0);
  END IF;
  PERFORM nexapay_audit_second_approval(r, admin_id, admin_ip, 'second_approval.declined',
    jsonb_build_object('declinedBy', admin_id, 'declinedByEmail', (SELECT u.email FROM "user" u WHERE u.id = admin_id), 'reason', reason));
  PERFORM nexapay_notify_change('second_approvals', r.requested_by, r.id);
  IF r.transaction_id IS NOT NULL THEN
    PERFORM nexapay_notify_change('transactions', r.user_id, r.transaction_id);
  END IF;
  RETURN jsonb_build_object('secondApproval', nexapay_second_approval_json(r));
END $$;
