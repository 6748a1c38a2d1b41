-- The transfer that arrived for a deposit whose chain state is amount_differs: the one an admin
-- assigned to it, else the one its TXID names (nexapay_differing_transfer).
CREATE OR REPLACE FUNCTION nexapay_arrived_transfer(t transactions) RETURNS chain_transfers LANGUAGE plpgsql STABLE AS $$
DECLARE
  c chain_transfers;
BEGIN
  SELECT * INTO c FROM chain_transfers WHERE id = coalesce(t.chain_transfer_id, nexapay_differing_transfer(t));
  RETURN c;
END $$;
