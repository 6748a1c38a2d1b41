-- What the admin transactions search matches as text (user, e-mail, method; an amount is
-- matched on amount_minor). Customers cannot change their e-mail or username, and a transaction's
-- method never changes, so the text is written once, with the transaction.
--
-- The admin transactions search also finds a withdrawal by its payout reference. An update that
-- changes none of the searched columns keeps its text: every approval now names payout_reference in
-- its SET list, and re-reading the user's name and e-mail for each one would be wasted work.
CREATE OR REPLACE FUNCTION transactions_set_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.user_id = OLD.user_id AND NEW.reference IS NOT DISTINCT FROM OLD.reference
     AND NEW.payout_reference IS NOT DISTINCT FROM OLD.payout_reference THEN
    RETURN NEW;
  END IF;
  NEW.search_text := lower(concat_ws(' ',
    (SELECT p.username FROM profiles p WHERE p.id = NEW.user_id),
    (SELECT u.email FROM "user" u WHERE u.id = NEW.user_id),
    NEW.reference,
    NEW.payout_reference));
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER transactions_search_text BEFORE INSERT OR UPDATE OF user_id, reference, payout_reference ON transactions
  FOR EACH ROW EXECUTE FUNCTION transactions_set_search_text();
