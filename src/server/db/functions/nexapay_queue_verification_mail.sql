-- The e-mail of an admin's decision on an identity verification. A verification can be decided
-- again after the customer uploads new documents, so the key names the decision's time too.
CREATE OR REPLACE FUNCTION nexapay_queue_verification_mail(verification_id uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v verifications;
BEGIN
  SELECT * INTO v FROM verifications WHERE id = verification_id;
  ASSERT FOUND AND v.reviewed_at IS NOT NULL, 'a decided verification has a decision time';
  IF v.status IN ('approved', 'rejected') THEN
    PERFORM nexapay_queue_decision_event(v.user_id,
      'verification.' || v.status || ':' || v.id || ':' || floor(extract(epoch FROM v.reviewed_at) * 1000)::bigint,
      'verification.' || v.status, jsonb_build_object('rejectReason', v.reject_reason));
  END IF;
END $$;
