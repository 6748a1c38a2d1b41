-- Decision 053: solvency and the proof of reserves. The reserve addresses' USDT as last read, the
-- float of each company mobile wallet as admins read it, a row per Dhaka day, and the proof of
-- liabilities' snapshots with their leaves and inner nodes; a transfer remembers whether Tether had
-- its sender blacklisted.
CREATE TABLE "float_readings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"wallet_type" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"recorded_by" uuid NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "float_readings_wallet_type_valid" CHECK ("float_readings"."wallet_type" in ('bKash', 'Nagad', 'Upay')),
	CONSTRAINT "float_readings_amount_non_negative" CHECK ("float_readings"."amount_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "por_leaves" (
	"snapshot_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"nonce" text NOT NULL,
	"balance_minor" bigint NOT NULL,
	"leaf_hash" text NOT NULL,
	CONSTRAINT "por_leaves_snapshot_id_user_id_pk" PRIMARY KEY("snapshot_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "por_nodes" (
	"snapshot_id" uuid NOT NULL,
	"level" integer NOT NULL,
	"position" integer NOT NULL,
	"hash" text NOT NULL,
	"sum" bigint NOT NULL,
	CONSTRAINT "por_nodes_snapshot_id_level_position_pk" PRIMARY KEY("snapshot_id","level","position")
);
--> statement-breakpoint
CREATE TABLE "por_snapshots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"day" date,
	"taken_by" uuid,
	"root_hash" text NOT NULL,
	"root_sum" bigint NOT NULL,
	"leaf_count" integer NOT NULL,
	"usdt_micro" bigint NOT NULL,
	"usdt_addresses" jsonb NOT NULL,
	"floats_minor" bigint NOT NULL,
	"rate" text NOT NULL,
	"balances_snapshot" text NOT NULL,
	CONSTRAINT "por_snapshots_day_unique" UNIQUE("day")
);
--> statement-breakpoint
CREATE TABLE "reserve_readings" (
	"address" text PRIMARY KEY NOT NULL,
	"amount_micro" bigint,
	"read_at" timestamp with time zone,
	"blacklisted" boolean,
	"blacklist_checked_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	CONSTRAINT "reserve_readings_amount_non_negative" CHECK ("reserve_readings"."amount_micro" >= 0)
);
--> statement-breakpoint
CREATE TABLE "solvency_snapshots" (
	"day" date PRIMARY KEY NOT NULL,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL,
	"liabilities_minor" bigint NOT NULL,
	"reserves_minor" bigint NOT NULL,
	"usdt_micro" bigint NOT NULL,
	"floats_minor" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chain_transfers" ADD COLUMN "sender_blacklisted" boolean;--> statement-breakpoint
ALTER TABLE "float_readings" ADD CONSTRAINT "float_readings_recorded_by_user_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "por_snapshots" ADD CONSTRAINT "por_snapshots_taken_by_user_id_fk" FOREIGN KEY ("taken_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "float_readings_wallet_recorded_idx" ON "float_readings" USING btree ("wallet_type","recorded_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "por_leaves_position_idx" ON "por_leaves" USING btree ("snapshot_id","position");--> statement-breakpoint
CREATE INDEX "por_snapshots_taken_at_idx" ON "por_snapshots" USING btree ("taken_at" DESC NULLS LAST);