-- Row-change events leave the changing transaction through a table, not a NOTIFY of their own
-- (docs/decisions/029-change-events-relayed.md).
--
-- Why: PostgreSQL serialises the commits of notifying transactions. Before a transaction that called
-- pg_notify commits, it takes one lock for the whole cluster and keeps it until its commit record is
-- flushed to disk, so such transactions commit one at a time and never share a flush. Every money
-- action notified: eight approvals in parallel waited on that lock most of the time (bench/api).
--
-- Now a change writes its event into change_events, in its own transaction: the event exists if and
-- only if the change committed, as before. The server's relay (src/server/realtime/change-relay.ts)
-- then calls nexapay_relay_change_events, which deletes a batch of events and sends each as the same
-- NOTIFY as before, in a transaction that moves no money and so does not wait for its flush.
--
-- UNLOGGED (drizzle cannot say so): an event is a hint to refresh a list; losing the few not yet
-- relayed in a database crash costs a refresh, and an unlogged row costs the money transaction no
-- write-ahead log. Its identity sequence is unlogged with it.
CREATE UNLOGGED TABLE "change_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "change_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"change_table" text NOT NULL,
	"user_id" uuid NOT NULL,
	"row_id" uuid NOT NULL
);--> statement-breakpoint

-- The same signature as migration 0006's, so every money function calls this one unchanged. PL/pgSQL,
-- so the INSERT's plan is kept for the connection (migration 0016).
CREATE OR REPLACE FUNCTION nexapay_notify_change(change_table text, user_id uuid, id uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO change_events (change_table, user_id, row_id) VALUES (change_table, user_id, id);
END $$;--> statement-breakpoint

-- Sends up to `batch` waiting events, oldest first, and deletes them; answers how many. Each goes out
-- as a NOTIFY on nexapay_changes with the payload the listeners have always read ({table, userId,
-- id}) plus the event's number, so that PostgreSQL, which drops a transaction's duplicate
-- notifications, still tells two changes of one row as two. SKIP LOCKED: relays of several server
-- processes never send the same event. synchronous_commit is off for this transaction only: it holds
-- the notify lock until its commit is done, and a commit that does not wait for the disk is done at
-- once. What it deletes is not money, and a crash just after it loses at most those hints.
CREATE FUNCTION nexapay_relay_change_events(batch integer) RETURNS integer LANGUAGE plpgsql AS $$
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
