-- A second admin confirms: the conditional update (awaiting, not requested by them, not their own
-- account) lets exactly one of any number of parallel confirmations through; then the money moves
-- through the same ledger path as a direct adjustment or approval, in this same statement. A
-- refusal at that step (a subtraction the balance no longer covers, a withdrawal rejected meanwhile)
-- rolls the confirmation back too: the request stays awaiting.
--
-- A second admin confirms (migration 0011), now (decision 040):
--   - not an admin the requester appointed, nor one appointed less than cooldown_hours ago;
--   - a withdrawal's confirmation moves no money: the withdrawal becomes "ready to pay", and an
--     admin pays it and records the TrxID afterwards (nexapay_approve_transaction);
--   - a deposit's credits it at the claimed amount, with the requester's reason;
--   - an adjustment's applies it, as before.
CREATE OR REPLACE FUNCTION nexapay_confirm_second_approval(request_id uuid, admin_id uuid, admin_ip text, cooldown_hours integer) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  r second_approvals;
  t transactions;
  both_admins jsonb;
BEGIN
  -- A transaction's row is locked before its request, in the order of every other path that touches
  -- both (approve, reject): so a confirmation racing a rejection waits instead of deadlocking.
  PERFORM 1 FROM transactions w WHERE w.id = (SELECT s.transaction_id FROM second_approvals s WHERE s.id = request_id) FOR UPDATE;
  UPDATE second_approvals s SET status = 'confirmed', decided_by = admin_id, decided_at = now()
  WHERE s.id = request_id AND s.status = 'awaiting' AND s.requested_by <> admin_id AND s.user_id <> admin_id
    AND NOT EXISTS (SELECT 1 FROM admin_appointments p WHERE p.admin_id = nexapay_confirm_second_approval.admin_id
                    AND (p.appointed_by = s.requested_by OR p.appointed_at > now() - make_interval(hours => cooldown_hours)))
  RETURNING * INTO r;
  IF NOT FOUND THEN
    PERFORM nexapay_refuse_second_approval(request_id, admin_id, true, cooldown_hours);
  END IF;
  both_admins := jsonb_build_object('secondApprovalId', r.id, 'requestedBy', r.requested_by,
    'requestedByEmail', (SELECT u.email FROM "user" u WHERE u.id = r.requested_by),
    'confirmedBy', admin_id, 'confirmedByEmail', (SELECT u.email FROM "user" u WHERE u.id = admin_id));
  IF r.kind = 'balance_adjustment' THEN
    t := nexapay_apply_adjustment(r.user_id, r.direction, r.amount_minor,
      jsonb_build_object('direction', r.direction, 'amount', nexapay_format_bdt(r.amount_minor), 'note', r.note) || both_admins,
      admin_id, admin_ip);
    UPDATE second_approvals SET result_transaction_id = t.id WHERE id = r.id RETURNING * INTO r;
  ELSIF r.kind = 'deposit_approval' THEN
    SELECT * INTO t FROM transactions WHERE id = r.transaction_id;
    t := nexapay_credit_deposit(r.transaction_id, admin_id, admin_ip, t.amount_minor, NULL,
      jsonb_build_object('chainState', nexapay_chain_state(t, true), 'approvedWithoutChainEvidence', true,
                         'credit', 'claimed', 'reason', r.note) || both_admins);
    UPDATE second_approvals SET result_transaction_id = t.id WHERE id = r.id RETURNING * INTO r;
  ELSE
    -- The withdrawal stays pending, its money held, until an admin pays it.
    SELECT * INTO t FROM transactions WHERE id = r.transaction_id AND status = 'pending';
    ASSERT FOUND, 'a withdrawal awaiting a second approval is pending (a rejection closes its request)';
    PERFORM nexapay_notify_change('transactions', t.user_id, t.id);
  END IF;
  PERFORM nexapay_audit_second_approval(r, admin_id, admin_ip, 'second_approval.confirmed',
    both_admins || jsonb_build_object('transactionId', t.id));
  PERFORM nexapay_notify_change('second_approvals', r.requested_by, r.id);
  RETURN jsonb_build_object('secondApproval', nexapay_second_approval_json(r), 'transaction', nexapay_transaction_json(t));
END $$;
