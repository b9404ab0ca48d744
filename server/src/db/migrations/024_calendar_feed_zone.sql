-- The zone a calendar feed writes its repeating timed items in (issue 35, item 4): the app moves such an
-- item to the same wall-clock time in the user's zone, so the feed writes them there (DTSTART;TZID= with a
-- VTIMEZONE) rather than in UTC, where a change of the clocks would move them by an hour. Sent by the
-- device that makes the link; null for a link made before, whose items stay in UTC.
ALTER TABLE private.calendar_feeds ADD COLUMN time_zone text CHECK (length(time_zone) BETWEEN 1 AND 64);
