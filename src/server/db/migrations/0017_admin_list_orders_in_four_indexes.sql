-- The admin transactions list's orders in four indexes instead of eight (decision 017, "Seventh
-- round"; decision 010). By date and by amount, each over all rows and after status, with type (and
-- status) as trailing columns: they order nothing, but a type filter is then checked in the index
-- itself. Each index is one more entry written for every transaction made and every status change,
-- so a deposit request, a withdrawal request and an approval cost the database less.
-- The new indexes are made before the old ones go, so the list is never without one.
CREATE INDEX "transactions_created_id_type_status_idx" ON "transactions" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"type","status");--> statement-breakpoint
CREATE INDEX "transactions_status_created_id_type_idx" ON "transactions" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"type");--> statement-breakpoint
CREATE INDEX "transactions_amount_id_type_status_idx" ON "transactions" USING btree ("amount_minor","id","type","status");--> statement-breakpoint
CREATE INDEX "transactions_status_amount_id_type_idx" ON "transactions" USING btree ("status","amount_minor","id","type");--> statement-breakpoint
DROP INDEX "transactions_created_id_idx";--> statement-breakpoint
DROP INDEX "transactions_status_created_id_idx";--> statement-breakpoint
DROP INDEX "transactions_type_created_id_idx";--> statement-breakpoint
DROP INDEX "transactions_type_status_created_id_idx";--> statement-breakpoint
DROP INDEX "transactions_amount_id_idx";--> statement-breakpoint
DROP INDEX "transactions_status_amount_id_idx";--> statement-breakpoint
DROP INDEX "transactions_type_amount_id_idx";--> statement-breakpoint
DROP INDEX "transactions_type_status_amount_id_idx";
