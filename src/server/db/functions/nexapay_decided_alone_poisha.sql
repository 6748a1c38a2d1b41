-- What one admin decided alone in the last 24 hours that counts against the four-eyes threshold
-- with a new decision of the same kind (decision 040). "Alone": no confirmed second approval stands
-- behind it.
--   - an adjustment: every adjustment they made alone, to anyone (money from nothing: four of
--     24,999.99 BDT to four accounts are 99,999.96 BDT);
--   - a withdrawal: the withdrawals of this customer they paid alone (one withdrawal split in four
--     is seen whole; payouts to many customers, an operator's day, do not add up).
CREATE OR REPLACE FUNCTION nexapay_decided_alone_poisha(kind text, admin_id uuid, owner uuid) RETURNS bigint LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF kind = 'adjustment' THEN
    RETURN (SELECT coalesce(sum(t.amount_minor), 0)::bigint FROM transactions t
            WHERE t.origin = 'admin_adjustment' AND t.processed_by = admin_id AND t.processed_at > now() - interval '24 hours'
              AND NOT EXISTS (SELECT 1 FROM second_approvals s WHERE s.result_transaction_id = t.id AND s.status = 'confirmed'));
  END IF;
  RETURN (SELECT coalesce(sum(t.amount_minor), 0)::bigint FROM transactions t
          WHERE t.type = 'withdraw' AND t.origin = 'customer' AND t.status = 'completed'
            AND t.user_id = owner AND t.processed_by = admin_id AND t.processed_at > now() - interval '24 hours'
            AND NOT EXISTS (SELECT 1 FROM second_approvals s WHERE s.transaction_id = t.id AND s.status = 'confirmed'));
END $$;
