-- Where a second approval's audit entries go: a withdrawal's to the transaction (its detail panel
-- shows them), an adjustment's to the customer, like the adjustment's own entry.
--
-- Where a second approval's audit entries go (migration 0011; same entry).
--
-- Where a second approval's audit entries go (migration 0016): a withdrawal's or a deposit's to the
-- transaction (its detail panel shows them), an adjustment's to the customer.
CREATE OR REPLACE FUNCTION nexapay_audit_second_approval(r second_approvals, admin_id uuid, admin_ip text, audit_action text, details jsonb)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO audit_log (actor_id, action, target_type, target_id, details, ip)
  VALUES (admin_id, audit_action,
          CASE WHEN r.transaction_id IS NOT NULL THEN 'transaction' ELSE 'user' END,
          CASE WHEN r.transaction_id IS NOT NULL THEN r.transaction_id::text ELSE r.user_id::text END,
          jsonb_build_object('secondApprovalId', r.id, 'kind', r.kind, 'userId', r.user_id,
                             'amount', nexapay_format_bdt(r.amount_minor), 'direction', r.direction, 'note', r.note,
                             'payoutReference', r.payout_reference,
                             'requestedBy', r.requested_by,
                             'requestedByEmail', (SELECT u.email FROM "user" u WHERE u.id = r.requested_by)) || details,
          admin_ip);
END $$;
