-- Why a decision's conditional update changed nothing: an unknown id; the admin's own transaction
-- (whatever its status: the answer depends on who asks, not on who was quicker); else decided.
CREATE OR REPLACE FUNCTION nexapay_refuse_decision(transaction_id uuid, admin_id uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  owner uuid;
BEGIN
  SELECT user_id INTO owner FROM transactions WHERE id = transaction_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'transaction not found' USING ERRCODE = 'NX404';
  ELSIF owner = admin_id THEN
    RAISE EXCEPTION 'the admin''s own transaction' USING ERRCODE = 'NX403';
  END IF;
  RAISE EXCEPTION 'already decided' USING ERRCODE = 'NX409';
END $$;
