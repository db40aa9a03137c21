-- Jira numbers its issues per site, so a tracker sync's billing identity for a Jira issue is now its site and
-- its id (`acme.atlassian.net:10001`, lib/trackers/jira.ts `jiraSite`) instead of the bare id, which issue 10001
-- of a second site shared. This moves the identities recorded before: each Jira issue a sync recorded
-- (tracker_issues, kept after its connection is deleted) has a bare numeric identity and its link,
-- `<base URL>/browse/<key>`, whose base URL without the scheme is the site. Its story, its dashboard ticket and
-- its tracker record move together, so the next sync finds them and bills nothing again. GitHub's and Linear's
-- ids are unique across sites already, and the asynchronous API's identities (`{cloudId}:{key}`) are not
-- touched. Two sites' issues that already shared one story stay one story, under the site that last synced it.
WITH moved AS (
  SELECT customer_id, story_identity AS old_identity,
    regexp_replace(url, '^[a-zA-Z][a-zA-Z0-9+.-]*://(.*)/browse/[^/]*$', '\1') || ':' || story_identity AS new_identity
  FROM tracker_issues
  WHERE story_identity ~ '^[0-9]+$' AND url ~ '^[a-zA-Z][a-zA-Z0-9+.-]*://.+/browse/[^/]*$'
),
moved_stories AS (
  UPDATE stories s SET story_identity = m.new_identity
  FROM moved m WHERE s.customer_id = m.customer_id AND s.story_identity = m.old_identity
  RETURNING s.id
),
moved_tickets AS (
  UPDATE tickets t SET story_identity = m.new_identity
  FROM moved m WHERE t.customer_id = m.customer_id AND t.story_identity = m.old_identity
  RETURNING t.id
)
UPDATE tracker_issues ti SET story_identity = m.new_identity
FROM moved m WHERE ti.customer_id = m.customer_id AND ti.story_identity = m.old_identity;
