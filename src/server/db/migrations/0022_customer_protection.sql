CREATE TABLE "account_freeze_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sign_in_places" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"value_hash" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"new_to_account" boolean DEFAULT true NOT NULL,
	CONSTRAINT "sign_in_places_user_id_kind_value_hash_pk" PRIMARY KEY("user_id","kind","value_hash"),
	CONSTRAINT "sign_in_places_kind_valid" CHECK ("sign_in_places"."kind" in ('device', 'network'))
);
--> statement-breakpoint
CREATE TABLE "withdrawal_confirmations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone,
	"transaction_id" uuid
);
--> statement-breakpoint
ALTER TABLE "email_outbox" DROP CONSTRAINT "email_outbox_template_valid";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "security_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "frozen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "withdrawal_totp_step" bigint;--> statement-breakpoint
ALTER TABLE "account_freeze_links" ADD CONSTRAINT "account_freeze_links_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_places" ADD CONSTRAINT "sign_in_places_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_confirmations" ADD CONSTRAINT "withdrawal_confirmations_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_confirmations" ADD CONSTRAINT "withdrawal_confirmations_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "withdrawal_confirmations_user_created_idx" ON "withdrawal_confirmations" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_template_valid" CHECK ("email_outbox"."template" in ('deposit.completed', 'deposit.rejected', 'withdraw.completed', 'withdraw.rejected', 'verification.approved', 'verification.rejected', 'sim.active', 'sim.rejected', 'security.new_sign_in', 'security.password_changed', 'security.two_factor_changed', 'security.new_payout_number'));--> statement-breakpoint

-- Decision 039: a stolen password cannot take the money out.

DROP FUNCTION IF EXISTS nexapay_request_withdrawal(uuid, bigint, text, text, bigint, timestamptz, jsonb);
