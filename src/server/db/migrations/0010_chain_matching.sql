ALTER TABLE "transactions" ADD COLUMN "from_address" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "txid" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "chain_transfer_id" uuid;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_chain_transfer_id_chain_transfers_id_fk" FOREIGN KEY ("chain_transfer_id") REFERENCES "public"."chain_transfers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "chain_transfers_from_block_time_idx" ON "chain_transfers" USING btree ("from_address","block_time");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_claimed_txid_idx" ON "transactions" USING btree ("txid") WHERE "transactions"."txid" is not null and "transactions"."status" <> 'rejected';--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_chain_transfer_idx" ON "transactions" USING btree ("chain_transfer_id") WHERE "transactions"."chain_transfer_id" is not null;--> statement-breakpoint
CREATE INDEX "transactions_unmatched_deposits_idx" ON "transactions" USING btree ("from_address","usdt_micro","created_at") WHERE "transactions"."type" = 'deposit' and "transactions"."chain_transfer_id" is null and "transactions"."status" <> 'rejected';--> statement-breakpoint
-- Chain matching (decision 019), written by hand: drizzle-kit cannot express functions.
-- A customer's deposit request names its sending address in its reference ("10 USDT from T…");
-- the requests made before this migration get it as a column too, so that they can be matched.
UPDATE transactions SET from_address = substring(reference from ' USDT from (T[1-9A-HJ-NP-Za-km-z]{33})$')
WHERE type = 'deposit' AND origin = 'customer' AND from_address IS NULL;--> statement-breakpoint

DROP FUNCTION IF EXISTS nexapay_request_deposit(uuid, bigint, bigint, text, text, text, jsonb);--> statement-breakpoint

DROP FUNCTION IF EXISTS nexapay_approve_transaction(uuid, uuid, text);
