-- An admin's adjustment: a transaction completed at once, through the same ledger path.
-- Subtracting cannot reach money held for a pending withdrawal; no admin adjusts their own account.
--
-- An admin's adjustment: at or above `four_eyes_min` poisha (0 = off) a request awaiting a second
-- admin, refused now for what its confirmation would refuse, answered as {secondApproval};
-- below it, done at once and answered as {transaction}.
--
-- An admin's adjustment (migration 0011), now counted with what the admin decided alone in the last
-- 24 hours against the threshold (decision 040).
CREATE OR REPLACE FUNCTION nexapay_adjust_balance(owner uuid, direction text, amount bigint, details jsonb, admin_id uuid, admin_ip text, four_eyes_min bigint)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  r second_approvals;
BEGIN
  IF nexapay_needs_four_eyes('adjustment', admin_id, owner, amount, four_eyes_min) THEN
    PERFORM nexapay_check_adjustment(owner, direction, amount, admin_id);
    INSERT INTO second_approvals (kind, user_id, amount_minor, direction, note, requested_by)
    VALUES ('balance_adjustment', owner, amount, direction, details ->> 'note', admin_id)
    RETURNING * INTO r;
    PERFORM nexapay_audit_second_approval(r, admin_id, admin_ip, 'second_approval.requested', '{}');
    PERFORM nexapay_notify_change('second_approvals', admin_id, r.id);
    RETURN jsonb_build_object('secondApproval', nexapay_second_approval_json(r));
  END IF;
  RETURN jsonb_build_object('transaction', nexapay_transaction_json(nexapay_apply_adjustment(owner, direction, amount, details, admin_id, admin_ip)));
END $$;
