-- A row-change event, delivered by PostgreSQL only if the transaction commits (realtime/notify.ts).
--
-- The same signature as migration 0006's, so every money function calls this one unchanged. PL/pgSQL,
-- so the INSERT's plan is kept for the connection (migration 0016).
CREATE OR REPLACE FUNCTION nexapay_notify_change(change_table text, user_id uuid, id uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO change_events (change_table, user_id, row_id) VALUES (change_table, user_id, id);
END $$;
