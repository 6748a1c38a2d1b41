-- A transaction's current four-eyes request: the one awaiting, else the one confirmed and not yet paid.
CREATE OR REPLACE FUNCTION nexapay_current_second_approval(transaction_id uuid) RETURNS second_approvals LANGUAGE plpgsql STABLE AS $$
DECLARE
  r second_approvals;
BEGIN
  SELECT * INTO r FROM second_approvals s
  WHERE s.transaction_id = nexapay_current_second_approval.transaction_id AND s.status IN ('awaiting', 'confirmed')
    AND s.result_transaction_id IS NULL
  ORDER BY s.requested_at DESC LIMIT 1;
  RETURN r;
END $$;
