-- The e-mail of an admin's decision on a customer's deposit or withdrawal (an adjustment sends none).
--
-- The e-mail of an admin's decision on a customer's deposit or withdrawal (an adjustment sends none).
-- The same signature as before, so the money functions of migration 0011 call this one unchanged.
CREATE OR REPLACE FUNCTION nexapay_queue_transaction_mail(t transactions) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF t.origin <> 'customer' OR t.status NOT IN ('completed', 'rejected') THEN
    RETURN;
  END IF;
  PERFORM nexapay_queue_decision_event(t.user_id, 'transaction.' || t.status || ':' || t.id, t.type || '.' || t.status,
    jsonb_build_object('amountMinor', t.amount_minor::text, 'reference', t.reference,
                       'payoutReference', t.payout_reference, 'rejectReason', t.reject_reason));
END $$;
