-- Closes the awaiting second approval of a withdrawal decided without it (rejected, or approved while
-- the threshold was off): it could never be confirmed any more.
CREATE OR REPLACE FUNCTION nexapay_close_awaiting_approval(withdrawal_id uuid, admin_id uuid, admin_ip text, why text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  r second_approvals;
BEGIN
  UPDATE second_approvals SET status = 'declined', decided_by = admin_id, decided_at = now(), decline_reason = why
  WHERE transaction_id = withdrawal_id AND status = 'awaiting'
  RETURNING * INTO r;
  IF FOUND THEN
    PERFORM nexapay_audit_second_approval(r, admin_id, admin_ip, 'second_approval.declined',
      jsonb_build_object('declinedBy', admin_id, 'reason', why));
    PERFORM nexapay_notify_change('second_approvals', r.requested_by, r.id);
  END IF;
END $$;
