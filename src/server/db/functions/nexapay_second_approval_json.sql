-- A second approval as the server answers it: the customer, the withdrawal's method, both admins
-- (an admin created from the command line may have no profile: then their e-mail stands for the name).
CREATE OR REPLACE FUNCTION nexapay_second_approval_json(r second_approvals) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'id', r.id, 'kind', r.kind, 'status', r.status, 'userId', r.user_id,
    'username', (SELECT p.username FROM profiles p WHERE p.id = r.user_id),
    'fullName', (SELECT p.full_name FROM profiles p WHERE p.id = r.user_id),
    'amountMinor', r.amount_minor::text, 'direction', r.direction, 'note', r.note,
    'transactionId', r.transaction_id,
    'reference', (SELECT t.reference FROM transactions t WHERE t.id = r.transaction_id),
    'payoutReference', r.payout_reference,
    'requestedBy', jsonb_build_object('id', r.requested_by, 'username',
      (SELECT coalesce(p.username, u.email) FROM "user" u LEFT JOIN profiles p ON p.id = u.id WHERE u.id = r.requested_by)),
    'requestedAt', r.requested_at,
    'decidedBy', CASE WHEN r.decided_by IS NOT NULL THEN jsonb_build_object('id', r.decided_by, 'username',
      (SELECT coalesce(p.username, u.email) FROM "user" u LEFT JOIN profiles p ON p.id = u.id WHERE u.id = r.decided_by)) END,
    'decidedAt', r.decided_at, 'declineReason', r.decline_reason, 'resultTransactionId', r.result_transaction_id)
$$;
