-- SIMs as saved payout numbers (docs/decisions/022-sims-as-payout-numbers.md): which withdrawal
-- wallet the number is for, "any" for the SIMs registered before the choice existed. Touches only
-- the sims table, so it does not depend on any other migration after 0011.
ALTER TABLE "sims" ADD COLUMN "operator" text DEFAULT 'any' NOT NULL;--> statement-breakpoint
ALTER TABLE "sims" ADD CONSTRAINT "sims_operator_valid" CHECK ("sims"."operator" in ('any', 'bKash', 'Nagad', 'Upay'));--> statement-breakpoint
-- The back office counts the other accounts that registered a number it is deciding on.
CREATE INDEX "sims_phone_number_idx" ON "sims" USING btree ("phone_number");--> statement-breakpoint
-- Numbers are now stored in their national form 01XXXXXXXXX (docs/decisions/023): a SIM saved as
-- 8801XXXXXXXXX becomes 01XXXXXXXXX unless the same customer already has that form (the unique
-- index on user and number would refuse it; the older row then stays as it was).
UPDATE "sims" s SET "phone_number" = '0' || substr(s."phone_number", 4)
WHERE s."phone_number" ~ '^8801[3-9][0-9]{8}$'
  AND NOT EXISTS (
    SELECT 1 FROM "sims" o WHERE o."user_id" = s."user_id" AND o."phone_number" = '0' || substr(s."phone_number", 4)
  );
