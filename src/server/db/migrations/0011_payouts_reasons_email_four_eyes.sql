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

-- The admin transactions search also finds a withdrawal by its payout reference. An update that
-- changes none of the searched columns keeps its text: every approval now names payout_reference in
-- its SET list, and re-reading the user's name and e-mail for each one would be wasted work.
CREATE OR REPLACE FUNCTION transactions_set_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.user_id = OLD.user_id AND NEW.reference IS NOT DISTINCT FROM OLD.reference
     AND NEW.payout_reference IS NOT DISTINCT FROM OLD.payout_reference THEN
    RETURN NEW;
  END IF;
  NEW.search_text := lower(concat_ws(' ',
    (SELECT p.username FROM profiles p WHERE p.id = NEW.user_id),
    (SELECT u.email FROM "user" u WHERE u.id = NEW.user_id),
    NEW.reference,
    NEW.payout_reference));
  RETURN NEW;
END $$;--> statement-breakpoint
DROP TRIGGER transactions_search_text ON transactions;--> statement-breakpoint
CREATE TRIGGER transactions_search_text BEFORE INSERT OR UPDATE OF user_id, reference, payout_reference ON transactions
  FOR EACH ROW EXECUTE FUNCTION transactions_set_search_text();--> statement-breakpoint

-- The transaction row for the server gains the payout reference.
CREATE OR REPLACE FUNCTION nexapay_transaction_json(t transactions) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'id', t.id, 'userId', t.user_id, 'type', t.type, 'amountMinor', t.amount_minor::text,
    'usdtMicro', t.usdt_micro::text, 'rate', t.rate, 'status', t.status, 'reference', t.reference,
    'origin', t.origin, 'idempotencyKey', t.idempotency_key, 'createdAt', t.created_at,
    'processedAt', t.processed_at, 'processedBy', t.processed_by, 'rejectReason', t.reject_reason,
    'searchText', t.search_text, 'fromAddress', t.from_address, 'txid', t.txid, 'chainTransferId', t.chain_transfer_id,
    'payoutReference', t.payout_reference)
$$;--> statement-breakpoint

-- ------------------------------------------------------------------ customer e-mail (the outbox)

