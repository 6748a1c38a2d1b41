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

-- Queues a decision's e-mail in the caller's transaction, which is the decision's own: the message
-- exists if and only if the decision committed. Nothing is queued for a customer who turned decision
-- mail off. The event key is unique: a second row for the same event is never written.
CREATE FUNCTION nexapay_queue_decision_event(owner uuid, key text, mail_template text, facts jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO email_outbox (user_id, event_key, category, template, params)
  SELECT owner, key, 'decision', mail_template, facts
  FROM profiles p
  WHERE p.id = owner AND p.email_notifications
  ON CONFLICT (event_key) DO NOTHING
$$;--> statement-breakpoint

-- The e-mail of an admin's decision on a customer's deposit or withdrawal (an adjustment sends none).
-- The same signature as before, so the money functions of migration 0011 call this one unchanged.
CREATE OR REPLACE FUNCTION nexapay_queue_transaction_mail(t transactions) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF t.origin <> 'customer' OR t.status NOT IN ('completed', 'rejected') THEN
    RETURN;
  END IF;
  PERFORM nexapay_queue_decision_event(t.user_id, 'transaction.' || t.status || ':' || t.id, t.type || '.' || t.status,
    jsonb_build_object('amountMinor', t.amount_minor::text, 'reference', t.reference,
                       'payoutReference', t.payout_reference, 'rejectReason', t.reject_reason));
END $$;--> statement-breakpoint

-- The e-mail of an admin's decision on an identity verification. A verification can be decided
-- again after the customer uploads new documents, so the key names the decision's time too.
CREATE OR REPLACE FUNCTION nexapay_queue_verification_mail(verification_id uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v verifications;
BEGIN
  SELECT * INTO v FROM verifications WHERE id = verification_id;
  ASSERT FOUND AND v.reviewed_at IS NOT NULL, 'a decided verification has a decision time';
  IF v.status IN ('approved', 'rejected') THEN
    PERFORM nexapay_queue_decision_event(v.user_id,
      'verification.' || v.status || ':' || v.id || ':' || floor(extract(epoch FROM v.reviewed_at) * 1000)::bigint,
      'verification.' || v.status, jsonb_build_object('rejectReason', v.reject_reason));
  END IF;
END $$;--> statement-breakpoint

-- The e-mail of an admin's decision on a SIM; a SIM can be decided again, so the key names the time.
CREATE OR REPLACE FUNCTION nexapay_queue_sim_mail(sim_id uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  s sims;
BEGIN
  SELECT * INTO s FROM sims WHERE id = sim_id;
  ASSERT FOUND, 'a decided SIM exists';
  IF s.status IN ('active', 'rejected') THEN
    PERFORM nexapay_queue_decision_event(s.user_id,
      'sim.' || s.status || ':' || s.id || ':' || floor(extract(epoch FROM now()) * 1000)::bigint,
      'sim.' || s.status, jsonb_build_object('phoneNumber', s.phone_number, 'walletType', s.wallet_type));
  END IF;
END $$;--> statement-breakpoint

-- A deposit the chain watcher credits by itself (DEPOSIT_AUTO_CREDIT=confirmed) answers the
-- customer's own request, as an admin's approval does: the customer gets the same "credited"
-- message, queued in the same transaction. Otherwise as in migration 0010.
CREATE OR REPLACE FUNCTION nexapay_credit_from_chain(d transactions, c chain_transfers) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  t transactions;
BEGIN
  ASSERT d.chain_transfer_id = c.id AND d.usdt_micro = c.amount_micro, 'a deposit is credited only for the exact transfer it was matched to';
  UPDATE transactions SET status = 'completed', processed_at = now(), processed_by = NULL
  WHERE id = d.id AND status = 'pending' AND chain_transfer_id = c.id
  RETURNING * INTO t;
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  PERFORM nexapay_post_to_ledger(t, t.amount_minor);
  INSERT INTO audit_log (actor_id, action, target_type, target_id, details)
  VALUES (NULL, 'transaction.approved', 'transaction', t.id::text,
          jsonb_build_object('userId', t.user_id, 'type', t.type, 'amount', nexapay_format_bdt(t.amount_minor),
                             'actor', 'chain-watcher', 'automatic', true, 'chainState', 'confirmed', 'chainTxid', c.txid));
  PERFORM nexapay_queue_transaction_mail(t);
  PERFORM nexapay_notify_change('transactions', t.user_id, t.id);
  RETURN true;
END $$;--> statement-breakpoint

DROP FUNCTION nexapay_queue_decision_mail(uuid, text, text, text[]);
