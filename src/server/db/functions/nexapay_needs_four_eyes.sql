-- Whether a decision (an 'adjustment', a 'withdrawal', or a 'deposit' approved without a confirmed
-- match) of `amount` for `owner` by this admin needs a second admin: at or above the threshold on its
-- own, or for adjustments and withdrawals with what they decided alone in the last 24 hours. 0 = off.
CREATE OR REPLACE FUNCTION nexapay_needs_four_eyes(kind text, admin_id uuid, owner uuid, amount bigint, four_eyes_min bigint) RETURNS boolean
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN four_eyes_min > 0 AND (amount >= four_eyes_min
    OR (kind IN ('adjustment', 'withdrawal') AND amount + nexapay_decided_alone_poisha(kind, admin_id, owner) >= four_eyes_min));
END $$;
