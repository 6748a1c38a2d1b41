-- Matching (decision 019), after each poll and after each deposit request. Every unmatched transfer,
-- oldest block first, is given to: the live request that names its TXID, if any (and only when
-- that request's address and amount agree); else the oldest live request (pending, or approved
-- without evidence: that one was credited for this transfer) from the same address with exactly
-- the same amount and no TXID, made within 24 hours of the block time. One matcher at a time (a
-- transaction-level advisory lock); the unique index on chain_transfer_id is the last guard.
-- With auto_credit, a pending request made before the block time is credited at once; one made
-- after it could have been copied off the public chain, so an admin approves it.
--
-- Matching (decision 038), after each poll: every transfer that settled nothing, first seen in the
-- last day and dated at or before now, oldest block first, settles the one request whose amount to
-- pay it equals exactly, made at or before its block time and expiring after it (windows of one
-- amount never overlap, so at most one request fits). A rejected request takes nothing, and nobody
-- else can take its transfer either. TXIDs and senders play no part. One matcher at a time (the
-- advisory lock); the unique index on chain_transfer_id is the last guard. With auto_credit, a
-- settled pending request is credited at once.
--
-- Tether's freeze guard (decision 053): a transfer whose sender is blacklisted, or not asked about
-- yet, still settles its request, but is not credited (nexapay_credit_from_chain). The audit row says
-- so: senderBlacklisted, and creditWaits when only the sender's answer was missing. With auto_credit,
-- each call then credits the requests that wait so and whose sender has since been found clear (within
-- the matching's day); a request an admin linked by hand, or matched while auto_credit was off, never
-- waits, so nothing here credits it.
CREATE OR REPLACE FUNCTION nexapay_match_chain_transfers(auto_credit boolean) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  c chain_transfers;
  d transactions;
  matched integer := 0;
  credited integer := 0;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('nexapay:chain-matching'));
  FOR c IN
    SELECT * FROM chain_transfers ct
    WHERE ct.first_seen_at > now() - interval '24 hours' AND ct.block_time <= now()
      AND NOT EXISTS (SELECT 1 FROM transactions m WHERE m.chain_transfer_id = ct.id)
    ORDER BY ct.block_time, ct.txid
  LOOP
    SELECT * INTO d FROM transactions
    WHERE type = 'deposit' AND pay_micro IS NOT NULL AND chain_transfer_id IS NULL AND status <> 'rejected'
      AND pay_micro = c.amount_micro AND created_at <= c.block_time AND expires_at > c.block_time
    ORDER BY created_at, id
    LIMIT 1;
    CONTINUE WHEN NOT FOUND;
    UPDATE transactions SET chain_transfer_id = c.id WHERE id = d.id AND chain_transfer_id IS NULL RETURNING * INTO d;
    ASSERT FOUND, 'a request found unmatched under the matching lock is still unmatched';
    INSERT INTO audit_log (actor_id, action, target_type, target_id, details)
    VALUES (NULL, 'transaction.chain_matched', 'transaction', d.id::text,
            jsonb_build_object('userId', d.user_id, 'actor', 'chain-watcher', 'txid', c.txid, 'fromAddress', c.from_address,
                               'usdtMicro', c.amount_micro::text, 'blockTime', c.block_time,
                               'senderDiffers', d.from_address IS NOT NULL AND d.from_address <> c.from_address,
                               'senderBlacklisted', c.sender_blacklisted,
                               'creditWaits', auto_credit AND d.status = 'pending' AND c.sender_blacklisted IS NULL));
    PERFORM nexapay_notify_change('transactions', d.user_id, d.id);
    matched := matched + 1;
    IF auto_credit AND d.status = 'pending' AND nexapay_credit_from_chain(d, c) THEN
      credited := credited + 1;
    END IF;
  END LOOP;
  IF auto_credit THEN
    FOR d IN
      SELECT t.* FROM transactions t JOIN chain_transfers ct ON ct.id = t.chain_transfer_id
      WHERE t.type = 'deposit' AND t.status = 'pending' AND ct.sender_blacklisted = false AND t.pay_micro = ct.amount_micro
        AND ct.first_seen_at > now() - interval '24 hours'
        AND EXISTS (SELECT 1 FROM audit_log a WHERE a.target_type = 'transaction' AND a.target_id = t.id::text
                      AND a.action = 'transaction.chain_matched' AND a.details->>'creditWaits' = 'true')
      ORDER BY t.created_at, t.id
    LOOP
      SELECT * INTO c FROM chain_transfers WHERE id = d.chain_transfer_id;
      IF nexapay_credit_from_chain(d, c) THEN
        credited := credited + 1;
      END IF;
    END LOOP;
  END IF;
  RETURN jsonb_build_object('matched', matched, 'credited', credited);
END $$;
