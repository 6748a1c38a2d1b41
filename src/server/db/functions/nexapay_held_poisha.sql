-- Money promised to a user's pending withdrawals: not spendable, not yet gone.
--
-- Money promised to a user's pending withdrawals: not spendable, not yet gone (migration 0006).
--
-- Money promised to a user's pending withdrawals: not spendable, not yet gone (migration 0006), now
-- read off their profile. The callers lock that row first (a withdrawal request, an adjustment's
-- check), so no parallel request can change it between the read and their own write.
CREATE OR REPLACE FUNCTION nexapay_held_poisha(owner uuid) RETURNS bigint LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN coalesce((SELECT held_minor FROM profiles WHERE id = owner), 0);
END $$;
