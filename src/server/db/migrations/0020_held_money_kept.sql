ALTER TABLE "profiles" ADD COLUMN "held_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_held_non_negative" CHECK ("profiles"."held_minor" >= 0);--> statement-breakpoint

-- The withdrawals already pending when this migration runs.
UPDATE profiles p SET held_minor = h.held
FROM (SELECT user_id, sum(amount_minor)::bigint AS held FROM transactions
      WHERE type = 'withdraw' AND status = 'pending' GROUP BY user_id) h
WHERE p.id = h.user_id;
