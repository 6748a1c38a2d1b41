-- The money held for a customer's pending withdrawals, kept on their profile (decision 035).
--
-- Why: every withdrawal request, every balance subtraction and every wallet read summed the
-- customer's pending withdrawals again (nexapay_held_poisha and the wallet's statement). The sum
-- reads one index entry, and the row behind it, per pending withdrawal: bench/api's customers pile
-- up hundreds in its window, and the sum took a quarter of a withdrawal's time in the database. Now
-- it is one column of the row those paths read or lock anyway.
--
-- It is kept by a trigger on transactions, not by each money function: whatever writes a
-- withdrawal (a request, an approval, a rejection, a second admin's confirmation, a seed or a test
-- writing rows by hand), the held money follows in the same statement, and so in the same
-- transaction. The trigger is called only for a row that is, or was, a pending withdrawal.
-- `npm run ledger:check` compares the column with the sum for every customer.
CREATE OR REPLACE FUNCTION nexapay_keep_held_money() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.type = 'withdraw' AND OLD.status = 'pending' THEN
    UPDATE profiles SET held_minor = held_minor - OLD.amount_minor WHERE id = OLD.user_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.type = 'withdraw' AND NEW.status = 'pending' THEN
    UPDATE profiles SET held_minor = held_minor + NEW.amount_minor WHERE id = NEW.user_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER transactions_held_money_on_insert AFTER INSERT ON transactions
  FOR EACH ROW WHEN (NEW.type = 'withdraw' AND NEW.status = 'pending')
  EXECUTE FUNCTION nexapay_keep_held_money();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER transactions_held_money_on_update AFTER UPDATE OF type, status, amount_minor, user_id ON transactions
  FOR EACH ROW WHEN ((OLD.type = 'withdraw' AND OLD.status = 'pending') OR (NEW.type = 'withdraw' AND NEW.status = 'pending'))
  EXECUTE FUNCTION nexapay_keep_held_money();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER transactions_held_money_on_delete AFTER DELETE ON transactions
  FOR EACH ROW WHEN (OLD.type = 'withdraw' AND OLD.status = 'pending')
  EXECUTE FUNCTION nexapay_keep_held_money();
