-- Step 1 of the sender (src/server/mail/outbox-sender.ts): the due unsent rows, at most `batch`,
-- oldest due first, that no one else holds (SKIP LOCKED), each counted as an attempt and leased for
-- `lease_seconds` (its next_attempt_at moves past the time a send may take). Answers each with its
-- customer's address, language and name as they are now.
CREATE OR REPLACE FUNCTION nexapay_claim_outbox(batch integer, lease_seconds integer)
RETURNS TABLE (id uuid, event_key text, template text, params jsonb, recipient_email text, recipient_language text,
               recipient_name text, to_address text, subject text, text_body text, html_body text, attempts integer,
               created_at timestamptz)
LANGUAGE sql SET enable_bitmapscan = off SET enable_sort = off AS $$
  WITH due AS (
    SELECT d.id FROM email_outbox d
    WHERE d.sent_at IS NULL AND d.next_attempt_at <= now()
    ORDER BY d.next_attempt_at, d.id
    LIMIT batch
    FOR UPDATE SKIP LOCKED)
  UPDATE email_outbox o
  SET attempts = o.attempts + 1, next_attempt_at = now() + make_interval(secs => lease_seconds)
  FROM due WHERE o.id = due.id
  RETURNING o.id, o.event_key, o.template, o.params,
    (SELECT u.email FROM "user" u WHERE u.id = o.user_id),
    (SELECT u.language FROM "user" u WHERE u.id = o.user_id),
    (SELECT coalesce(nullif(btrim(p.full_name), ''), p.username) FROM profiles p WHERE p.id = o.user_id),
    o.to_address, o.subject, o.text_body, o.html_body, o.attempts, o.created_at
$$;
