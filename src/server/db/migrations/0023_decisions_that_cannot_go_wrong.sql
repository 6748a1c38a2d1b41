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

-- What one admin decided alone in the last 24 hours that counts against the four-eyes threshold
-- with a new decision of the same kind (decision 040). "Alone": no confirmed second approval stands
-- behind it.
--   - an adjustment: every adjustment they made alone, to anyone (money from nothing: four of
--     24,999.99 BDT to four accounts are 99,999.96 BDT);
--   - a withdrawal: the withdrawals of this customer they paid alone (one withdrawal split in four
--     is seen whole; payouts to many customers, an operator's day, do not add up).
CREATE FUNCTION nexapay_decided_alone_poisha(kind text, admin_id uuid, owner uuid) RETURNS bigint LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF kind = 'adjustment' THEN
    RETURN (SELECT coalesce(sum(t.amount_minor), 0)::bigint FROM transactions t
            WHERE t.origin = 'admin_adjustment' AND t.processed_by = admin_id AND t.processed_at > now() - interval '24 hours'
              AND NOT EXISTS (SELECT 1 FROM second_approvals s WHERE s.result_transaction_id = t.id AND s.status = 'confirmed'));
  END IF;
  RETURN (SELECT coalesce(sum(t.amount_minor), 0)::bigint FROM transactions t
          WHERE t.type = 'withdraw' AND t.origin = 'customer' AND t.status = 'completed'
            AND t.user_id = owner AND t.processed_by = admin_id AND t.processed_at > now() - interval '24 hours'
            AND NOT EXISTS (SELECT 1 FROM second_approvals s WHERE s.transaction_id = t.id AND s.status = 'confirmed'));
END $$;--> statement-breakpoint

-- Whether a decision (an 'adjustment', a 'withdrawal', or a 'deposit' approved without a confirmed
-- match) of `amount` for `owner` by this admin needs a second admin: at or above the threshold on its
-- own, or for adjustments and withdrawals with what they decided alone in the last 24 hours. 0 = off.
CREATE FUNCTION nexapay_needs_four_eyes(kind text, admin_id uuid, owner uuid, amount bigint, four_eyes_min bigint) RETURNS boolean
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN four_eyes_min > 0 AND (amount >= four_eyes_min
    OR (kind IN ('adjustment', 'withdrawal') AND amount + nexapay_decided_alone_poisha(kind, admin_id, owner) >= four_eyes_min));
END $$;--> statement-breakpoint

-- A transaction's current four-eyes request: the one awaiting, else the one confirmed and not yet paid.
CREATE FUNCTION nexapay_current_second_approval(transaction_id uuid) RETURNS second_approvals LANGUAGE plpgsql STABLE AS $$
DECLARE
  r second_approvals;
BEGIN
  SELECT * INTO r FROM second_approvals s
  WHERE s.transaction_id = nexapay_current_second_approval.transaction_id AND s.status IN ('awaiting', 'confirmed')
    AND s.result_transaction_id IS NULL
  ORDER BY s.requested_at DESC LIMIT 1;
  RETURN r;
END $$;--> statement-breakpoint

-- A withdrawal paid (migration 0011), now:
--   - its TrxID is one no completed withdrawal of the same provider carries (NX434, DETAIL = the
--     withdrawal it paid; the unique index is the last guard against two parallel payouts);
--   - a confirmed second approval behind it is closed with it (result_transaction_id), and the audit
--     entry names both admins.
CREATE OR REPLACE FUNCTION nexapay_complete_withdrawal(withdrawal_id uuid, admin_id uuid, admin_ip text, payout_ref text, extra jsonb)
RETURNS transactions LANGUAGE plpgsql AS $$
DECLARE
  t transactions;
  paid_before uuid;
  r second_approvals;
  both_admins jsonb := '{}';
BEGIN
  IF payout_ref IS NOT NULL THEN
    SELECT p.id INTO paid_before FROM transactions w, transactions p
    WHERE w.id = withdrawal_id AND p.type = 'withdraw' AND p.status = 'completed' AND p.payout_reference = payout_ref
      AND split_part(p.reference, ':', 1) = split_part(w.reference, ':', 1) AND p.id <> w.id
    LIMIT 1;
    IF paid_before IS NOT NULL THEN
      RAISE EXCEPTION 'payout reference already used' USING ERRCODE = 'NX434', DETAIL = paid_before::text;
    END IF;
  END IF;
  UPDATE transactions SET status = 'completed', processed_at = now(), processed_by = admin_id, payout_reference = payout_ref
  WHERE id = withdrawal_id AND type = 'withdraw' AND status = 'pending' AND user_id <> admin_id
  RETURNING * INTO t;
  IF NOT FOUND THEN
    PERFORM nexapay_refuse_decision(withdrawal_id, admin_id);
  END IF;
  UPDATE second_approvals s SET result_transaction_id = t.id
  WHERE s.transaction_id = t.id AND s.status = 'confirmed' AND s.result_transaction_id IS NULL
  RETURNING * INTO r;
  IF FOUND THEN
    both_admins := jsonb_build_object('secondApprovalId', r.id, 'requestedBy', r.requested_by,
      'requestedByEmail', (SELECT u.email FROM "user" u WHERE u.id = r.requested_by),
      'confirmedBy', r.decided_by, 'confirmedByEmail', (SELECT u.email FROM "user" u WHERE u.id = r.decided_by));
  END IF;
  PERFORM nexapay_post_to_ledger(t, -t.amount_minor);
  INSERT INTO audit_log (actor_id, action, target_type, target_id, details, ip)
  VALUES (admin_id, 'transaction.approved', 'transaction', t.id::text,
          jsonb_build_object('userId', t.user_id, 'type', t.type, 'amount', nexapay_format_bdt(t.amount_minor),
                             'payoutReference', payout_ref) || both_admins || extra, admin_ip);
  PERFORM nexapay_close_awaiting_approval(t.id, admin_id, admin_ip, 'The withdrawal was approved without it.');
  PERFORM nexapay_queue_transaction_mail(t);
  PERFORM nexapay_notify_change('transactions', t.user_id, t.id);
  RETURN t;
END $$;--> statement-breakpoint

-- A request for a second admin on a withdrawal or a deposit (migration 0011's withdrawal request,
-- now for both): no money moves, the transaction stays pending. The row lock makes parallel
-- requests wait for each other, so the second sees the first (NX424).
CREATE FUNCTION nexapay_request_second_approval(request_kind text, transaction_id uuid, admin_id uuid, admin_ip text, why text)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  t transactions;
  r second_approvals;
BEGIN
  SELECT * INTO t FROM transactions WHERE id = transaction_id AND status = 'pending' AND user_id <> admin_id FOR UPDATE;
  IF NOT FOUND THEN
    PERFORM nexapay_refuse_decision(transaction_id, admin_id);
  END IF;
  IF EXISTS (SELECT 1 FROM second_approvals s WHERE s.transaction_id = t.id AND s.status = 'awaiting') THEN
    RAISE EXCEPTION 'already awaiting a second approval' USING ERRCODE = 'NX424';
  END IF;
  INSERT INTO second_approvals (kind, user_id, amount_minor, transaction_id, note, requested_by)
  VALUES (request_kind, t.user_id, t.amount_minor, t.id, why, admin_id)
  RETURNING * INTO r;
  PERFORM nexapay_audit_second_approval(r, admin_id, admin_ip, 'second_approval.requested', jsonb_build_object('reason', why));
  PERFORM nexapay_notify_change('second_approvals', admin_id, r.id);
  PERFORM nexapay_notify_change('transactions', t.user_id, t.id);
  RETURN nexapay_second_approval_json(r);
END $$;--> statement-breakpoint

-- A deposit credited by an admin: the conditional status update (pending, not their own), at the
-- amount given (the claimed one, or what arrived), linked to the transfer that arrived when one is
-- named, then the ledger, the audit entry, the customer's e-mail and the events.
CREATE FUNCTION nexapay_credit_deposit(deposit_id uuid, admin_id uuid, admin_ip text, credit_amount bigint, transfer_id uuid, details jsonb)
RETURNS transactions LANGUAGE plpgsql AS $$
DECLARE
  t transactions;
BEGIN
  UPDATE transactions SET status = 'completed', processed_at = now(), processed_by = admin_id,
                          amount_minor = credit_amount, chain_transfer_id = coalesce(transfer_id, chain_transfer_id)
  WHERE id = deposit_id AND type = 'deposit' AND status = 'pending' AND user_id <> admin_id
  RETURNING * INTO t;
  IF NOT FOUND THEN
    PERFORM nexapay_refuse_decision(deposit_id, admin_id);
  END IF;
  PERFORM nexapay_post_to_ledger(t, t.amount_minor);
  INSERT INTO audit_log (actor_id, action, target_type, target_id, details, ip)
  VALUES (admin_id, 'transaction.approved', 'transaction', t.id::text,
          jsonb_build_object('userId', t.user_id, 'type', t.type, 'amount', nexapay_format_bdt(t.amount_minor)) || details, admin_ip);
  PERFORM nexapay_close_awaiting_approval(t.id, admin_id, admin_ip, 'The deposit was approved without it.');
  PERFORM nexapay_queue_transaction_mail(t);
  PERFORM nexapay_notify_change('transactions', t.user_id, t.id);
  RETURN t;
END $$;--> statement-breakpoint

-- The transfer that arrived for a deposit whose chain state is amount_differs: the one an admin
-- assigned to it, else the one its TXID names (nexapay_differing_transfer).
CREATE FUNCTION nexapay_arrived_transfer(t transactions) RETURNS chain_transfers LANGUAGE plpgsql STABLE AS $$
DECLARE
  c chain_transfers;
BEGIN
  SELECT * INTO c FROM chain_transfers WHERE id = coalesce(t.chain_transfer_id, nexapay_differing_transfer(t));
  RETURN c;
END $$;--> statement-breakpoint

-- What the USDT that arrived is worth at the request's rate, rounded as the request's own credit is
-- (migration 0021: half a poisha up).
CREATE FUNCTION nexapay_credit_at_rate(micro bigint, rate text) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT (micro * round(rate::numeric * 100)::bigint + 500000) / 1000000
$$;--> statement-breakpoint

-- Approve (migration 0011), now with decision 040:
--   withdrawals: at or above the threshold (alone, or with what this admin decided alone in the
--     last 24 hours), the first approval takes no TrxID (NX427 with one) and becomes a request for a
--     second admin, answered as {secondApproval}; after a different admin confirms it, an approval
--     with the TrxID pays it; while it awaits, no approval pays it (NX424). Below, paid at once.
--   deposits: credit = 'received' credits what arrived (amount_differs only: NX430 otherwise);
--     'claimed' with no confirmed match while the watcher runs needs the acknowledgement (NX428)
--     and a written reason (NX431), and at or above the threshold a second admin (kind
--     deposit_approval, the reason its note).
DROP FUNCTION nexapay_approve_transaction(uuid, uuid, text, boolean, boolean, text, bigint);--> statement-breakpoint
CREATE FUNCTION nexapay_approve_transaction(transaction_id uuid, admin_id uuid, admin_ip text, watcher_on boolean, acknowledged boolean,
                                            payout_ref text, four_eyes_min bigint, credit text, reason text)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  t transactions;
  current_request second_approvals;
  chain_state text;
  arrived chain_transfers;
  evidence jsonb;
BEGIN
  SELECT * INTO t FROM transactions WHERE id = transaction_id;
  IF t.id IS NULL OR t.status <> 'pending' OR t.user_id = admin_id THEN
    PERFORM nexapay_refuse_decision(transaction_id, admin_id);
  END IF;
  IF t.type = 'withdraw' THEN
    IF t.origin = 'customer' THEN
      current_request := nexapay_current_second_approval(t.id);
      IF current_request.status = 'awaiting' AND payout_ref IS NOT NULL THEN
        RAISE EXCEPTION 'a payout before a second admin confirmed' USING ERRCODE = 'NX427';
      ELSIF current_request.status = 'awaiting' THEN
        RAISE EXCEPTION 'already awaiting a second approval' USING ERRCODE = 'NX424';
      END IF;
      IF current_request.id IS NULL AND nexapay_needs_four_eyes('withdrawal', admin_id, t.user_id, t.amount_minor, four_eyes_min) THEN
        IF payout_ref IS NOT NULL THEN
          RAISE EXCEPTION 'a payout before a second admin confirmed' USING ERRCODE = 'NX427';
        END IF;
        RETURN jsonb_build_object('secondApproval', nexapay_request_second_approval('withdrawal_approval', t.id, admin_id, admin_ip, NULL));
      END IF;
    END IF;
    RETURN jsonb_build_object('transaction',
      nexapay_transaction_json(nexapay_complete_withdrawal(t.id, admin_id, admin_ip, payout_ref, '{}')));
  END IF;
  IF payout_ref IS NOT NULL THEN
    RAISE EXCEPTION 'a payout reference for a deposit' USING ERRCODE = 'NX422';
  END IF;
  chain_state := nexapay_chain_state(t, watcher_on);
  IF credit = 'received' THEN
    IF chain_state IS DISTINCT FROM 'amount_differs' THEN
      RAISE EXCEPTION 'nothing differs to credit' USING ERRCODE = 'NX430', DETAIL = coalesce(chain_state, 'none');
    END IF;
    arrived := nexapay_arrived_transfer(t);
    IF nexapay_credit_at_rate(arrived.amount_micro, t.rate) <= 0 THEN
      RAISE EXCEPTION 'what arrived is worth nothing at the rate' USING ERRCODE = 'NX430', DETAIL = 'dust';
    END IF;
    RETURN jsonb_build_object('transaction', nexapay_transaction_json(nexapay_credit_deposit(t.id, admin_id, admin_ip,
      nexapay_credit_at_rate(arrived.amount_micro, t.rate), arrived.id,
      jsonb_build_object('chainState', chain_state, 'credit', 'received', 'chainTxid', arrived.txid,
        'claimedAmount', nexapay_format_bdt(t.amount_minor), 'claimedUsdt', nexapay_format_usdt(coalesce(t.pay_micro, t.usdt_micro)),
        'receivedUsdt', nexapay_format_usdt(arrived.amount_micro), 'reason', reason))));
  END IF;
  evidence := CASE WHEN chain_state IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('chainState', chain_state,
    'approvedWithoutChainEvidence', chain_state NOT IN ('confirmed', 'off'),
    'chainTxid', (SELECT c.txid FROM chain_transfers c WHERE c.id = t.chain_transfer_id)) END;
  IF chain_state IS NOT NULL AND chain_state NOT IN ('confirmed', 'off') THEN
    IF NOT acknowledged THEN
      RAISE EXCEPTION 'not confirmed on chain' USING ERRCODE = 'NX428', DETAIL = chain_state;
    END IF;
    IF reason IS NULL THEN
      RAISE EXCEPTION 'approved anyway without a reason' USING ERRCODE = 'NX431';
    END IF;
    IF nexapay_needs_four_eyes('deposit', admin_id, t.user_id, t.amount_minor, four_eyes_min) THEN
      RETURN jsonb_build_object('secondApproval', nexapay_request_second_approval('deposit_approval', t.id, admin_id, admin_ip, reason));
    END IF;
    evidence := evidence || jsonb_build_object('credit', 'claimed', 'reason', reason);
  END IF;
  RETURN jsonb_build_object('transaction', nexapay_transaction_json(
    nexapay_credit_deposit(t.id, admin_id, admin_ip, t.amount_minor, NULL, evidence)));
END $$;--> statement-breakpoint

-- An admin's adjustment (migration 0011), now counted with what the admin decided alone in the last
-- 24 hours against the threshold (decision 040).
CREATE OR REPLACE FUNCTION nexapay_adjust_balance(owner uuid, direction text, amount bigint, details jsonb, admin_id uuid, admin_ip text, four_eyes_min bigint)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  r second_approvals;
BEGIN
  IF nexapay_needs_four_eyes('adjustment', admin_id, owner, amount, four_eyes_min) THEN
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

-- Where a second approval's audit entries go (migration 0016): a withdrawal's or a deposit's to the
-- transaction (its detail panel shows them), an adjustment's to the customer.
CREATE OR REPLACE FUNCTION nexapay_audit_second_approval(r second_approvals, admin_id uuid, admin_ip text, audit_action text, details jsonb)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO audit_log (actor_id, action, target_type, target_id, details, ip)
  VALUES (admin_id, audit_action,
          CASE WHEN r.transaction_id IS NOT NULL THEN 'transaction' ELSE 'user' END,
          CASE WHEN r.transaction_id IS NOT NULL THEN r.transaction_id::text ELSE r.user_id::text END,
          jsonb_build_object('secondApprovalId', r.id, 'kind', r.kind, 'userId', r.user_id,
                             'amount', nexapay_format_bdt(r.amount_minor), 'direction', r.direction, 'note', r.note,
                             'payoutReference', r.payout_reference,
                             'requestedBy', r.requested_by,
                             'requestedByEmail', (SELECT u.email FROM "user" u WHERE u.id = r.requested_by)) || details,
          admin_ip);
END $$;--> statement-breakpoint

-- Why a confirmation changed nothing (migration 0011), now also: the confirming admin was appointed
-- by the requester (NX433), or appointed less than cooldown_hours ago (NX432, DETAIL = when it ends).
DROP FUNCTION nexapay_refuse_second_approval(uuid, uuid, boolean);--> statement-breakpoint
CREATE FUNCTION nexapay_refuse_second_approval(request_id uuid, admin_id uuid, confirming boolean, cooldown_hours integer)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  r second_approvals;
  latest timestamptz;
BEGIN
  SELECT * INTO r FROM second_approvals WHERE id = request_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'second approval not found' USING ERRCODE = 'NX404';
  ELSIF r.user_id = admin_id THEN
    RAISE EXCEPTION 'the admin''s own account' USING ERRCODE = 'NX403';
  ELSIF confirming AND r.requested_by = admin_id THEN
    RAISE EXCEPTION 'the admin''s own request' USING ERRCODE = 'NX405';
  ELSIF confirming AND r.status = 'awaiting' THEN
    IF EXISTS (SELECT 1 FROM admin_appointments p WHERE p.admin_id = nexapay_refuse_second_approval.admin_id AND p.appointed_by = r.requested_by) THEN
      RAISE EXCEPTION 'appointed by the requester' USING ERRCODE = 'NX433';
    END IF;
    SELECT max(p.appointed_at) INTO latest FROM admin_appointments p WHERE p.admin_id = nexapay_refuse_second_approval.admin_id;
    IF latest > now() - make_interval(hours => cooldown_hours) THEN
      RAISE EXCEPTION 'a new admin' USING ERRCODE = 'NX432', DETAIL = (latest + make_interval(hours => cooldown_hours))::text;
    END IF;
  END IF;
  RAISE EXCEPTION 'already decided' USING ERRCODE = 'NX409';
END $$;--> statement-breakpoint

-- A second admin confirms (migration 0011), now (decision 040):
--   - not an admin the requester appointed, nor one appointed less than cooldown_hours ago;
--   - a withdrawal's confirmation moves no money: the withdrawal becomes "ready to pay", and an
--     admin pays it and records the TrxID afterwards (nexapay_approve_transaction);
--   - a deposit's credits it at the claimed amount, with the requester's reason;
--   - an adjustment's applies it, as before.
DROP FUNCTION nexapay_confirm_second_approval(uuid, uuid, text);--> statement-breakpoint
CREATE FUNCTION nexapay_confirm_second_approval(request_id uuid, admin_id uuid, admin_ip text, cooldown_hours integer) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  r second_approvals;
  t transactions;
  both_admins jsonb;
BEGIN
  -- A transaction's row is locked before its request, in the order of every other path that touches
  -- both (approve, reject): so a confirmation racing a rejection waits instead of deadlocking.
  PERFORM 1 FROM transactions w WHERE w.id = (SELECT s.transaction_id FROM second_approvals s WHERE s.id = request_id) FOR UPDATE;
  UPDATE second_approvals s SET status = 'confirmed', decided_by = admin_id, decided_at = now()
  WHERE s.id = request_id AND s.status = 'awaiting' AND s.requested_by <> admin_id AND s.user_id <> admin_id
    AND NOT EXISTS (SELECT 1 FROM admin_appointments p WHERE p.admin_id = nexapay_confirm_second_approval.admin_id
                    AND (p.appointed_by = s.requested_by OR p.appointed_at > now() - make_interval(hours => cooldown_hours)))
  RETURNING * INTO r;
  IF NOT FOUND THEN
    PERFORM nexapay_refuse_second_approval(request_id, admin_id, true, cooldown_hours);
  END IF;
  both_admins := jsonb_build_object('secondApprovalId', r.id, 'requestedBy', r.requested_by,
    'requestedByEmail', (SELECT u.email FROM "user" u WHERE u.id = r.requested_by),
    'confirmedBy', admin_id, 'confirmedByEmail', (SELECT u.email FROM "user" u WHERE u.id = admin_id));
  IF r.kind = 'balance_adjustment' THEN
    t := nexapay_apply_adjustment(r.user_id, r.direction, r.amount_minor,
      jsonb_build_object('direction', r.direction, 'amount', nexapay_format_bdt(r.amount_minor), 'note', r.note) || both_admins,
      admin_id, admin_ip);
    UPDATE second_approvals SET result_transaction_id = t.id WHERE id = r.id RETURNING * INTO r;
  ELSIF r.kind = 'deposit_approval' THEN
    SELECT * INTO t FROM transactions WHERE id = r.transaction_id;
    t := nexapay_credit_deposit(r.transaction_id, admin_id, admin_ip, t.amount_minor, NULL,
      jsonb_build_object('chainState', nexapay_chain_state(t, true), 'approvedWithoutChainEvidence', true,
                         'credit', 'claimed', 'reason', r.note) || both_admins);
    UPDATE second_approvals SET result_transaction_id = t.id WHERE id = r.id RETURNING * INTO r;
  ELSE
    -- The withdrawal stays pending, its money held, until an admin pays it.
    SELECT * INTO t FROM transactions WHERE id = r.transaction_id AND status = 'pending';
    ASSERT FOUND, 'a withdrawal awaiting a second approval is pending (a rejection closes its request)';
    PERFORM nexapay_notify_change('transactions', t.user_id, t.id);
  END IF;
  PERFORM nexapay_audit_second_approval(r, admin_id, admin_ip, 'second_approval.confirmed',
    both_admins || jsonb_build_object('transactionId', t.id));
  PERFORM nexapay_notify_change('second_approvals', r.requested_by, r.id);
  RETURN jsonb_build_object('secondApproval', nexapay_second_approval_json(r), 'transaction', nexapay_transaction_json(t));
END $$;--> statement-breakpoint

-- Decline (migration 0011; any admin but the customer, the requester included): now with the
-- cooldown's parameter for the shared refusal, and the transaction's owner told of the change.
DROP FUNCTION nexapay_decline_second_approval(uuid, uuid, text, text);--> statement-breakpoint
CREATE FUNCTION nexapay_decline_second_approval(request_id uuid, admin_id uuid, reason text, admin_ip text) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  r second_approvals;
BEGIN
  UPDATE second_approvals SET status = 'declined', decided_by = admin_id, decided_at = now(), decline_reason = reason
  WHERE id = request_id AND status = 'awaiting' AND user_id <> admin_id
  RETURNING * INTO r;
  IF NOT FOUND THEN
    PERFORM nexapay_refuse_second_approval(request_id, admin_id, false, 0);
  END IF;
  PERFORM nexapay_audit_second_approval(r, admin_id, admin_ip, 'second_approval.declined',
    jsonb_build_object('declinedBy', admin_id, 'declinedByEmail', (SELECT u.email FROM "user" u WHERE u.id = admin_id), 'reason', reason));
  PERFORM nexapay_notify_change('second_approvals', r.requested_by, r.id);
  IF r.transaction_id IS NOT NULL THEN
    PERFORM nexapay_notify_change('transactions', r.user_id, r.transaction_id);
  END IF;
  RETURN jsonb_build_object('secondApproval', nexapay_second_approval_json(r));
END $$;--> statement-breakpoint

-- Suspending or demoting an admin declines every request of theirs still awaiting a second admin,
-- each audited against its transaction or customer as a decline by the acting admin.
CREATE FUNCTION nexapay_decline_requests_of(requester uuid, admin_id uuid, admin_ip text, why text) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  r second_approvals;
  declined integer := 0;
BEGIN
  FOR r IN UPDATE second_approvals SET status = 'declined', decided_by = admin_id, decided_at = now(), decline_reason = why
           WHERE requested_by = requester AND status = 'awaiting' RETURNING * LOOP
    PERFORM nexapay_audit_second_approval(r, admin_id, admin_ip, 'second_approval.declined',
      jsonb_build_object('declinedBy', admin_id, 'declinedByEmail', (SELECT u.email FROM "user" u WHERE u.id = admin_id),
                         'reason', why, 'requesterRemoved', true));
    PERFORM nexapay_notify_change('second_approvals', r.requested_by, r.id);
    IF r.transaction_id IS NOT NULL THEN
      PERFORM nexapay_notify_change('transactions', r.user_id, r.transaction_id);
    END IF;
    declined := declined + 1;
  END LOOP;
  RETURN declined;
END $$;--> statement-breakpoint

-- What the customer sees of their own transaction beyond its row (decision 040): a withdrawal an
-- admin approved that waits for a second admin or for its payout ("Approved, being paid"); the USDT
-- that arrived for a deposit; and a pending deposit's trouble on the chain, while it is watched: the
-- amount differs, or nothing seen 30 minutes after the request.
CREATE FUNCTION nexapay_customer_transaction_facts(t transactions, watcher_on boolean) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
DECLARE
  state text;
  received bigint;
BEGIN
  IF t.type = 'withdraw' THEN
    RETURN jsonb_build_object('beingPaid', t.status = 'pending' AND EXISTS (
      SELECT 1 FROM second_approvals s WHERE s.transaction_id = t.id AND s.status IN ('awaiting', 'confirmed') AND s.result_transaction_id IS NULL));
  END IF;
  IF t.origin <> 'customer' THEN
    RETURN '{}';
  END IF;
  state := CASE WHEN t.status = 'pending' THEN nexapay_chain_state(t, watcher_on) END;
  received := (SELECT c.amount_micro FROM chain_transfers c
               WHERE c.id = coalesce(t.chain_transfer_id, CASE WHEN t.status = 'pending' THEN nexapay_differing_transfer(t) END));
  RETURN jsonb_build_object('receivedMicro', received::text,
    'chainIssue', CASE WHEN state = 'amount_differs' THEN 'amount_differs'
                       WHEN state = 'not_seen' AND t.created_at < now() - interval '30 minutes' THEN 'not_seen' END);
END $$;
