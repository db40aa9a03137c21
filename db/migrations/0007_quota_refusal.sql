-- Raised inside the single statement that records a score when a NEW story finds the monthly quota used up:
-- the exception aborts the whole statement, so the story insert it made is undone with it.
CREATE OR REPLACE FUNCTION ssc_refuse_new_story() RETURNS integer LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ssc_quota_exhausted: the monthly quota of new stories is used up' USING ERRCODE = 'P0001';
END
$$;
