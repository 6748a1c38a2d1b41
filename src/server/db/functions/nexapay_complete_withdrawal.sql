-- A withdrawal paid: the conditional status update (pending, not the admin's own), the payout
-- reference, the ledger entry, the audit entry, the customer's e-mail and the events. Shared by a
-- direct approval and the confirmation of a second approval; `extra` adds to the audit details.
--
-- A withdrawal paid (migration 0011), now:
--   - its TrxID is one no completed withdrawal of the same provider carries (NX434, DETAIL = the
--     withdrawal it paid; the unique index is the last guard against two parallel payouts);
--   - a confirmed second approval behind it is closed with it (result_transaction_id), and the audit
--     entry names both admins.
CREATE OR REPLACE FUNCTION nexapay_complete_withdrawal(withdrawal_id uuid, admin_id uuid, admin_ip text, payout_ref text, extra jsonb)
RETURNS transactions LANGUAGE plpgsql AS $$
DECLARE
  t transactions;
  paid_before uuid;
  r second_approvals;
  both_admins jsonb := '{}';
BEGIN
  IF payout_ref IS NOT NULL THEN
    SELECT p.id INTO paid_before FROM transactions w, transactions p
    WHERE w.id = withdrawal_id AND p.type = 'withdraw' AND p.status = 'completed' AND p.payout_reference = payout_ref
      AND split_part(p.reference, ':', 1) = split_part(w.reference, ':', 1) AND p.id <> w.id
    LIMIT 1;
    IF paid_before IS NOT NULL THEN
      RAISE EXCEPTION 'payout reference already used' USING ERRCODE = 'NX434', DETAIL = paid_before::text;
    END IF;
  END IF;
  UPDATE transactions SET status = 'completed', processed_at = now(), processed_by = admin_id, payout_reference = payout_ref
  WHERE id = withdrawal_id AND type = 'withdraw' AND status = 'pending' AND user_id <> admin_id
  RETURNING * INTO t;
  IF NOT FOUND THEN
    PERFORM nexapay_refuse_decision(withdrawal_id, admin_id);
  END IF;
  UPDATE second_approvals s SET result_transaction_id = t.id
  WHERE s.transaction_id = t.id AND s.status = 'confirmed' AND s.result_transaction_id IS NULL
  RETURNING * INTO r;
  IF FOUND THEN
    both_admins := jsonb_build_object('secondApprovalId', r.id, 'requestedBy', r.requested_by,
      'requestedByEmail', (SELECT u.email FROM "user" u WHERE u.id = r.requested_by),
      'confirmedBy', r.decided_by, 'confirmedByEmail', (SELECT u.email FROM "user" u WHERE u.id = r.decided_by));
  END IF;
  PERFORM nexapay_post_to_ledger(t, -t.amount_minor);
  INSERT INTO audit_log (actor_id, action, target_type, target_id, details, ip)
  VALUES (admin_id, 'transaction.approved', 'transaction', t.id::text,
          jsonb_build_object('userId', t.user_id, 'type', t.type, 'amount', nexapay_format_bdt(t.amount_minor),
                             'payoutReference', payout_ref) || both_admins || extra, admin_ip);
  PERFORM nexapay_close_awaiting_approval(t.id, admin_id, admin_ip, 'The withdrawal was approved without it.');
  PERFORM nexapay_queue_transaction_mail(t);
  PERFORM nexapay_notify_change('transactions', t.user_id, t.id);
  RETURN t;
END $$;
