-- An adjustment that takes effect: a transaction completed at once, through the same ledger path.
CREATE OR REPLACE FUNCTION nexapay_apply_adjustment(owner uuid, direction text, amount bigint, details jsonb, admin_id uuid, admin_ip text)
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
END $$;
