-- What the admin users search matches (e-mail, username, full name), kept in one column.
CREATE OR REPLACE FUNCTION profiles_set_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := lower(concat_ws(' ', NEW.username, (SELECT u.email FROM "user" u WHERE u.id = NEW.id), NEW.full_name));
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER profiles_search_text BEFORE INSERT OR UPDATE OF username, full_name ON profiles
  FOR EACH ROW EXECUTE FUNCTION profiles_set_search_text();
