-- pg_trgm: trigram GIN indexes answer "contains" searches (ILIKE %x%) without reading every row.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "transactions_status_created_idx";--> statement-breakpoint
DROP INDEX "transactions_type_created_idx";--> statement-breakpoint
DROP INDEX "transactions_created_idx";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "profiles_created_id_idx" ON "profiles" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "profiles_suspended_created_id_idx" ON "profiles" USING btree ("is_suspended","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "profiles_search_trgm_idx" ON "profiles" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "transactions_created_id_idx" ON "transactions" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "transactions_status_created_id_idx" ON "transactions" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "transactions_type_created_id_idx" ON "transactions" USING btree ("type","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "transactions_type_status_created_id_idx" ON "transactions" USING btree ("type","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "transactions_search_trgm_idx" ON "transactions" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "transactions_amount_idx" ON "transactions" USING btree ("amount_minor");--> statement-breakpoint
-- The rows already there get their text here, in plain SQL, as the triggers write it for new rows
-- (src/server/db/functions/profiles_set_search_text.sql, transactions_set_search_text.sql): those
-- triggers are created after the migrations (decision 048).
UPDATE profiles p SET search_text = lower(concat_ws(' ', p.username, (SELECT u.email FROM "user" u WHERE u.id = p.id), p.full_name));--> statement-breakpoint
UPDATE transactions t SET search_text = lower(concat_ws(' ',
  (SELECT p.username FROM profiles p WHERE p.id = t.user_id),
  (SELECT u.email FROM "user" u WHERE u.id = t.user_id),
  t.reference));--> statement-breakpoint
ALTER TABLE transactions ALTER COLUMN search_text SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE profiles ALTER COLUMN search_text SET STATISTICS 1000;
