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
);
