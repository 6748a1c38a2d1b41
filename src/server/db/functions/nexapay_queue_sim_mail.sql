-- The e-mail of an admin's decision on a SIM; a SIM can be decided again, so the key names the time.
CREATE OR REPLACE FUNCTION nexapay_queue_sim_mail(sim_id uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  s sims;
BEGIN
  SELECT * INTO s FROM sims WHERE id = sim_id;
  ASSERT FOUND, 'a decided SIM exists';
  IF s.status IN ('active', 'rejected') THEN
    PERFORM nexapay_queue_decision_event(s.user_id,
      'sim.' || s.status || ':' || s.id || ':' || floor(extract(epoch FROM now()) * 1000)::bigint,
      'sim.' || s.status, jsonb_build_object('phoneNumber', s.phone_number, 'walletType', s.wallet_type));
  END IF;
END $$;
