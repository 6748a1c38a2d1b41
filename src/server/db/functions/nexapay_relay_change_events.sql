-- Sends up to `batch` waiting events, oldest first, and deletes them; answers how many. Each goes out
-- as a NOTIFY on nexapay_changes with the payload the listeners have always read ({table, userId,
-- id}) plus the event's number, so that PostgreSQL, which drops a transaction's duplicate
-- notifications, still tells two changes of one row as two. SKIP LOCKED: relays of several server
-- processes never send the same event. synchronous_commit is off for this transaction only: it holds
-- the notify lock until its commit is done, and a commit that does not wait for the disk is done at
-- once. What it deletes is not money, and a crash just after it loses at most those hints.
CREATE OR REPLACE FUNCTION nexapay_relay_change_events(batch integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  relayed integer;
BEGIN
  PERFORM set_config('synchronous_commit', 'off', true);
  WITH taken AS (
    DELETE FROM change_events
    WHERE id = ANY (ARRAY(SELECT e.id FROM change_events e ORDER BY e.id LIMIT batch FOR UPDATE SKIP LOCKED))
    RETURNING change_events.id, change_events.change_table, change_events.user_id, change_events.row_id
  ), told AS (
    SELECT pg_notify('nexapay_changes', json_build_object('table', taken.change_table, 'userId', taken.user_id,
                                                          'id', taken.row_id, 'event', taken.id)::text)
    FROM taken ORDER BY taken.id
  )
  SELECT count(*) INTO relayed FROM told;
  RETURN relayed;
END $$;
