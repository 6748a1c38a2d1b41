-- What an adjustment must pass, at the request and again at the confirmation: the customer exists
-- (their profile row is locked, so two adjustments wait for each other), is not the acting admin,
-- and a subtraction stays within the available balance (money held for withdrawals is not touched).
CREATE OR REPLACE FUNCTION nexapay_check_adjustment(owner uuid, direction text, amount bigint, admin_id uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  balance bigint;
BEGIN
  SELECT balance_minor INTO balance FROM profiles WHERE id = owner FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'User not found' USING ERRCODE = 'NX404';
  ELSIF owner = admin_id THEN
    RAISE EXCEPTION 'the admin''s own account' USING ERRCODE = 'NX403';
  ELSIF direction = 'subtract' AND amount > balance - nexapay_held_poisha(owner) THEN
    RAISE EXCEPTION 'more than the available balance' USING ERRCODE = 'NX402';
  END IF;
END $$;
