-- ledger_entries and audit_log are insert-only (docs/architecture.md, Money rules): a row, once
-- written, is the record of what happened. A mistake is corrected by a new row (a reversing
-- transaction, a new audit entry), never by changing or removing an old one. These triggers make
-- the database refuse UPDATE, DELETE and TRUNCATE on both tables, whoever sends them, with the
-- SQLSTATE NX001 (ours; no standard condition uses the class NX) so that the refusal can be told
-- apart from any other error. Written by hand: drizzle-kit cannot express triggers.
CREATE OR REPLACE FUNCTION refuse_append_only_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % is refused', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'NX001',
          HINT = 'Correct a mistake with a new row, never by changing or removing an old one.';
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION refuse_append_only_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_append_only_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION refuse_append_only_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_append_only_change();
