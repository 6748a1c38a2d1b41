CREATE TABLE "chain_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"txid" text NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"contract_address" text NOT NULL,
	"amount_micro" bigint NOT NULL,
	"block_time" timestamp with time zone NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_transfers_txid_unique" UNIQUE("txid"),
	CONSTRAINT "chain_transfers_amount_non_negative" CHECK ("chain_transfers"."amount_micro" >= 0)
);
--> statement-breakpoint
CREATE TABLE "chain_watcher_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"cursor_block_time_ms" bigint DEFAULT 0 NOT NULL,
	"last_success_at" timestamp with time zone,
	"last_error_at" timestamp with time zone,
	"last_error" text,
	CONSTRAINT "chain_watcher_state_one_row" CHECK ("chain_watcher_state"."id" = 1),
	CONSTRAINT "chain_watcher_state_cursor_non_negative" CHECK ("chain_watcher_state"."cursor_block_time_ms" >= 0)
);
--> statement-breakpoint
CREATE INDEX "chain_transfers_block_time_idx" ON "chain_transfers" USING btree ("block_time");