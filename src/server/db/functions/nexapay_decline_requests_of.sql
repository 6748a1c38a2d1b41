-- Suspending or demoting an admin declines every request of theirs still awaiting a second admin,
-- each audited against its transaction or customer as a decline by the acting admin.
CREATE OR REPLACE FUNCTION nexapay_decline_requests_of(requester uuid, admin_id uuid, admin_ip text, why text) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  r second_approvals;
  declined integer := 0;
BEGIN
  FOR r IN UPDATE second_approvals SET status = 'declined', decided_by = admin_id, decided_at = now(), decline_reason = why
           WHERE requested_by = requester AND status = 'awaiting' RETURNING * LOOP
    PERFORM nexapay_audit_second_approval(r, admin_id, admin_ip, 'second_approval.declined',
      jsonb_build_object('declinedBy', admin_id, 'declinedByEmail', (SELECT u.email FROM "user" u WHERE u.id = admin_id),
                         'reason', why, 'requesterRemoved', true));
    PERFORM nexapay_notify_change('second_approvals', r.requested_by, r.id);
    IF r.transaction_id IS NOT NULL THEN
      PERFORM nexapay_notify_change('transactions', r.user_id, r.transaction_id);
    END IF;
    declined := declined + 1;
  END LOOP;
  RETURN declined;
END $$;
