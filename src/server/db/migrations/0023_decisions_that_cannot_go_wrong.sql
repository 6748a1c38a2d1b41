CREATE TABLE "admin_appointments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"appointed_by" uuid,
	"admin_role" text NOT NULL,
	"appointed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "second_approvals" DROP CONSTRAINT "second_approvals_kind_valid";--> statement-breakpoint
ALTER TABLE "second_approvals" DROP CONSTRAINT "second_approvals_shape";--> statement-breakpoint
ALTER TABLE "admin_appointments" ADD CONSTRAINT "admin_appointments_admin_id_user_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_appointments" ADD CONSTRAINT "admin_appointments_appointed_by_user_id_fk" FOREIGN KEY ("appointed_by") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_appointments_admin_idx" ON "admin_appointments" USING btree ("admin_id","appointed_at");--> statement-breakpoint
CREATE INDEX "second_approvals_transaction_idx" ON "second_approvals" USING btree ("transaction_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_payout_reference_idx" ON "transactions" USING btree (split_part("reference", ':', 1),"payout_reference") WHERE "transactions"."type" = 'withdraw' and "transactions"."status" = 'completed' and "transactions"."payout_reference" is not null;--> statement-breakpoint
CREATE INDEX "transactions_adjustments_by_admin_idx" ON "transactions" USING btree ("processed_by","processed_at") WHERE "transactions"."origin" = 'admin_adjustment';--> statement-breakpoint
CREATE INDEX "transactions_paid_withdrawals_idx" ON "transactions" USING btree ("user_id","processed_by","processed_at") WHERE "transactions"."type" = 'withdraw' and "transactions"."origin" = 'customer' and "transactions"."status" = 'completed';--> statement-breakpoint
ALTER TABLE "second_approvals" ADD CONSTRAINT "second_approvals_kind_valid" CHECK ("second_approvals"."kind" in ('balance_adjustment', 'withdrawal_approval', 'deposit_approval'));--> statement-breakpoint
ALTER TABLE "second_approvals" ADD CONSTRAINT "second_approvals_shape" CHECK (("second_approvals"."kind" = 'balance_adjustment' and "second_approvals"."direction" in ('add', 'subtract') and "second_approvals"."transaction_id" is null)
        or ("second_approvals"."kind" in ('withdrawal_approval', 'deposit_approval') and "second_approvals"."direction" is null and "second_approvals"."transaction_id" is not null));--> statement-breakpoint

-- Decisions that cannot go wrong (decision 040), written by hand: drizzle-kit cannot express functions.

-- The admins appointed before this migration: each creation and promotion the audit log recorded,
-- by whom (null when made on the command line or by the setup page), and when. An admin the log
-- knows nothing of (made before the log existed) counts as appointed by nobody, long ago.
INSERT INTO admin_appointments (admin_id, appointed_by, admin_role, appointed_at)
SELECT a.target_id::uuid, a.actor_id, coalesce(a.details ->> 'adminRole', au.admin_role), a.created_at
FROM audit_log a JOIN admin_users au ON au.user_id::text = a.target_id
WHERE a.action IN ('admin.created', 'admin.role_granted') AND a.target_type = 'user';--> statement-breakpoint
INSERT INTO admin_appointments (admin_id, appointed_by, admin_role, appointed_at)
SELECT au.user_id, NULL, au.admin_role, '1970-01-01T00:00:00Z'
FROM admin_users au WHERE NOT EXISTS (SELECT 1 FROM admin_appointments p WHERE p.admin_id = au.user_id);--> statement-breakpoint

DROP FUNCTION IF EXISTS nexapay_approve_transaction(uuid, uuid, text, boolean, boolean, text, bigint);--> statement-breakpoint

DROP FUNCTION IF EXISTS nexapay_refuse_second_approval(uuid, uuid, boolean);--> statement-breakpoint

DROP FUNCTION IF EXISTS nexapay_confirm_second_approval(uuid, uuid, text);--> statement-breakpoint

DROP FUNCTION IF EXISTS nexapay_decline_second_approval(uuid, uuid, text, text);
