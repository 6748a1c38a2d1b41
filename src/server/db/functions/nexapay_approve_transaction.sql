-- Approve: only a pending row that is not the admin's own changes, so parallel approvals credit once.
--
-- Approve, now aware of the chain. While the watcher runs, a customer's deposit with no matched
-- transfer is approved only when the admin says they checked it (acknowledged); else NX428 and
-- nothing changes. The audit entry records the chain state the admin approved against.
--
-- Approve, now with a payout reference (withdrawals only: NX422 for a deposit) and four eyes: a
-- customer's withdrawal of `four_eyes_min` poisha or more (0 = off) becomes a request answered as
-- {secondApproval}; anything else is decided at once and answered as {transaction}. Withdrawals are
-- paid by nexapay_complete_withdrawal; deposits keep their chain checks (decision 019).
--
-- Approve (migration 0011), now with decision 040:
--   withdrawals: at or above the threshold (alone, or with what this admin decided alone in the
--     last 24 hours), the first approval takes no TrxID (NX427 with one) and becomes a request for a
--     second admin, answered as {secondApproval}; after a different admin confirms it, an approval
--     with the TrxID pays it; while it awaits, no approval pays it (NX424). Below, paid at once.
--   deposits: credit = 'received' credits what arrived (amount_differs only: NX430 otherwise);
--     'claimed' with no confirmed match while the watcher runs needs the acknowledgement (NX428)
--     and a written reason (NX431), and at or above the threshold a second admin (kind
--     deposit_approval, the reason its note).
CREATE OR REPLACE FUNCTION nexapay_approve_transaction(transaction_id uuid, admin_id uuid, admin_ip text, watcher_on boolean, acknowledged boolean,
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
END $$;
