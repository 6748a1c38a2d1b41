-- Why a decision on a second approval changed nothing: an unknown id; the customer is the acting
-- admin (decision 013); the requesting admin confirming their own request; else already decided.
--
-- Why a confirmation changed nothing (migration 0011), now also: the confirming admin was appointed
-- by the requester (NX433), or appointed less than cooldown_hours ago (NX432, DETAIL = when it ends).
CREATE OR REPLACE FUNCTION nexapay_refuse_second_approval(request_id uuid, admin_id uuid, confirming boolean, cooldown_hours integer)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  r second_approvals;
  latest timestamptz;
BEGIN
  SELECT * INTO r FROM second_approvals WHERE id = request_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'second approval not found' USING ERRCODE = 'NX404';
  ELSIF r.user_id = admin_id THEN
    RAISE EXCEPTION 'the admin''s own account' USING ERRCODE = 'NX403';
  ELSIF confirming AND r.requested_by = admin_id THEN
    RAISE EXCEPTION 'the admin''s own request' USING ERRCODE = 'NX405';
  ELSIF confirming AND r.status = 'awaiting' THEN
    IF EXISTS (SELECT 1 FROM admin_appointments p WHERE p.admin_id = nexapay_refuse_second_approval.admin_id AND p.appointed_by = r.requested_by) THEN
      RAISE EXCEPTION 'appointed by the requester' USING ERRCODE = 'NX433';
    END IF;
    SELECT max(p.appointed_at) INTO latest FROM admin_appointments p WHERE p.admin_id = nexapay_refuse_second_approval.admin_id;
    IF latest > now() - make_interval(hours => cooldown_hours) THEN
      RAISE EXCEPTION 'a new admin' USING ERRCODE = 'NX432', DETAIL = (latest + make_interval(hours => cooldown_hours))::text;
    END IF;
  END IF;
  RAISE EXCEPTION 'already decided' USING ERRCODE = 'NX409';
END $$;
