-- Queues a decision's e-mail in the caller's transaction, which is the decision's own: the message
-- exists if and only if the decision committed. Nothing is queued for a customer who turned decision
-- mail off. The event key is unique: a second row for the same event is never written.
--
-- Queues a decision's e-mail in the caller's transaction (migration 0014; same rules).
CREATE OR REPLACE FUNCTION nexapay_queue_decision_event(owner uuid, key text, mail_template text, facts jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO email_outbox (user_id, event_key, category, template, params)
  SELECT owner, key, 'decision', mail_template, facts
  FROM profiles p
  WHERE p.id = owner AND p.email_notifications
  ON CONFLICT (event_key) DO NOTHING;
END $$;
