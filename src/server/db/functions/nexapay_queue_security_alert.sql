-- Queues a security alert in the caller's transaction: the e-mail (always sent, whatever the
-- customer chose for decision mail) and its "This wasn't me" link. The link's token is made by the
-- server and given here whole; only its SHA-256 is stored with the link, and the token itself only
-- in the message's facts, for the sender to put in the link. The link lives 30 days.
CREATE OR REPLACE FUNCTION nexapay_queue_security_alert(owner uuid, key text, mail_template text, facts jsonb, freeze_token text)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO account_freeze_links (token_hash, user_id, expires_at)
  VALUES (encode(sha256(convert_to(freeze_token, 'UTF8')), 'hex'), owner, now() + interval '30 days');
  INSERT INTO email_outbox (user_id, event_key, category, template, params)
  VALUES (owner, key, 'security', mail_template, facts || jsonb_build_object('freezeToken', freeze_token))
  ON CONFLICT (event_key) DO NOTHING;
END $$;
