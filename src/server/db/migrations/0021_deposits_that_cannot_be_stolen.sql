CREATE TABLE "deposit_pay_amounts" (
	"pay_micro" bigint PRIMARY KEY NOT NULL,
	"transaction_id" uuid NOT NULL,
	"reserved_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "chain_transfers_from_block_time_idx";--> statement-breakpoint
DROP INDEX "transactions_claimed_txid_idx";--> statement-breakpoint
DROP INDEX "transactions_unmatched_deposits_idx";--> statement-breakpoint
ALTER TABLE "chain_watcher_state" ADD COLUMN "cursor_moved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chain_watcher_state" ADD COLUMN "api_block_number" bigint;--> statement-breakpoint
ALTER TABLE "chain_watcher_state" ADD COLUMN "api_block_time_ms" bigint;--> statement-breakpoint
ALTER TABLE "chain_watcher_state" ADD COLUMN "api_block_moved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chain_watcher_state" ADD COLUMN "last_poll_complete" boolean;--> statement-breakpoint
ALTER TABLE "chain_watcher_state" ADD COLUMN "last_poll_refused" jsonb;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "pay_micro" bigint;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "chain_transfers_first_seen_idx" ON "chain_transfers" USING btree ("first_seen_at");--> statement-breakpoint
CREATE INDEX "transactions_unmatched_pay_amount_idx" ON "transactions" USING btree ("pay_micro","created_at") WHERE "transactions"."type" = 'deposit' and "transactions"."pay_micro" is not null and "transactions"."chain_transfer_id" is null and "transactions"."status" <> 'rejected';--> statement-breakpoint

-- Deposits that cannot be stolen (decision 038), written by hand: drizzle-kit cannot express functions.

-- A cursor the old rule moved into the future (one item dated 2100 blinded the watcher for good)
-- goes back to the latest transfer stored at or before now; the overlap then reads on from there.
UPDATE chain_watcher_state
SET cursor_block_time_ms = coalesce((SELECT (extract(epoch FROM max(block_time)) * 1000)::bigint FROM chain_transfers WHERE block_time <= now()), 0)
WHERE cursor_block_time_ms > (extract(epoch FROM now()) * 1000)::bigint + 60000;--> statement-breakpoint

DROP FUNCTION IF EXISTS nexapay_request_deposit(uuid, bigint, bigint, text, text, text, jsonb, text, text);
