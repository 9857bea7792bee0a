-- An entry without an end is the person's running timer whatever wrote it: timers started before
-- presses were kept are marked as the timer's, so the next press stops or switches them instead of
-- finding them in its way.
UPDATE time_entries SET timer = true WHERE ended_at IS NULL AND NOT timer;
