ALTER TABLE "transactions" ADD COLUMN "from_address" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "txid" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "chain_transfer_id" uuid;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_chain_transfer_id_chain_transfers_id_fk" FOREIGN KEY ("chain_transfer_id") REFERENCES "public"."chain_transfers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chain_transfers_from_block_time_idx" ON "chain_transfers" USING btree ("from_address","block_time");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_claimed_txid_idx" ON "transactions" USING btree ("txid") WHERE "transactions"."txid" is not null and "transactions"."status" <> 'rejected';--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_chain_transfer_idx" ON "transactions" USING btree ("chain_transfer_id") WHERE "transactions"."chain_transfer_id" is not null;--> statement-breakpoint
CREATE INDEX "transactions_unmatched_deposits_idx" ON "transactions" USING btree ("from_address","usdt_micro","created_at") WHERE "transactions"."type" = 'deposit' and "transactions"."chain_transfer_id" is null and "transactions"."status" <> 'rejected';