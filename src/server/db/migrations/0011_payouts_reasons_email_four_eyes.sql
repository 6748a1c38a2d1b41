CREATE TABLE "email_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"event_key" text NOT NULL,
	"category" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"last_error" text,
	CONSTRAINT "email_outbox_event_key_unique" UNIQUE("event_key"),
	CONSTRAINT "email_outbox_category_valid" CHECK ("email_outbox"."category" in ('decision', 'security'))
);
--> statement-breakpoint
CREATE TABLE "second_approvals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'awaiting' NOT NULL,
	"user_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	"direction" text,
	"note" text,
	"transaction_id" uuid,
	"payout_reference" text,
	"requested_by" uuid NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"decline_reason" text,
	"result_transaction_id" uuid,
	CONSTRAINT "second_approvals_amount_positive" CHECK ("second_approvals"."amount_minor" > 0),
	CONSTRAINT "second_approvals_kind_valid" CHECK ("second_approvals"."kind" in ('balance_adjustment', 'withdrawal_approval')),
	CONSTRAINT "second_approvals_status_valid" CHECK ("second_approvals"."status" in ('awaiting', 'confirmed', 'declined')),
	CONSTRAINT "second_approvals_shape" CHECK (("second_approvals"."kind" = 'balance_adjustment' and "second_approvals"."direction" in ('add', 'subtract') and "second_approvals"."transaction_id" is null)
        or ("second_approvals"."kind" = 'withdrawal_approval' and "second_approvals"."direction" is null and "second_approvals"."transaction_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "email_notifications" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "payout_reference" text;--> statement-breakpoint
ALTER TABLE "verifications" ADD COLUMN "reject_reason" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "second_approvals" ADD CONSTRAINT "second_approvals_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "second_approvals" ADD CONSTRAINT "second_approvals_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "second_approvals" ADD CONSTRAINT "second_approvals_requested_by_user_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "second_approvals" ADD CONSTRAINT "second_approvals_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "second_approvals" ADD CONSTRAINT "second_approvals_result_transaction_id_transactions_id_fk" FOREIGN KEY ("result_transaction_id") REFERENCES "public"."transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("next_attempt_at") WHERE "email_outbox"."sent_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "second_approvals_awaiting_transaction_idx" ON "second_approvals" USING btree ("transaction_id") WHERE "second_approvals"."status" = 'awaiting';--> statement-breakpoint
CREATE INDEX "second_approvals_status_requested_idx" ON "second_approvals" USING btree ("status","requested_at","id");--> statement-breakpoint
-- Payout references, reasons, customer e-mail and four eyes (decision 020), written by hand:
-- drizzle-kit cannot express functions. New refusals of the money functions:
--   NX422 a payout reference given for a deposit · NX424 the withdrawal already awaits a second
--   approval · NX405 the admin who requested a second approval confirming it themselves.


-- ------------------------------------------------------------------ customer e-mail (the outbox)

-- ------------------------------------------------------------------ four eyes

-- ------------------------------------------------------------------ withdrawals and adjustments

DROP FUNCTION IF EXISTS nexapay_approve_transaction(uuid, uuid, text, boolean, boolean);--> statement-breakpoint

DROP FUNCTION IF EXISTS nexapay_adjust_balance(uuid, text, bigint, jsonb, uuid, text);
