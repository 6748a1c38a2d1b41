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
-- What the admin users search matches (e-mail, username, full name), kept in one column.
CREATE FUNCTION profiles_set_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := lower(concat_ws(' ', NEW.username, (SELECT u.email FROM "user" u WHERE u.id = NEW.id), NEW.full_name));
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER profiles_search_text BEFORE INSERT OR UPDATE OF username, full_name ON profiles
  FOR EACH ROW EXECUTE FUNCTION profiles_set_search_text();--> statement-breakpoint
-- What the admin transactions search matches as text (user, e-mail, method; an amount is
-- matched on amount_minor). Customers cannot change their e-mail or username, and a transaction's
-- method never changes, so the text is written once, with the transaction.
CREATE FUNCTION transactions_set_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := lower(concat_ws(' ',
    (SELECT p.username FROM profiles p WHERE p.id = NEW.user_id),
    (SELECT u.email FROM "user" u WHERE u.id = NEW.user_id),
    NEW.reference));
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER transactions_search_text BEFORE INSERT OR UPDATE OF user_id, reference ON transactions
  FOR EACH ROW EXECUTE FUNCTION transactions_set_search_text();--> statement-breakpoint
UPDATE profiles SET username = username;--> statement-breakpoint
UPDATE transactions SET reference = reference;--> statement-breakpoint
ALTER TABLE transactions ALTER COLUMN search_text SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE profiles ALTER COLUMN search_text SET STATISTICS 1000;