-- BDT in poisha as people read it, with grouping: 150000 → '1,500.00' (the web app's formatting).
CREATE FUNCTION nexapay_display_bdt(poisha bigint) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN poisha < 0 THEN '-' ELSE '' END
    || to_char(abs(poisha) / 100, 'FM999,999,999,999,990') || '.' || lpad((abs(poisha) % 100)::text, 2, '0')
$$;--> statement-breakpoint

-- Text made safe for HTML: everything a customer or an admin typed passes through here.
CREATE FUNCTION nexapay_html(t text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT replace(replace(replace(replace(replace(coalesce(t, ''), '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&#39;')
$$;--> statement-breakpoint

-- Queues a decision's e-mail in the caller's transaction, which is the decision's own: the message
-- exists if and only if the decision committed. Nothing is queued for a customer who turned decision
-- mail off. `paragraphs` are plain text; the text body joins them, the HTML body escapes each one.
-- The event key is unique: a second row for the same event is never written.
CREATE FUNCTION nexapay_queue_decision_mail(owner uuid, key text, mail_subject text, paragraphs text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  recipient text;
  greeting text;
  body text[];
BEGIN
  SELECT u.email, 'Hello ' || coalesce(nullif(btrim(p.full_name), ''), p.username) || ','
  INTO recipient, greeting
  FROM profiles p JOIN "user" u ON u.id = p.id
  WHERE p.id = owner AND p.email_notifications;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  body := ARRAY[greeting] || paragraphs || ARRAY['Nexapay'];
  INSERT INTO email_outbox (user_id, event_key, category, to_address, subject, text_body, html_body)
  VALUES (owner, key, 'decision', recipient, mail_subject,
          array_to_string(body, E'\n\n') || E'\n',
          '<!doctype html><html><body style="margin:0;padding:24px;background:#f3f4f6">'
          || '<div style="max-width:560px;margin:0 auto;padding:24px;background:#ffffff;border-radius:8px;'
          || 'font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#111827">'
          || '<h1 style="font-size:18px;margin:0 0 16px">' || nexapay_html(mail_subject) || '</h1>'
          || (SELECT string_agg('<p style="margin:0 0 12px">' || nexapay_html(x) || '</p>', '' ORDER BY n)
              FROM unnest(body) WITH ORDINALITY AS b(x, n))
          || '</div></body></html>')
  ON CONFLICT (event_key) DO NOTHING;
END $$;--> statement-breakpoint

-- The e-mail of an admin's decision on a customer's deposit or withdrawal (an adjustment sends none).
CREATE FUNCTION nexapay_queue_transaction_mail(t transactions) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  amount text := nexapay_display_bdt(t.amount_minor);
  method text := split_part(t.reference, ':', 1);
  wallet text := split_part(t.reference, ':', 2);
  reason text := CASE WHEN nullif(btrim(t.reject_reason), '') IS NOT NULL THEN 'Reason: ' || t.reject_reason END;
BEGIN
  IF t.origin <> 'customer' THEN
    RETURN;
  END IF;
  IF t.type = 'deposit' AND t.status = 'completed' THEN
    PERFORM nexapay_queue_decision_mail(t.user_id, 'transaction.completed:' || t.id,
      'Your deposit of ' || amount || ' BDT has been credited',
      ARRAY['Your deposit of ' || amount || ' BDT has been credited to your Nexapay wallet.',
            'Request: ' || coalesce(t.reference, 'deposit'),
            'Sign in to Nexapay to see your balance and transactions.']);
  ELSIF t.type = 'deposit' AND t.status = 'rejected' THEN
    PERFORM nexapay_queue_decision_mail(t.user_id, 'transaction.rejected:' || t.id,
      'Your deposit request was rejected',
      array_remove(ARRAY['Your deposit request of ' || amount || ' BDT (' || coalesce(t.reference, 'deposit') || ') was rejected. Nothing was credited.',
            reason,
            'If you have questions, contact our support.'], NULL));
  ELSIF t.type = 'withdraw' AND t.status = 'completed' THEN
    PERFORM nexapay_queue_decision_mail(t.user_id, 'transaction.completed:' || t.id,
      'Your withdrawal of ' || amount || ' BDT has been paid',
      array_remove(ARRAY['We have paid ' || amount || ' BDT to your ' || method || ' wallet ' || wallet || '.',
            CASE WHEN t.payout_reference IS NOT NULL THEN method || ' transaction ID (TrxID): ' || t.payout_reference END,
            'Sign in to Nexapay to see your balance and transactions.'], NULL));
  ELSIF t.type = 'withdraw' AND t.status = 'rejected' THEN
    PERFORM nexapay_queue_decision_mail(t.user_id, 'transaction.rejected:' || t.id,
      'Your withdrawal request was rejected',
      array_remove(ARRAY['Your withdrawal request of ' || amount || ' BDT to your ' || method || ' wallet ' || wallet || ' was rejected.',
            reason,
            'The money is available in your Nexapay wallet again.'], NULL));
  END IF;
END $$;--> statement-breakpoint

-- The e-mail of an admin's decision on an identity verification. A verification can be decided
-- again after the customer uploads new documents, so the key names the decision's time too.
CREATE FUNCTION nexapay_queue_verification_mail(verification_id uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v verifications;
  key text;
BEGIN
  SELECT * INTO v FROM verifications WHERE id = verification_id;
  ASSERT FOUND AND v.reviewed_at IS NOT NULL, 'a decided verification has a decision time';
  key := 'verification.' || v.status || ':' || v.id || ':' || floor(extract(epoch FROM v.reviewed_at) * 1000)::bigint;
  IF v.status = 'approved' THEN
    PERFORM nexapay_queue_decision_mail(v.user_id, key, 'Your identity has been verified',
      ARRAY['We have checked your documents: your identity is verified.', 'Sign in to Nexapay to continue.']);
  ELSIF v.status = 'rejected' THEN
    PERFORM nexapay_queue_decision_mail(v.user_id, key, 'Your identity verification was rejected',
      array_remove(ARRAY['We could not verify your identity with the documents you uploaded.',
            CASE WHEN v.reject_reason IS NOT NULL THEN 'Reason: ' || v.reject_reason END,
            'Sign in to Nexapay and upload new documents on the Verification page.'], NULL));
  END IF;
END $$;--> statement-breakpoint

-- The e-mail of an admin's decision on a SIM; a SIM can be decided again, so the key names the time.
CREATE FUNCTION nexapay_queue_sim_mail(sim_id uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  s sims;
  key text;
BEGIN
  SELECT * INTO s FROM sims WHERE id = sim_id;
  ASSERT FOUND, 'a decided SIM exists';
  key := 'sim.' || s.status || ':' || s.id || ':' || floor(extract(epoch FROM now()) * 1000)::bigint;
  IF s.status = 'active' THEN
    PERFORM nexapay_queue_decision_mail(s.user_id, key, 'Your SIM ' || s.phone_number || ' has been approved',
      ARRAY['Your SIM ' || s.phone_number || ' (' || s.wallet_type || ') has been approved and is active.']);
  ELSIF s.status = 'rejected' THEN
    PERFORM nexapay_queue_decision_mail(s.user_id, key, 'Your SIM ' || s.phone_number || ' was rejected',
      ARRAY['Your SIM ' || s.phone_number || ' (' || s.wallet_type || ') was rejected.',
            'If you have questions, contact our support.']);
  END IF;
END $$;--> statement-breakpoint

-- ------------------------------------------------------------------ four eyes

-- A second approval as the server answers it: the customer, the withdrawal's method, both admins
-- (an admin created from the command line may have no profile: then their e-mail stands for the name).
CREATE FUNCTION nexapay_second_approval_json(r second_approvals) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'id', r.id, 'kind', r.kind, 'status', r.status, 'userId', r.user_id,
    'username', (SELECT p.username FROM profiles p WHERE p.id = r.user_id),
    'fullName', (SELECT p.full_name FROM profiles p WHERE p.id = r.user_id),
    'amountMinor', r.amount_minor::text, 'direction', r.direction, 'note', r.note,
    'transactionId', r.transaction_id,
    'reference', (SELECT t.reference FROM transactions t WHERE t.id = r.transaction_id),
    'payoutReference', r.payout_reference,
    'requestedBy', jsonb_build_object('id', r.requested_by, 'username',
      (SELECT coalesce(p.username, u.email) FROM "user" u LEFT JOIN profiles p ON p.id = u.id WHERE u.id = r.requested_by)),
    'requestedAt', r.requested_at,
    'decidedBy', CASE WHEN r.decided_by IS NOT NULL THEN jsonb_build_object('id', r.decided_by, 'username',
      (SELECT coalesce(p.username, u.email) FROM "user" u LEFT JOIN profiles p ON p.id = u.id WHERE u.id = r.decided_by)) END,
    'decidedAt', r.decided_at, 'declineReason', r.decline_reason, 'resultTransactionId', r.result_transaction_id)
$$;--> statement-breakpoint

-- Where a second approval's audit entries go: a withdrawal's to the transaction (its detail panel
-- shows them), an adjustment's to the customer, like the adjustment's own entry.
CREATE FUNCTION nexapay_audit_second_approval(r second_approvals, admin_id uuid, admin_ip text, audit_action text, details jsonb)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO audit_log (actor_id, action, target_type, target_id, details, ip)
  VALUES (admin_id, audit_action,
          CASE WHEN r.kind = 'withdrawal_approval' THEN 'transaction' ELSE 'user' END,
          CASE WHEN r.kind = 'withdrawal_approval' THEN r.transaction_id::text ELSE r.user_id::text END,
          jsonb_build_object('secondApprovalId', r.id, 'kind', r.kind, 'userId', r.user_id,
                             'amount', nexapay_format_bdt(r.amount_minor), 'direction', r.direction, 'note', r.note,
                             'payoutReference', r.payout_reference,
                             'requestedBy', r.requested_by,
                             'requestedByEmail', (SELECT u.email FROM "user" u WHERE u.id = r.requested_by)) || details,
          admin_ip)
$$;--> statement-breakpoint

-- Closes the awaiting second approval of a withdrawal decided without it (rejected, or approved while
-- the threshold was off): it could never be confirmed any more.
CREATE FUNCTION nexapay_close_awaiting_approval(withdrawal_id uuid, admin_id uuid, admin_ip text, why text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  r second_approvals;
BEGIN
  UPDATE second_approvals SET status = 'declined', decided_by = admin_id, decided_at = now(), decline_reason = why
  WHERE transaction_id = withdrawal_id AND status = 'awaiting'
  RETURNING * INTO r;
  IF FOUND THEN
    PERFORM nexapay_audit_second_approval(r, admin_id, admin_ip, 'second_approval.declined',
      jsonb_build_object('declinedBy', admin_id, 'reason', why));
    PERFORM nexapay_notify_change('second_approvals', r.requested_by, r.id);
  END IF;
END $$;--> statement-breakpoint

-- Why a decision on a second approval changed nothing: an unknown id; the customer is the acting
-- admin (decision 013); the requesting admin confirming their own request; else already decided.
CREATE FUNCTION nexapay_refuse_second_approval(request_id uuid, admin_id uuid, confirming boolean) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  r second_approvals;
BEGIN
  SELECT * INTO r FROM second_approvals WHERE id = request_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'second approval not found' USING ERRCODE = 'NX404';
  ELSIF r.user_id = admin_id THEN
    RAISE EXCEPTION 'the admin''s own account' USING ERRCODE = 'NX403';
  ELSIF confirming AND r.requested_by = admin_id THEN
    RAISE EXCEPTION 'the admin''s own request' USING ERRCODE = 'NX405';
  END IF;
  RAISE EXCEPTION 'already decided' USING ERRCODE = 'NX409';
END $$;--> statement-breakpoint

-- ------------------------------------------------------------------ withdrawals and adjustments

-- A withdrawal paid: the conditional status update (pending, not the admin's own), the payout
-- reference, the ledger entry, the audit entry, the customer's e-mail and the events. Shared by a
-- direct approval and the confirmation of a second approval; `extra` adds to the audit details.
CREATE FUNCTION nexapay_complete_withdrawal(withdrawal_id uuid, admin_id uuid, admin_ip text, payout_ref text, extra jsonb)
RETURNS transactions LANGUAGE plpgsql AS $$
DECLARE
  t transactions;
BEGIN
  UPDATE transactions SET status = 'completed', processed_at = now(), processed_by = admin_id, payout_reference = payout_ref
  WHERE id = withdrawal_id AND type = 'withdraw' AND status = 'pending' AND user_id <> admin_id
  RETURNING * INTO t;
  IF NOT FOUND THEN
    PERFORM nexapay_refuse_decision(withdrawal_id, admin_id);
  END IF;
  PERFORM nexapay_post_to_ledger(t, -t.amount_minor);
  INSERT INTO audit_log (actor_id, action, target_type, target_id, details, ip)
  VALUES (admin_id, 'transaction.approved', 'transaction', t.id::text,
          jsonb_build_object('userId', t.user_id, 'type', t.type, 'amount', nexapay_format_bdt(t.amount_minor),
                             'payoutReference', payout_ref) || extra, admin_ip);
  PERFORM nexapay_close_awaiting_approval(t.id, admin_id, admin_ip, 'The withdrawal was approved without it.');
  PERFORM nexapay_queue_transaction_mail(t);
  PERFORM nexapay_notify_change('transactions', t.user_id, t.id);
  RETURN t;
END $$;--> statement-breakpoint

-- A withdrawal's approval at or above the threshold: a request awaiting a second admin; no money
-- moves and the withdrawal stays pending (its money held). The row lock makes parallel requests for
-- one withdrawal wait for each other, so the second sees the first (NX424); the partial unique
-- index on awaiting requests is the last guard.
CREATE FUNCTION nexapay_request_withdrawal_approval(withdrawal_id uuid, admin_id uuid, admin_ip text, payout_ref text)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  t transactions;
  r second_approvals;
BEGIN
  SELECT * INTO t FROM transactions WHERE id = withdrawal_id AND status = 'pending' AND user_id <> admin_id FOR UPDATE;
  IF NOT FOUND THEN
    PERFORM nexapay_refuse_decision(withdrawal_id, admin_id);
  END IF;
  IF EXISTS (SELECT 1 FROM second_approvals WHERE transaction_id = withdrawal_id AND status = 'awaiting') THEN
    RAISE EXCEPTION 'already awaiting a second approval' USING ERRCODE = 'NX424';
  END IF;
  INSERT INTO second_approvals (kind, user_id, amount_minor, transaction_id, payout_reference, requested_by)
  VALUES ('withdrawal_approval', t.user_id, t.amount_minor, t.id, payout_ref, admin_id)
  RETURNING * INTO r;
  PERFORM nexapay_audit_second_approval(r, admin_id, admin_ip, 'second_approval.requested', '{}');
  PERFORM nexapay_notify_change('second_approvals', admin_id, r.id);
  RETURN nexapay_second_approval_json(r);
END $$;--> statement-breakpoint

-- Approve, now with a payout reference (withdrawals only: NX422 for a deposit) and four eyes: a
-- customer's withdrawal of `four_eyes_min` poisha or more (0 = off) becomes a request answered as
-- {secondApproval}; anything else is decided at once and answered as {transaction}. Withdrawals are
-- paid by nexapay_complete_withdrawal; deposits keep their chain checks (decision 019).
DROP FUNCTION nexapay_approve_transaction(uuid, uuid, text, boolean, boolean);--> statement-breakpoint
CREATE FUNCTION nexapay_approve_transaction(transaction_id uuid, admin_id uuid, admin_ip text, watcher_on boolean, acknowledged boolean,
                                            payout_ref text, four_eyes_min bigint)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  t transactions;
  chain_state text;
  evidence jsonb := '{}';
BEGIN
  SELECT * INTO t FROM transactions WHERE id = transaction_id;
  IF t.id IS NOT NULL AND t.status = 'pending' AND t.user_id <> admin_id THEN
    IF payout_ref IS NOT NULL AND t.type <> 'withdraw' THEN
      RAISE EXCEPTION 'a payout reference for a deposit' USING ERRCODE = 'NX422';
    END IF;
    IF t.type = 'withdraw' AND four_eyes_min > 0 AND t.amount_minor >= four_eyes_min THEN
      RETURN jsonb_build_object('secondApproval', nexapay_request_withdrawal_approval(transaction_id, admin_id, admin_ip, payout_ref));
    END IF;
  END IF;
  IF t.type = 'withdraw' THEN
    RETURN jsonb_build_object('transaction',
      nexapay_transaction_json(nexapay_complete_withdrawal(transaction_id, admin_id, admin_ip, payout_ref, '{}')));
  END IF;
  chain_state := CASE WHEN t.id IS NOT NULL THEN nexapay_chain_state(t, watcher_on) END;
  UPDATE transactions SET status = 'completed', processed_at = now(), processed_by = admin_id
  WHERE id = transaction_id AND status = 'pending' AND user_id <> admin_id
    AND (chain_state IS NULL OR chain_state IN ('confirmed', 'off') OR acknowledged)
  RETURNING * INTO t;
  IF NOT FOUND THEN
    IF chain_state NOT IN ('confirmed', 'off') AND NOT acknowledged
       AND EXISTS (SELECT 1 FROM transactions WHERE id = transaction_id AND status = 'pending' AND user_id <> admin_id) THEN
      RAISE EXCEPTION 'not confirmed on chain' USING ERRCODE = 'NX428', DETAIL = chain_state;
    END IF;
    PERFORM nexapay_refuse_decision(transaction_id, admin_id);
  END IF;
  PERFORM nexapay_post_to_ledger(t, t.amount_minor);
  IF chain_state IS NOT NULL THEN
    evidence := jsonb_build_object('chainState', chain_state,
      'approvedWithoutChainEvidence', chain_state NOT IN ('confirmed', 'off'),
      'chainTxid', (SELECT c.txid FROM chain_transfers c WHERE c.id = t.chain_transfer_id));
  END IF;
  INSERT INTO audit_log (actor_id, action, target_type, target_id, details, ip)
  VALUES (admin_id, 'transaction.approved', 'transaction', t.id::text,
          jsonb_build_object('userId', t.user_id, 'type', t.type, 'amount', nexapay_format_bdt(t.amount_minor)) || evidence, admin_ip);
  PERFORM nexapay_queue_transaction_mail(t);
  PERFORM nexapay_notify_change('transactions', t.user_id, t.id);
  RETURN jsonb_build_object('transaction', nexapay_transaction_json(t));
END $$;--> statement-breakpoint

-- Reject, now with the customer's e-mail; a withdrawal's awaiting second approval is closed with it.
CREATE OR REPLACE FUNCTION nexapay_reject_transaction(transaction_id uuid, admin_id uuid, reason text, admin_ip text) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  t transactions;
BEGIN
  UPDATE transactions SET status = 'rejected', processed_at = now(), processed_by = admin_id, reject_reason = reason
  WHERE id = transaction_id AND status = 'pending' AND user_id <> admin_id
  RETURNING * INTO t;
  IF NOT FOUND THEN
    PERFORM nexapay_refuse_decision(transaction_id, admin_id);
  END IF;
  INSERT INTO audit_log (actor_id, action, target_type, target_id, details, ip)
  VALUES (admin_id, 'transaction.rejected', 'transaction', t.id::text,
          jsonb_build_object('userId', t.user_id, 'type', t.type, 'amount', nexapay_format_bdt(t.amount_minor), 'reason', reason),
          admin_ip);
  PERFORM nexapay_close_awaiting_approval(t.id, admin_id, admin_ip, 'The withdrawal was rejected.');
  PERFORM nexapay_queue_transaction_mail(t);
  PERFORM nexapay_notify_change('transactions', t.user_id, t.id);
  RETURN nexapay_transaction_json(t);
END $$;--> statement-breakpoint

-- What an adjustment must pass, at the request and again at the confirmation: the customer exists
-- (their profile row is locked, so two adjustments wait for each other), is not the acting admin,
-- and a subtraction stays within the available balance (money held for withdrawals is not touched).
CREATE FUNCTION nexapay_check_adjustment(owner uuid, direction text, amount bigint, admin_id uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  balance bigint;
BEGIN
  SELECT balance_minor INTO balance FROM profiles WHERE id = owner FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'User not found' USING ERRCODE = 'NX404';
  ELSIF owner = admin_id THEN
    RAISE EXCEPTION 'the admin''s own account' USING ERRCODE = 'NX403';
  ELSIF direction = 'subtract' AND amount > balance - nexapay_held_poisha(owner) THEN
    RAISE EXCEPTION 'more than the available balance' USING ERRCODE = 'NX402';
  END IF;
END $$;--> statement-breakpoint

-- An adjustment that takes effect: a transaction completed at once, through the same ledger path.
CREATE FUNCTION nexapay_apply_adjustment(owner uuid, direction text, amount bigint, details jsonb, admin_id uuid, admin_ip text)
RETURNS transactions LANGUAGE plpgsql AS $$
DECLARE
  t transactions;
  after bigint;
BEGIN
  PERFORM nexapay_check_adjustment(owner, direction, amount, admin_id);
  INSERT INTO transactions (user_id, type, amount_minor, status, reference, origin, processed_at, processed_by)
  VALUES (owner, CASE WHEN direction = 'add' THEN 'deposit' ELSE 'withdraw' END, amount, 'completed',
          CASE WHEN direction = 'add' THEN 'Manual add by admin' ELSE 'Manual subtract by admin' END,
          'admin_adjustment', now(), admin_id)
  RETURNING * INTO t;
  after := nexapay_post_to_ledger(t, CASE WHEN direction = 'add' THEN amount ELSE -amount END);
  INSERT INTO audit_log (actor_id, action, target_type, target_id, details, ip)
  VALUES (admin_id, 'balance.adjusted', 'user', owner::text,
          details || jsonb_build_object('transactionId', t.id, 'balanceAfter', nexapay_format_bdt(after)), admin_ip);
  PERFORM nexapay_notify_change('transactions', owner, t.id);
  RETURN t;
END $$;--> statement-breakpoint

-- An admin's adjustment: at or above `four_eyes_min` poisha (0 = off) a request awaiting a second
-- admin, refused now for what its confirmation would refuse, answered as {secondApproval};
-- below it, done at once and answered as {transaction}.
DROP FUNCTION nexapay_adjust_balance(uuid, text, bigint, jsonb, uuid, text);--> statement-breakpoint
CREATE FUNCTION nexapay_adjust_balance(owner uuid, direction text, amount bigint, details jsonb, admin_id uuid, admin_ip text, four_eyes_min bigint)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  r second_approvals;
BEGIN
  IF four_eyes_min > 0 AND amount >= four_eyes_min THEN
    PERFORM nexapay_check_adjustment(owner, direction, amount, admin_id);
    INSERT INTO second_approvals (kind, user_id, amount_minor, direction, note, requested_by)
    VALUES ('balance_adjustment', owner, amount, direction, details ->> 'note', admin_id)
    RETURNING * INTO r;
    PERFORM nexapay_audit_second_approval(r, admin_id, admin_ip, 'second_approval.requested', '{}');
    PERFORM nexapay_notify_change('second_approvals', admin_id, r.id);
    RETURN jsonb_build_object('secondApproval', nexapay_second_approval_json(r));
  END IF;
  RETURN jsonb_build_object('transaction', nexapay_transaction_json(nexapay_apply_adjustment(owner, direction, amount, details, admin_id, admin_ip)));
END $$;--> statement-breakpoint

-- A second admin confirms: the conditional update (awaiting, not requested by them, not their own
-- account) lets exactly one of any number of parallel confirmations through; then the money moves
-- through the same ledger path as a direct adjustment or approval, in this same statement. A
-- refusal at that step (a subtraction the balance no longer covers, a withdrawal rejected meanwhile)
-- rolls the confirmation back too: the request stays awaiting.
CREATE FUNCTION nexapay_confirm_second_approval(request_id uuid, admin_id uuid, admin_ip text) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  r second_approvals;
  t transactions;
  both_admins jsonb;
BEGIN
  -- A withdrawal's row is locked before its request, in the order of every other path that touches
  -- both (approve, reject): so a confirmation racing a rejection waits instead of deadlocking.
  PERFORM 1 FROM transactions w WHERE w.id = (SELECT s.transaction_id FROM second_approvals s WHERE s.id = request_id) FOR UPDATE;
  UPDATE second_approvals SET status = 'confirmed', decided_by = admin_id, decided_at = now()
  WHERE id = request_id AND status = 'awaiting' AND requested_by <> admin_id AND user_id <> admin_id
  RETURNING * INTO r;
  IF NOT FOUND THEN
    PERFORM nexapay_refuse_second_approval(request_id, admin_id, true);
  END IF;
  both_admins := jsonb_build_object('secondApprovalId', r.id, 'requestedBy', r.requested_by,
    'requestedByEmail', (SELECT u.email FROM "user" u WHERE u.id = r.requested_by),
    'confirmedBy', admin_id, 'confirmedByEmail', (SELECT u.email FROM "user" u WHERE u.id = admin_id));
  IF r.kind = 'balance_adjustment' THEN
    t := nexapay_apply_adjustment(r.user_id, r.direction, r.amount_minor,
      jsonb_build_object('direction', r.direction, 'amount', nexapay_format_bdt(r.amount_minor), 'note', r.note) || both_admins,
      admin_id, admin_ip);
  ELSE
    t := nexapay_complete_withdrawal(r.transaction_id, admin_id, admin_ip, r.payout_reference, both_admins);
  END IF;
  UPDATE second_approvals SET result_transaction_id = t.id WHERE id = r.id RETURNING * INTO r;
  PERFORM nexapay_audit_second_approval(r, admin_id, admin_ip, 'second_approval.confirmed',
    both_admins || jsonb_build_object('transactionId', t.id));
  PERFORM nexapay_notify_change('second_approvals', r.requested_by, r.id);
  RETURN jsonb_build_object('secondApproval', nexapay_second_approval_json(r), 'transaction', nexapay_transaction_json(t));
END $$;--> statement-breakpoint

-- Decline: any admin but the customer (decision 013), the requester included (withdrawing their
-- own request). No money moves; a withdrawal stays pending, to be approved again or rejected.
CREATE FUNCTION nexapay_decline_second_approval(request_id uuid, admin_id uuid, reason text, admin_ip text) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  r second_approvals;
BEGIN
  UPDATE second_approvals SET status = 'declined', decided_by = admin_id, decided_at = now(), decline_reason = reason
  WHERE id = request_id AND status = 'awaiting' AND user_id <> admin_id
  RETURNING * INTO r;
  IF NOT FOUND THEN
    PERFORM nexapay_refuse_second_approval(request_id, admin_id, false);
  END IF;
  PERFORM nexapay_audit_second_approval(r, admin_id, admin_ip, 'second_approval.declined',
    jsonb_build_object('declinedBy', admin_id, 'declinedByEmail', (SELECT u.email FROM "user" u WHERE u.id = admin_id), 'reason', reason));
  PERFORM nexapay_notify_change('second_approvals', r.requested_by, r.id);
  RETURN jsonb_build_object('secondApproval', nexapay_second_approval_json(r));
END $$;
