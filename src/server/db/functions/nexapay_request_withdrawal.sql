-- A customer's withdrawal request. The profile row lock makes two requests wait for each other, so
-- they cannot both pass the available-balance check. The daily maximum (0 = none) counts the
-- customer's own pending and paid withdrawals since `day_start` (midnight in Asia/Dhaka).
--
-- A customer's withdrawal request (migration 0006; same rules): the held money is now read with the
-- balance, from the profile row the request locks.
--
-- A customer's withdrawal request (migration 0020), now with its owner's checks (decision 039), all
-- under the profile's row lock, so that parallel requests cannot pass them together:
--   - a replay of a created withdrawal (same Idempotency-Key) answers it, with no code;
--   - a frozen account withdraws nothing (NX423);
--   - SECURITY_HOLD_HOURS after a password or second-factor change, nothing (NX425, DETAIL = the end);
--   - the available balance (NX402) and the daily maximum (NX410, DETAIL = today's total);
--   - an unverified customer at most unverified_max today (NX426, DETAIL = today's total);
--   - then the owner's confirmation, unless confirmation is 'off':
--       * with an authenticator: totp_step is the time step the server matched the code to (null:
--         no code; -1: a code that matched none). A step at or before the last one used is a replay.
--       * otherwise an e-mailed code: with no code_hash, a new code (new_code_hash) is issued unless
--         one was issued in the last minute; with one, it must be the newest live code, for this
--         amount and number; a wrong one counts, and the fifth burns it.
--     A missing or wrong confirmation is not an exception but an answer ({"confirmation": …} or
--     {"refused": "confirmation_invalid"}): the code issued, or the wrong attempt counted, must be
--     kept, and an exception would roll it back. Nothing else is written then.
-- A withdrawal to a number this account has never been paid to queues a security alert.
CREATE OR REPLACE FUNCTION nexapay_request_withdrawal(
  owner uuid, amount bigint, ref text, key text, daily_max bigint, day_start timestamptz, details jsonb,
  unverified_max bigint, hold_hours integer, confirmation text, code_hash text, totp_step bigint, new_code_hash text,
  alert_facts jsonb, freeze_token text)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  p profiles;
  today bigint;
  hold_ends timestamptz;
  uses_totp boolean;
  newest withdrawal_confirmations;
  confirmed_by uuid;
  t transactions;
BEGIN
  SELECT * INTO p FROM profiles WHERE id = owner FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Profile not found' USING ERRCODE = 'NX404';
  END IF;
  t := nexapay_replay(owner, key, 'withdraw', amount, ref);
  IF t.id IS NOT NULL THEN
    RETURN jsonb_build_object('replayed', true, 'transaction', nexapay_transaction_json(t));
  END IF;
  IF p.frozen_at IS NOT NULL THEN
    RAISE EXCEPTION 'the account is frozen' USING ERRCODE = 'NX423';
  END IF;
  hold_ends := p.security_changed_at + make_interval(hours => hold_hours);
  IF hold_ends > now() THEN
    RAISE EXCEPTION 'withdrawals wait after a security change' USING ERRCODE = 'NX425',
      DETAIL = to_char(hold_ends AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
  END IF;
  IF amount > p.balance_minor - p.held_minor THEN
    RAISE EXCEPTION 'more than the available balance' USING ERRCODE = 'NX402';
  END IF;
  SELECT coalesce(sum(amount_minor), 0)::bigint INTO today FROM transactions
  WHERE user_id = owner AND type = 'withdraw' AND origin = 'customer'
    AND status IN ('pending', 'completed') AND created_at >= day_start;
  IF daily_max > 0 AND today + amount > daily_max THEN
    RAISE EXCEPTION 'over the daily withdrawal limit' USING ERRCODE = 'NX410', DETAIL = today::text;
  END IF;
  IF today + amount > unverified_max
     AND NOT EXISTS (SELECT 1 FROM verifications v WHERE v.user_id = owner AND v.status = 'approved') THEN
    RAISE EXCEPTION 'over the unverified withdrawal limit' USING ERRCODE = 'NX426', DETAIL = today::text;
  END IF;

  IF confirmation <> 'off' THEN
    SELECT u.two_factor_enabled INTO uses_totp FROM "user" u WHERE u.id = owner;
    IF uses_totp THEN
      IF totp_step IS NULL THEN
        RETURN jsonb_build_object('confirmation', jsonb_build_object('method', 'totp'));
      END IF;
      IF totp_step < 0 OR totp_step <= coalesce(p.withdrawal_totp_step, -1) THEN
        RETURN jsonb_build_object('refused', 'confirmation_invalid');
      END IF;
      UPDATE profiles SET withdrawal_totp_step = totp_step WHERE id = owner;
    ELSE
      SELECT * INTO newest FROM withdrawal_confirmations c
      WHERE c.user_id = owner AND c.used_at IS NULL AND c.expires_at > now()
      ORDER BY c.created_at DESC LIMIT 1;
      IF code_hash IS NULL THEN
        IF EXISTS (SELECT 1 FROM withdrawal_confirmations c
                   WHERE c.user_id = owner AND c.created_at > now() - interval '1 minute') THEN
          RETURN jsonb_build_object('confirmation', jsonb_build_object('method', 'email', 'sent', false,
            'resendAt', (SELECT max(c.created_at) + interval '1 minute' FROM withdrawal_confirmations c WHERE c.user_id = owner)));
        END IF;
        -- A new code replaces every earlier one.
        UPDATE withdrawal_confirmations SET used_at = now() WHERE user_id = owner AND used_at IS NULL;
        INSERT INTO withdrawal_confirmations (user_id, code_hash, amount_minor, reference, expires_at)
        VALUES (owner, new_code_hash, amount, ref, now() + interval '10 minutes');
        RETURN jsonb_build_object('confirmation', jsonb_build_object('method', 'email', 'sent', true,
          'resendAt', now() + interval '1 minute'));
      END IF;
      IF newest.id IS NULL THEN
        RETURN jsonb_build_object('refused', 'confirmation_invalid');
      END IF;
      IF newest.code_hash <> code_hash OR newest.amount_minor <> amount OR newest.reference <> ref THEN
        UPDATE withdrawal_confirmations
        SET failed_attempts = failed_attempts + 1,
            used_at = CASE WHEN failed_attempts + 1 >= 5 THEN now() END
        WHERE id = newest.id;
        RETURN jsonb_build_object('refused', 'confirmation_invalid');
      END IF;
      confirmed_by := newest.id;
    END IF;
  END IF;

  INSERT INTO transactions (user_id, type, amount_minor, reference, idempotency_key)
  VALUES (owner, 'withdraw', amount, ref, key)
  RETURNING * INTO t;
  IF confirmed_by IS NOT NULL THEN
    UPDATE withdrawal_confirmations SET used_at = now(), transaction_id = t.id WHERE id = confirmed_by;
  END IF;
  INSERT INTO audit_log (actor_id, action, target_type, target_id, details)
  VALUES (owner, 'transaction.withdrawal_requested', 'transaction', t.id::text,
    details || jsonb_build_object('confirmedBy', CASE WHEN confirmation = 'off' THEN 'none' WHEN confirmed_by IS NULL THEN 'totp' ELSE 'email' END));
  IF NOT EXISTS (SELECT 1 FROM transactions w
                 WHERE w.user_id = owner AND w.type = 'withdraw' AND w.status = 'completed' AND w.reference = ref) THEN
    PERFORM nexapay_queue_security_alert(owner, 'security.new_payout_number:' || t.id, 'security.new_payout_number',
      alert_facts, freeze_token);
  END IF;
  PERFORM nexapay_notify_change('transactions', owner, t.id);
  RETURN jsonb_build_object('replayed', false, 'transaction', nexapay_transaction_json(t));
END $$;
