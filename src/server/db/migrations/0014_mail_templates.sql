-- Decision e-mail is composed by the server when it is sent, not by the database when it is queued
-- (decision 020, "The message is written when it is sent"). The outbox row keeps what happened: a
-- template name and its facts (amount, reference, reasons). The sender reads the recipient's address
-- and name when it sends, and composes the subject and bodies in src/server/mail/decision-templates.ts.
-- This took the composing (string work in PL/pgSQL, a third of an approval's database time) out of
-- the money transaction, and lets the wording follow the customer's language later.
-- Rows queued before this migration keep their composed message and are sent as they are.
ALTER TABLE "email_outbox" ALTER COLUMN "to_address" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ALTER COLUMN "subject" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ALTER COLUMN "text_body" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ALTER COLUMN "html_body" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "template" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "params" jsonb;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_template_valid" CHECK ("email_outbox"."template" in ('deposit.completed', 'deposit.rejected', 'withdraw.completed', 'withdraw.rejected', 'verification.approved', 'verification.rejected', 'sim.active', 'sim.rejected'));--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_message_or_template" CHECK (("email_outbox"."template" is not null and "email_outbox"."params" is not null) or ("email_outbox"."to_address" is not null and "email_outbox"."subject" is not null and "email_outbox"."text_body" is not null and "email_outbox"."html_body" is not null));--> statement-breakpoint

DROP FUNCTION IF EXISTS nexapay_queue_decision_mail(uuid, text, text, text[]);
