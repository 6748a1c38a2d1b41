DROP INDEX "transactions_amount_idx";--> statement-breakpoint
DROP INDEX "transactions_completed_processed_idx";--> statement-breakpoint
CREATE INDEX "transactions_amount_id_idx" ON "transactions" USING btree ("amount_minor","id");--> statement-breakpoint
CREATE INDEX "transactions_status_amount_id_idx" ON "transactions" USING btree ("status","amount_minor","id");--> statement-breakpoint
CREATE INDEX "transactions_type_amount_id_idx" ON "transactions" USING btree ("type","amount_minor","id");--> statement-breakpoint
CREATE INDEX "transactions_type_status_amount_id_idx" ON "transactions" USING btree ("type","status","amount_minor","id");--> statement-breakpoint
CREATE INDEX "transactions_completed_processed_idx" ON "transactions" USING btree ("processed_at","type","origin","amount_minor") WHERE "transactions"."status" = 'completed';